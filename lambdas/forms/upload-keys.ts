import { randomUUID } from 'node:crypto';

/**
 * Object keys of the uploads bucket:
 * - `uploads/<formId>/<random uuid>.<ext>`: what the browser puts through a
 *   presigned URL. The random part makes the key unguessable; the form id
 *   lets a submission accept only photos uploaded for its own form. These
 *   expire after a day (infra/aws/constructs/uploads.ts).
 * - `photos/<orderId>/<field>-<n>.<ext>`: the photo an order keeps, made
 *   from an upload, which no upload URL can write. Derived from the order,
 *   so a retry of the same submission writes to the same keys.
 * - `media/<mediaId>.<ext>`: the staff's picture library.
 * - `exports/<uuid>.csv`: the staff's CSV exports (short-lived).
 */

/** What the browser uploads; create-upload may write nothing else. */
export const uploadsPrefix = 'uploads/';
/** What orders keep; only submit-form writes there. */
export const photosPrefix = 'photos/';
/** The picture library, served on the site's origin under /media/. */
export const mediaPrefix = 'media/';
/** CSV exports, handed over as presigned links and expired by a lifecycle rule. */
export const exportsPrefix = 'exports/';

/** The image types a photo may have, with their file extensions. */
export const imageExtensions: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** `<random uuid>.<ext>`, as newUploadKey names them. */
const uploadName = new RegExp(
  `^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\\.(?:${Object.values(imageExtensions).join('|')})$`,
);

/** Whether a photo of this type can be stored (it needs a known file extension). */
export function hasImageExtension(type: string): boolean {
  return Object.hasOwn(imageExtensions, type);
}

export function newUploadKey(formId: string, type: string): string {
  return `${uploadsPrefix}${formId}/${randomName(type)}`;
}

/** A new picture of the library: its id and object key. */
export function newMediaKey(type: string): { mediaId: string; key: string } {
  const name = randomName(type);
  return { mediaId: name.split('.')[0]!, key: `${mediaPrefix}${name}` };
}

/** The media id of a library picture's key (as newMediaKey makes them); undefined for any other key. */
export function mediaIdOfKey(key: string): string | undefined {
  if (!key.startsWith(mediaPrefix)) return undefined;
  return uploadName.exec(key.slice(mediaPrefix.length))?.[1];
}

function randomName(type: string): string {
  return `${randomUUID()}.${extensionOf(type)}`;
}

export function isUploadKeyOf(formId: string, key: string): boolean {
  const prefix = `${uploadsPrefix}${formId}/`;
  return key.startsWith(prefix) && uploadName.test(key.slice(prefix.length));
}

/** The key of an order's `position`-th photo (from 1) of a field, once checked to be of `type`. */
export function photoKey(orderId: string, field: string, position: number, type: string): string {
  // Field names are plain identifiers in practice; anything else must not make a key that reads as a path.
  const name = field.replace(/[^A-Za-z0-9_-]/g, '_');
  return `${photosPrefix}${orderId}/${name}-${position}.${extensionOf(type)}`;
}

function extensionOf(type: string): string {
  const extension = imageExtensions[type];
  if (!extension) throw new Error(`no file extension is known for ${type}`);
  return extension;
}
