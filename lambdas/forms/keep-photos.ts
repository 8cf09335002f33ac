import type { FormData } from '../../shared/forms/form-schema';
import { imageFields, uploadText, type ImageField } from '../../shared/forms/uploads';
import type { Language } from '../../shared/languages';
import type { UploadsBucket } from '../lib/uploads-bucket';
import type { FieldError, LoadedForm } from './form-registry';
import { imageTypeOf } from '../../shared/forms/image-type';
import { remakePhoto } from './remake-photo';
import type { UploadBindings } from './upload-bindings';
import { isUploadKeyOf, photoKey } from './upload-keys';

interface Dependencies {
  bucket: Pick<UploadsBucket, 'readStart' | 'put'>;
  /** UPLOADS_PUBLIC_URL: the object with key K is at `${publicUrl}${K}`. */
  publicUrl: string;
  /** Whether a submission is already stored under this order id. */
  isStored(orderId: string): Promise<boolean>;
  /** Which submission each upload belongs to. */
  bindings: UploadBindings;
}

/** Why a submission's photos are refused, as the answer's code (its text: `uploadText`). */
export type PhotoRefusal = 'imageRejected' | 'imageInOtherOrder';

export type KeptPhotos = { ok: true; data: FormData } | { ok: false; reason: PhotoRefusal; errors: FieldError[] };

/** A kept photo never changes under its key, so browsers and CloudFront may keep it. */
export const keptPhotoCacheControl = 'public, max-age=31536000, immutable';

interface NamedPhoto {
  field: ImageField;
  /** From 1, within its field. */
  position: number;
  url: string;
}

interface RemadePhoto {
  /** The upload's object key. */
  upload: string;
  /** As the upload's first bytes show; the photo is made again in it. */
  type: string;
  bytes: Uint8Array;
}

/**
 * The photo step of a submission (docs/decisions/0007-photo-uploads.md).
 * Each photo URL must name an upload of this form whose object is a real
 * JPEG, PNG, GIF or WebP (by its first bytes, then decoded whole) of a type
 * and size the field accepts, and that no other submission named before.
 * Only when all are, each is made again from its pixels (./remake-photo.ts)
 * and stored under a key of the order that no upload URL can write. The
 * answer is the data naming the kept photos, or one error per field with a
 * refused photo. A bucket or table failure throws.
 */
export function createPhotoKeeper({ bucket, publicUrl, isStored, bindings }: Dependencies) {
  const remake = async (formId: string, { url, field }: NamedPhoto): Promise<RemadePhoto | undefined> => {
    const upload = url.startsWith(publicUrl) ? url.slice(publicUrl.length) : '';
    if (!isUploadKeyOf(formId, upload)) return undefined;
    // One byte more than the field takes: the whole object when it is within the limit.
    const object = await bucket.readStart(upload, field.maxBytes + 1);
    const type = object && imageTypeOf(object.bytes);
    if (!object || !type || !field.accept.includes(type)) return undefined;
    if (object.size <= 0 || object.size > field.maxBytes) return undefined;
    const bytes = await remakePhoto(object.bytes, type);
    return bytes && { upload, type, bytes };
  };

  /** The kept photo's URL. */
  const keep = async (orderId: string, photo: NamedPhoto, { type, bytes }: RemadePhoto): Promise<string> => {
    const key = photoKey(orderId, photo.field.name, photo.position, type);
    await bucket.put(key, bytes, { contentType: type, cacheControl: keptPhotoCacheControl });
    return `${publicUrl}${key}`;
  };

  return async (form: LoadedForm, data: FormData, orderId: string, language: Language): Promise<KeptPhotos> => {
    const photos = imageFields(form.schema).flatMap((field) =>
      asList(data[field.name]).map((url, i) => ({ field, position: i + 1, url })),
    );
    // A retry of a stored submission is answered from the stored order: what it kept stays as it is.
    if (photos.length === 0 || (await isStored(orderId))) return { ok: true, data };

    const refused = (reason: PhotoRefusal, failed: NamedPhoto[]): KeptPhotos => {
      const fields = [...new Set(failed.map((photo) => photo.field.name))];
      return { ok: false, reason, errors: fields.map((field) => ({ field, keyword: 'image', message: uploadText[reason][language] })) };
    };
    // Every upload is read and made again before any is bound or kept, so a refused submission writes nothing.
    const remade = await Promise.all(photos.map((photo) => remake(form.id, photo)));
    if (remade.some((photo) => !photo)) return refused('imageRejected', photos.filter((_, i) => !remade[i]));
    const taken = await bindings.bind(
      remade.map((photo) => photo!.upload),
      orderId,
    );
    if (taken.length > 0) return refused('imageInOtherOrder', photos.filter((_, i) => taken.includes(remade[i]!.upload)));

    const kept = await Promise.all(photos.map((photo, i) => keep(orderId, photo, remade[i]!)));
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
