import type { FormData } from '../../shared/forms/form-schema';
import { imageFields, uploadText, type ImageField, type UploadLimits } from '../../shared/forms/uploads';
import type { Language } from '../../shared/languages';
import type { UploadsBucket } from '../lib/uploads-bucket';
import type { FieldError, LoadedForm } from './form-registry';
import { imageSignatureLength, imageTypeOf } from './image-type';
import { isUploadKeyOf, photoKey } from './upload-keys';

interface Dependencies {
  bucket: Pick<UploadsBucket, 'readStart' | 'copy' | 'delete'>;
  /** UPLOADS_PUBLIC_URL: the object with key K is at `${publicUrl}${K}`. */
  publicUrl: string;
  /** Whether a submission is already stored under this order id. */
  isStored(orderId: string): Promise<boolean>;
}

export type KeptPhotos = { ok: true; data: FormData } | { ok: false; errors: FieldError[] };

/** A kept photo never changes under its key, so browsers and CloudFront may keep it. */
export const keptPhotoCacheControl = 'public, max-age=31536000, immutable';

interface NamedPhoto {
  field: ImageField;
  /** From 1, within its field. */
  position: number;
  url: string;
}

interface CheckedObject {
  key: string;
  etag: string;
  /** As its first bytes show. */
  type: string;
  size: number;
}

/**
 * The photo step of a submission (docs/decisions/0007-photo-uploads.md).
 * Each photo URL must name an upload of this form whose object is a real
 * JPEG, PNG, GIF or WebP (by its first bytes) of a type and size the field
 * accepts. Only when all are, each is copied, as it was when checked, to a
 * key of the order that no upload URL can write; the copy is checked again,
 * since it is what is kept. The answer is the data naming the copies, or one
 * error per field with a refused photo. A bucket failure throws.
 */
export function createPhotoKeeper({ bucket, publicUrl, isStored }: Dependencies) {
  const checkObject = async (key: string, limits: UploadLimits): Promise<CheckedObject | undefined> => {
    const object = await bucket.readStart(key, imageSignatureLength);
    const type = object && imageTypeOf(object.bytes);
    if (!object || !type || !limits.accept.includes(type)) return undefined;
    if (object.size <= 0 || object.size > limits.maxBytes) return undefined;
    return { key, etag: object.etag, type, size: object.size };
  };

  const checkUpload = (formId: string, { url, field }: NamedPhoto): Promise<CheckedObject | undefined> | undefined => {
    const key = url.startsWith(publicUrl) ? url.slice(publicUrl.length) : '';
    return isUploadKeyOf(formId, key) ? checkObject(key, field) : undefined;
  };

  /** The kept copy's URL; undefined when the upload changed since it was checked. */
  const keep = async (orderId: string, photo: NamedPhoto, upload: CheckedObject): Promise<string | undefined> => {
    const key = photoKey(orderId, photo.field.name, photo.position, upload.type);
    const copied = await bucket.copy(upload, { key, contentType: upload.type, cacheControl: keptPhotoCacheControl });
    if (!copied) return undefined;
    const copy = await checkObject(key, photo.field);
    if (copy?.type === upload.type && copy.size === upload.size) return `${publicUrl}${key}`;
    await bucket.delete(key);
    return undefined;
  };

  return async (form: LoadedForm, data: FormData, orderId: string, language: Language): Promise<KeptPhotos> => {
    const photos = imageFields(form.schema).flatMap((field) =>
      asList(data[field.name]).map((url, i) => ({ field, position: i + 1, url })),
    );
    // A retry of a stored submission is answered from the stored order: what it kept stays as it is.
    if (photos.length === 0 || (await isStored(orderId))) return { ok: true, data };

    const refused = (failed: NamedPhoto[]): KeptPhotos => {
      const fields = [...new Set(failed.map((photo) => photo.field.name))];
      return { ok: false, errors: fields.map((field) => ({ field, keyword: 'image', message: uploadText.imageRejected[language] })) };
    };
    // Every upload is checked before any is copied, so a refused submission leaves no copy behind.
    const uploads = await Promise.all(photos.map((photo) => checkUpload(form.id, photo)));
    if (uploads.some((upload) => !upload)) return refused(photos.filter((_, i) => !uploads[i]));

    const kept = await Promise.all(photos.map((photo, i) => keep(orderId, photo, uploads[i]!)));
    if (kept.some((url) => !url)) return refused(photos.filter((_, i) => !kept[i]));

    const stored: FormData = { ...data };
    for (const field of new Set(photos.map((photo) => photo.field.name))) {
      stored[field] = photos.flatMap((photo, i) => (photo.field.name === field ? [kept[i]!] : []));
    }
    return { ok: true, data: stored };
  };
}

function asList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
