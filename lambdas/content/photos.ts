import sharp from 'sharp';
import type { CatalogueImage } from '../../shared/catalogue/types';
import { chosenPictures, publishedPhotosDir, publishedPhotoUrl, type ContentOverrides, type Entry, type EntryChanges, type ListOverrides, type PhotoChoice } from '../../shared/content/model';
import type { ReadPicture } from './pictures';
import { bytesDigest, type MadePhoto } from './site-manifest';

/**
 * The library pictures staff chose for catalogue entries, made into the
 * files the build makes of its own photos (scripts/build-photos.ts): AVIF
 * and WebP, 1280 and 640 pixels wide, under images/media/. The content the
 * pages render then names them as the entries' `image`, with their size, so
 * a picture takes its place without moving the page. A picture already made
 * (`madeBefore`, from the live site) is not made again when its original's
 * bytes are the same: its files are the live site's.
 */

const largeWidth = 1280;
const smallWidth = 640;
const webpQuality = 78;
const avifQuality = 55;
/** Part of each photo's key: other formats, other files. */
const formats = JSON.stringify({ widths: [largeWidth, smallWidth], webpQuality, avifQuality });

export interface PublishedContent {
  /** The content with each `photo` choice turned into an `image`. */
  overrides: ContentOverrides;
  /** The picture files made now, by their path in the site: complete once `filesMade` resolves. */
  files: Map<string, Buffer>;
  /** Resolves once every file is made: the AVIF ones, the slowest, are made in the background (while pages render). */
  filesMade: Promise<unknown>;
  /** Every photo of the content, made now or before, by library picture (a picture gone from the library has none). */
  photos: Record<string, MadePhoto>;
}

/** `onPicture(done, total)` is told (and awaited) after each picture is made or found made. */
export async function withPublishedPhotos(
  overrides: ContentOverrides,
  readPicture: ReadPicture,
  onPicture?: (done: number, total: number) => unknown,
  madeBefore: Record<string, MadePhoto> = {},
): Promise<PublishedContent> {
  const files = new Map<string, Buffer>();
  const background: Promise<unknown>[] = [];
  const photos: Record<string, MadePhoto> = {};
  const images = new Map<string, Promise<CatalogueImage | undefined>>();
  const total = chosenPictures(overrides).size;
  let done = 0;
  const imageOf = async ({ mediaId }: PhotoChoice): Promise<CatalogueImage | undefined> => {
    if (!images.has(mediaId)) {
      images.set(
        mediaId,
        makePhoto(mediaId, readPicture, { files, background }, madeBefore[mediaId]).then(async (photo) => {
          if (photo) photos[mediaId] = photo;
          await onPicture?.(++done, total);
          return photo?.image;
        }),
      );
    }
    return images.get(mediaId);
  };
  const withImage = async <T extends EntryChanges>(fields: T): Promise<T> => {
    if (!Object.hasOwn(fields, 'photo')) return fields;
    const { photo, ...rest } = fields;
    const image = photo === null ? undefined : await imageOf(photo as PhotoChoice);
    // null removes the entry's photo, the build's included; a picture gone from the library likewise.
    return { ...rest, image: image ?? null } as unknown as T;
  };
  if (!overrides.catalogue) return { overrides, files, filesMade: Promise.resolve(), photos };

  const catalogue: Record<string, ListOverrides> = {};
  for (const [path, list] of Object.entries(overrides.catalogue)) {
    const changed = list.changed && Object.fromEntries(await Promise.all(Object.entries(list.changed).map(async ([id, fields]) => [id, await withImage(fields)] as const)));
    const added = list.added && (await Promise.all(list.added.map((entry) => withImage(entry) as Promise<Entry>)));
    catalogue[path] = { ...list, ...(changed && { changed }), ...(added && { added }) };
  }
  const filesMade = Promise.all(background);
  // Awaited by the caller later; a failure meanwhile is not an unhandled rejection.
  filesMade.catch(() => undefined);
  return { overrides: { ...overrides, catalogue }, files, filesMade, photos };
}

/**
 * The picture's files, made into `files` unless `before` was made from the
 * same bytes; the WebP ones (which give its size) at once, the AVIF ones in
 * `background`.
 */
async function makePhoto(
  mediaId: string,
  readPicture: ReadPicture,
  { files, background }: { files: Map<string, Buffer>; background: Promise<unknown>[] },
  before: MadePhoto | undefined,
): Promise<MadePhoto | undefined> {
  const bytes = await readPicture(mediaId);
  if (!bytes) return undefined;
  const key = bytesDigest(Buffer.concat([Buffer.from(formats), bytes]));
  if (before?.key === key) return before;
  const source = sharp(bytes).rotate();
  const made: string[] = [];
  let size: { width: number; height: number } | undefined;
  for (const width of [largeWidth, smallWidth]) {
    const resized = source.clone().resize({ width, withoutEnlargement: true });
    const suffix = width === largeWidth ? '' : `-${width}`;
    const [webpFile, avifFile] = [`${publishedPhotosDir}/${mediaId}${suffix}.webp`, `${publishedPhotosDir}/${mediaId}${suffix}.avif`];
    background.push(resized.clone().avif({ quality: avifQuality }).toBuffer().then((avif) => files.set(avifFile, avif)));
    const webp = await resized.clone().webp({ quality: webpQuality }).toBuffer({ resolveWithObject: true });
    files.set(webpFile, webp.data);
    made.push(webpFile, avifFile);
    size ??= { width: webp.info.width, height: webp.info.height };
  }
  return size && { key, image: { src: publishedPhotoUrl(mediaId), ...size }, files: made };
}
