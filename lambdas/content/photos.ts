import sharp from 'sharp';
import type { CatalogueImage } from '../../shared/catalogue/types';
import { chosenPictures, publishedPhotosDir, publishedPhotoUrl, type ContentOverrides, type Entry, type EntryChanges, type ListOverrides, type PhotoChoice } from '../../shared/content/model';
import type { ReadPicture } from './pictures';

/**
 * The library pictures staff chose for catalogue entries, made into the
 * files the build makes of its own photos (scripts/build-photos.ts): AVIF
 * and WebP, 1280 and 640 pixels wide, under images/media/. The content the
 * pages render then names them as the entries' `image`, with their size, so
 * a picture takes its place without moving the page.
 */

const largeWidth = 1280;
const smallWidth = 640;

export interface PublishedContent {
  /** The content with each `photo` choice turned into an `image`. */
  overrides: ContentOverrides;
  /** The picture files, by their path in the site. */
  files: Map<string, Buffer>;
}

/** `onPicture(done, total)` is told (and awaited) after each picture is made. */
export async function withPublishedPhotos(
  overrides: ContentOverrides,
  readPicture: ReadPicture,
  onPicture?: (done: number, total: number) => unknown,
): Promise<PublishedContent> {
  const files = new Map<string, Buffer>();
  const images = new Map<string, CatalogueImage | undefined>();
  const total = chosenPictures(overrides).size;
  const imageOf = async (choice: PhotoChoice): Promise<CatalogueImage | undefined> => {
    if (!images.has(choice.mediaId)) {
      images.set(choice.mediaId, await makeImage(choice.mediaId, readPicture, files));
      await onPicture?.(images.size, total);
    }
    return images.get(choice.mediaId);
  };
  const withImage = async <T extends EntryChanges>(fields: T): Promise<T> => {
    if (!Object.hasOwn(fields, 'photo')) return fields;
    const { photo, ...rest } = fields;
    const image = photo === null ? undefined : await imageOf(photo as PhotoChoice);
    // null removes the entry's photo, the build's included; a picture gone from the library likewise.
    return { ...rest, image: image ?? null } as unknown as T;
  };
  if (!overrides.catalogue) return { overrides, files };

  const catalogue: Record<string, ListOverrides> = {};
  for (const [path, list] of Object.entries(overrides.catalogue)) {
    const changed = list.changed && Object.fromEntries(await Promise.all(Object.entries(list.changed).map(async ([id, fields]) => [id, await withImage(fields)] as const)));
    const added = list.added && (await Promise.all(list.added.map((entry) => withImage(entry) as Promise<Entry>)));
    catalogue[path] = { ...list, ...(changed && { changed }), ...(added && { added }) };
  }
  return { overrides: { ...overrides, catalogue }, files };
}

async function makeImage(mediaId: string, readPicture: ReadPicture, files: Map<string, Buffer>): Promise<CatalogueImage | undefined> {
  const bytes = await readPicture(mediaId);
  if (!bytes) return undefined;
  const source = sharp(bytes).rotate();
  let size: { width: number; height: number } | undefined;
  for (const width of [largeWidth, smallWidth]) {
    const resized = source.clone().resize({ width, withoutEnlargement: true });
    const suffix = width === largeWidth ? '' : `-${width}`;
    const webp = await resized.clone().webp({ quality: 78 }).toBuffer({ resolveWithObject: true });
    const avif = await resized.clone().avif({ quality: 55 }).toBuffer();
    files.set(`${publishedPhotosDir}/${mediaId}${suffix}.webp`, webp.data);
    files.set(`${publishedPhotosDir}/${mediaId}${suffix}.avif`, avif);
    size ??= { width: webp.info.width, height: webp.info.height };
  }
  return size && { src: publishedPhotoUrl(mediaId), ...size };
}
