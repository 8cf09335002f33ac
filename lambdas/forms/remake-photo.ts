import type { Sharp } from 'sharp';
import { photoLongestSide } from '../../shared/forms/uploads';

/**
 * An order's photo made again from the upload's pixels, in the upload's own
 * type, so that the kept copy holds image data and nothing else
 * (docs/decisions/0007-photo-uploads.md): bytes after the image or inside it
 * (a page or an archive glued to a real JPEG, comments), the EXIF of the
 * phone (its position, its serial number) and every other piece of metadata
 * are left behind. The picture is turned upright from its EXIF orientation
 * and kept at most 1600 px on its longest side, the size the site's own
 * browser code sends; a GIF keeps its first frame. With sharp, as the
 * site's publisher makes its pictures (lambdas/content/photos.ts),
 * loaded on the first photo so that orders without one never load it.
 */

/** Above any phone camera's 48 MP: a file claiming more is refused before it is decoded. */
const maxInputPixels = 50_000_000;

const encoders: Readonly<Record<string, (image: Sharp) => Sharp>> = {
  'image/jpeg': (image) => image.jpeg({ quality: 85 }),
  'image/png': (image) => image.png(),
  // Effort 2 of 6: a tenth larger than the default, about twice as fast (a 1600 px photo in a few hundred ms).
  'image/webp': (image) => image.webp({ quality: 80, effort: 2 }),
  'image/gif': (image) => image.gif(),
};

/** The photo made again in `type` (which its bytes were found to be); undefined when they are not a whole image of it. */
export async function remakePhoto(bytes: Uint8Array, type: string): Promise<Uint8Array | undefined> {
  const encode = encoders[type];
  if (!encode) return undefined;
  const { default: sharp } = await import('sharp');
  try {
    // As forgiving of a damaged file as the browser that showed it to the farmer (a truncated PNG,
    // a JPEG cut short): what can be decoded is kept; a file that is no image at all still fails.
    const image = sharp(bytes, { limitInputPixels: maxInputPixels, failOn: 'none' })
      .rotate()
      .resize({ width: photoLongestSide, height: photoLongestSide, fit: 'inside', withoutEnlargement: true });
    return new Uint8Array(await encode(image).toBuffer());
  } catch {
    // Not decodable as an image (a file that only starts like one), or too large to decode.
    return undefined;
  }
}
