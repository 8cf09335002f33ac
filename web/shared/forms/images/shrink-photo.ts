import { photoLongestSide } from '../../../../shared/forms/uploads';

/**
 * Photos made light enough for a weak mobile line, in the browser: decoded by
 * an image element (off the main thread, upright from their EXIF orientation,
 * and as forgiving of a damaged file as the browser is when it shows one),
 * drawn smaller on a canvas and encoded again. No library and no worker to
 * download first: the code is part of the form.
 */

/** What an order's photo may weigh at most: about 5 s on a 400 kbit/s line. */
export const shrunkPhotoBytes = 250_000;

/**
 * WebP quality of an order's photo. Measured on a 12 MP phone photo of a
 * nameplate in grass (tests/support/photos.ts): 0.8 weighs 215 KB, 0.6 weighs
 * 125 KB and keeps 14 px print sharp, 0.4 weighs 82 KB; 0.6 halves the
 * upload with room to spare for finer print.
 */
export const orderPhotoQuality = 0.6;

/** Types the browser can shrink; others (GIF) go as they are. */
export const shrinkableTypes = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** A photo at most 1600 px on its longest side, in its own type (the staff's pictures); as it is when that is lighter. */
export function shrinkPhoto(file: File): Promise<File> {
  return shrink(file, { type: file.type, quality: 0.8 });
}

/**
 * A photo for an order: at most 1600 px and 250 KB, as WebP where the browser
 * encodes it (JPEG otherwise). A photo still too heavy at that quality (dense
 * texture) is encoded a little lower first, small print being worth more than
 * grass, then also a little smaller.
 */
export function shrinkOrderPhoto(file: File): Promise<File> {
  return shrink(file, { type: encodedPhotoType(), quality: orderPhotoQuality, maxBytes: shrunkPhotoBytes });
}

async function shrink(file: File, target: { type: string; quality: number; maxBytes?: number }): Promise<File> {
  if (!shrinkableTypes.has(file.type)) return file;
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    let scale = Math.min(1, photoLongestSide / Math.max(image.naturalWidth, image.naturalHeight));
    let quality = target.quality;
    let shrunk = await encode(image, scale, target.type, quality);
    for (let tries = 0; target.maxBytes && shrunk.size > target.maxBytes && tries < 8; tries++) {
      if (quality > target.quality - 0.2) quality -= 0.1;
      else scale *= 0.85;
      shrunk = await encode(image, scale, target.type, quality);
    }
    return keptSmaller(file, shrunk);
  } finally {
    URL.revokeObjectURL(url);
  }
}

async function encode(image: HTMLImageElement, scale: number, type: string, quality: number): Promise<Blob> {
  const width = Math.max(1, Math.round(image.naturalWidth * scale));
  const height = Math.max(1, Math.round(image.naturalHeight * scale));
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d')!;
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, type, quality));
  // Free the canvas's memory at once: a phone has little of it.
  canvas.width = canvas.height = 0;
  if (!blob) throw new Error('The photo could not be encoded');
  return blob;
}

/** The shrunk photo, named by its type; the original when it was already lighter (a small photo may encode heavier). */
function keptSmaller(file: File, shrunk: Blob): File {
  if (shrunk.size >= file.size) return file;
  const extension = { 'image/webp': '.webp', 'image/jpeg': '.jpg', 'image/png': '.png' }[shrunk.type];
  const name = shrunk.type === file.type || !extension ? file.name : file.name.replace(/(\.[^.]*)?$/, extension);
  return new File([shrunk], name, { type: shrunk.type });
}

let photoType: 'image/webp' | 'image/jpeg' | undefined;

/** WebP where this browser encodes it (a canvas asked for another type answers PNG), else JPEG. */
function encodedPhotoType() {
  if (!photoType) {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    photoType = canvas.toDataURL('image/webp').startsWith('data:image/webp') ? 'image/webp' : 'image/jpeg';
  }
  return photoType;
}
