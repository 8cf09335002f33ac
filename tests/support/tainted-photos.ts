import sharp from 'sharp';

/**
 * Photos that are real images and carry what a kept photo must not: EXIF
 * naming the farm's position, and a web page glued after the image (a
 * polyglot: a JPEG to an image viewer, a page to a browser that sniffs).
 */

export const exifMarker = 'Ferme 36.7538N 3.0588E';
export const gluedPage = '<html><script>alert(document.cookie)</script></html>';

/** A 32×24 JPEG with both. */
export async function taintedJpeg(): Promise<Buffer> {
  const image = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#4a7a3c' } })
    .withExif({ IFD0: { ImageDescription: exifMarker } })
    .jpeg()
    .toBuffer();
  return Buffer.concat([image, Buffer.from(gluedPage)]);
}

/** What the bytes are as an image; throws when they are none. */
export async function imageOf(bytes: Uint8Array) {
  const { format, width, height, exif } = await sharp(bytes).metadata();
  return { format, width, height, exif };
}
