import { randomUUID } from 'node:crypto';

/**
 * Object keys of the visitors' photos: `uploads/<formId>/<random uuid>.<ext>`.
 * The random part makes a photo's URL unguessable; the form id lets a
 * submission accept only photos uploaded for its own form.
 */

/** Every photo's key starts with this; the API may touch nothing else in the bucket. */
export const uploadsPrefix = 'uploads/';

const extensions: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};

/** `<random uuid>.<ext>`, as newUploadKey names them. */
const uploadName = new RegExp(
  `^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.(?:${Object.values(extensions).join('|')})$`,
);

/** Whether a photo of this type can be stored (it needs a known file extension). */
export function hasImageExtension(type: string): boolean {
  return Object.hasOwn(extensions, type);
}

export function newUploadKey(formId: string, type: string): string {
  const extension = extensions[type];
  if (!extension) throw new Error(`no file extension is known for ${type}`);
  return `${uploadsPrefix}${formId}/${randomUUID()}.${extension}`;
}

export function isUploadKeyOf(formId: string, key: string): boolean {
  const prefix = `${uploadsPrefix}${formId}/`;
  return key.startsWith(prefix) && uploadName.test(key.slice(prefix.length));
}
