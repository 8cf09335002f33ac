import type { FormData } from '../../shared/forms/form-schema';
import { imageFields, uploadText, type UploadLimits } from '../../shared/forms/uploads';
import type { Language } from '../../shared/languages';
import type { UploadsBucket } from '../lib/uploads-bucket';
import type { FieldError, LoadedForm } from './form-registry';
import { isUploadKeyOf } from './upload-keys';

interface Dependencies {
  bucket: Pick<UploadsBucket, 'head'>;
  /** UPLOADS_PUBLIC_URL: a photo's URL is this followed by its object key. */
  publicUrl: string;
}

/**
 * Checks the photo URLs of a validated submission: each must be a photo
 * uploaded for this form, still stored, of an accepted type and size. The
 * schema only knows they are URLs, and the local S3 stand-in checks nothing
 * at upload, so this is what holds the limits. One error per failing field.
 */
export function createImageVerifier({ bucket, publicUrl }: Dependencies) {
  const isAcceptable = async (formId: string, url: string, limits: UploadLimits): Promise<boolean> => {
    if (!url.startsWith(publicUrl)) return false;
    const key = url.slice(publicUrl.length);
    if (!isUploadKeyOf(formId, key)) return false;
    const object = await bucket.head(key);
    if (!object || object.contentLength === undefined) return false;
    return limits.accept.includes(mediaType(object.contentType)) && object.contentLength <= limits.maxBytes;
  };

  return async (form: LoadedForm, data: FormData, language: Language): Promise<FieldError[]> => {
    const fieldChecks = imageFields(form.schema).map(async (field) => {
      const urls = asList(data[field.name]);
      const accepted = await Promise.all(urls.map((url) => isAcceptable(form.id, url, field)));
      return accepted.every(Boolean)
        ? []
        : [{ field: field.name, keyword: 'image', message: uploadText.imageRejected[language] }];
    });
    return (await Promise.all(fieldChecks)).flat();
  };
}

/** "image/jpeg; charset=…" → "image/jpeg". */
function mediaType(contentType: string | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

function asList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
