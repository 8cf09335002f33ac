import type { FormData, FormSchema } from '../../../../shared/forms/form-schema';
import { imageFields } from '../../../../shared/forms/uploads';
import type { Language } from '../../../../shared/languages';
import { isPicked, sendPhoto, uploadedUrl } from './picked-images';

/** True when some photo in the data still has to be uploaded. */
export function hasPendingImages(schema: FormSchema, data: FormData): boolean {
  return imageFields(schema).some(({ name }) => asList(data[name]).some((url) => isPicked(url) && !uploadedUrl(url)));
}

/**
 * Finishes every picked photo's upload (most left when they were picked),
 * then returns the data with the uploads' URLs in place; the API checks them
 * and keeps copies when the order is sent.
 */
export async function uploadPickedImages(formId: string, schema: FormSchema, data: FormData, language: Language): Promise<FormData> {
  const withUrls: FormData = { ...data };
  await Promise.all(
    imageFields(schema).map(async ({ name }) => {
      if (data[name] === undefined) return;
      withUrls[name] = await Promise.all(
        asList(data[name]).map((url) => (isPicked(url) ? sendPhoto(url, { formId, field: name, language }) : url)),
      );
    }),
  );
  return withUrls;
}

export function asList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
