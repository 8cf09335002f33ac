import { randomUUID } from 'node:crypto';

/**
 * Object keys of the uploads bucket: the visitors' photos,
 * `uploads/<formId>/<random uuid>.<ext>`; the staff's picture library,
 * `media/<mediaId>.<ext>`; the staff's CSV exports, `exports/<uuid>.csv`
 * (short-lived). The random part makes a photo's URL unguessable; the form
 * id lets a submission accept only photos uploaded for its own form.
 */

/** Every photo's key starts with this; the public API may touch nothing else in the bucket. */
export const uploadsPrefix = 'uploads/';
/** The picture library, served on the site's origin under /media/. */
export const mediaPrefix = 'media/';
/** CSV exports, handed over as presigned links and expired by a lifecycle rule. */
export const exportsPrefix = 'exports/';

const extensions: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** `<random uuid>.<ext>`, as newUploadKey names them. */
const uploadName = new RegExp(
  `^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\\.(?:${Object.values(extensions).join('|')})$`,
);

/** Whether a photo of this type can be stored (it needs a known file extension). */
export function hasImageExtension(type: string): boolean {
  return Object.hasOwn(extensions, type);
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
  const extension = extensions[type];
  if (!extension) throw new Error(`no file extension is known for ${type}`);
  return `${randomUUID()}.${extension}`;
}

export function isUploadKeyOf(formId: string, key: string): boolean {
  const prefix = `${uploadsPrefix}${formId}/`;
  return key.startsWith(prefix) && uploadName.test(key.slice(prefix.length));
}
