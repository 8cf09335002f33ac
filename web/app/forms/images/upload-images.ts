import type { PresignedUpload } from '../../../../shared/api';
import type { FormData, FormSchema } from '../../../../shared/forms/form-schema';
import { imageFields, uploadText } from '../../../../shared/forms/uploads';
import type { Language, Localized } from '../../../../shared/languages';
import { isPicked, markUploaded, pickedFile, shrinkableTypes, uploadedUrl } from './picked-images';

/** Upload progress per picked photo (its object URL), from 0 to 1. */
export type UploadProgress = Record<string, number>;

export class UploadError extends Error {
  constructor(readonly text: Localized | string) {
    super(typeof text === 'string' ? text : text.en);
    this.name = 'UploadError';
  }
}

/** Photos longer than this on their longest side are scaled down before upload. */
const longestSide = 1600;

/** True when some photo in the data still has to be uploaded. */
export function hasPendingImages(schema: FormSchema, data: FormData): boolean {
  return imageFields(schema).some(({ name }) => asList(data[name]).some((url) => isPicked(url) && !uploadedUrl(url)));
}

/**
 * Shrinks and uploads every picked photo straight to S3 (presigned PUTs, in
 * parallel), then returns the data with the uploads' URLs in place; the API
 * checks them and keeps copies when the order is sent.
 */
export async function uploadPickedImages(
  formId: string,
  schema: FormSchema,
  data: FormData,
  language: Language,
  onProgress: (progress: UploadProgress) => void,
): Promise<FormData> {
  const progress: UploadProgress = {};
  const report = (url: string, fraction: number) => {
    progress[url] = fraction;
    onProgress({ ...progress });
  };

  await Promise.all(
    imageFields(schema).map(async ({ name }) => {
      const pending = asList(data[name]).filter((url) => isPicked(url) && !uploadedUrl(url));
      if (pending.length === 0) return;
      pending.forEach((url) => report(url, 0));
      const files = await Promise.all(pending.map((url) => shrinkPhoto(pickedFile(url)!)));
      const uploads = await presign(formId, name, files, language);
      await Promise.all(
        pending.map(async (url, i) => {
          await putUpload(uploads[i]!, files[i]!, (fraction) => report(url, fraction));
          markUploaded(url, uploads[i]!.publicUrl);
        }),
      );
    }),
  );

  const withUrls: FormData = { ...data };
  for (const { name } of imageFields(schema)) {
    if (data[name] !== undefined) withUrls[name] = asList(data[name]).map((url) => uploadedUrl(url) ?? url);
  }
  return withUrls;
}

/** A photo at most 1600 px on its longest side, shrunk in a worker (a GIF, or a photo it would not make smaller, as it is). */
export async function shrinkPhoto(file: File): Promise<File> {
  if (!shrinkableTypes.has(file.type)) return file;
  const [{ default: imageCompression }, { default: workerScript }] = await Promise.all([
    import('browser-image-compression'),
    import('browser-image-compression/dist/browser-image-compression.js?url'),
  ]);
  const shrunk = await imageCompression(file, {
    maxWidthOrHeight: longestSide,
    initialQuality: 0.8,
    useWebWorker: true,
    // The worker loads the library from this site, not from a CDN.
    libURL: new URL(workerScript, window.location.href).href,
  });
  // Keep the original when it was already smaller (the library may re-encode a small photo larger).
  return shrunk.size < file.size ? new File([shrunk], file.name, { type: shrunk.type }) : file;
}

/** Each URL takes exactly the file's type and size (S3 refuses anything else): the files must be the shrunk ones. */
async function presign(formId: string, field: string, files: File[], language: Language): Promise<PresignedUpload[]> {
  let response: Response;
  try {
    response = await fetch('/api/uploads', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': language },
      body: JSON.stringify({ formId, field, files: files.map(({ name, type, size }) => ({ name, type, size })) }),
    });
  } catch {
    throw new UploadError(uploadText.networkError);
  }
  const body = (await response.json().catch(() => ({}))) as { uploads?: PresignedUpload[]; error?: string };
  if (!response.ok || !body.uploads) {
    throw new UploadError(body.error ?? uploadText.uploadFailed(response.status, response.statusText));
  }
  return body.uploads;
}

/** A PUT with upload progress, which fetch cannot report. */
export function putUpload(upload: PresignedUpload, file: File, onProgress: (fraction: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('PUT', upload.uploadUrl);
    for (const [header, value] of Object.entries(upload.headers)) request.setRequestHeader(header, value);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress(1);
        resolve();
      } else {
        reject(new UploadError(uploadText.uploadFailed(request.status, request.statusText)));
      }
    };
    request.onerror = () => reject(new UploadError(uploadText.networkError));
    request.send(file);
  });
}

function asList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
