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

/** What a shrunk photo may weigh at most: a few seconds each on a weak mobile connection. */
export const shrunkPhotoBytes = 250_000;

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
      const files = await Promise.all(pending.map((url) => shrinkOrderPhoto(pickedFile(url)!)));
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
export function shrinkPhoto(file: File): Promise<File> {
  return shrink(file, { type: file.type });
}

/**
 * A photo for an order: also at most 250 KB, as WebP where the browser can
 * encode it (JPEG otherwise), for farmers sending from the field.
 */
export function shrinkOrderPhoto(file: File): Promise<File> {
  return shrink(file, { type: encodedPhotoType(), maxBytes: shrunkPhotoBytes });
}

async function shrink(file: File, target: { type: string; maxBytes?: number }): Promise<File> {
  if (!shrinkableTypes.has(file.type)) return file;
  const [{ default: imageCompression }, { default: workerScript }] = await Promise.all([
    import('browser-image-compression'),
    import('browser-image-compression/dist/browser-image-compression.js?url'),
  ]);
  const options = {
    maxWidthOrHeight: longestSide,
    fileType: target.type,
    initialQuality: 0.8,
    useWebWorker: true,
    // The worker loads the library from this site, not from a CDN.
    libURL: new URL(workerScript, window.location.href).href,
  };
  const { maxBytes } = target;
  if (!maxBytes) return keptSmaller(file, await imageCompression(file, options), target.type);
  // Over the weight, first a lower quality at full size (each try takes 5 % off, down to about 0.6): small print stays
  // legible. Only a photo still too heavy then (dense texture) also loses 5 % of its sides per try.
  const maxSizeMB = maxBytes / (1024 * 1024);
  let shrunk = await imageCompression(file, { ...options, maxSizeMB, alwaysKeepResolution: true, maxIteration: 6 });
  if (shrunk.size > maxBytes) shrunk = await imageCompression(file, { ...options, maxSizeMB, maxIteration: 20 });
  return keptSmaller(file, shrunk, target.type);
}

/** The shrunk photo, named by its type; the original when it was already smaller (a small photo may re-encode larger). */
function keptSmaller(file: File, shrunk: File, asked: string): File {
  if (shrunk.size >= file.size) return file;
  const type = shrunk.type || asked;
  const extension = { 'image/webp': '.webp', 'image/jpeg': '.jpg', 'image/png': '.png' }[type];
  const name = type === file.type || !extension ? file.name : file.name.replace(/(\.[^.]*)?$/, extension);
  return new File([shrunk], name, { type });
}

let photoType: 'image/webp' | 'image/jpeg' | undefined;

/** WebP where this browser encodes it (a canvas asked for another type answers PNG), else JPEG. */
function encodedPhotoType() {
  if (!photoType) {
    const canvas = document.createElement('canvas');
    canvas.width = canvas.height = 1;
    photoType = canvas.toDataURL('image/webp').startsWith('data:image/webp') ? 'image/webp' : 'image/jpeg';
  }
  return photoType;
}

/** Each URL takes exactly the file's type and size (S3 refuses anything else): the files must be the shrunk ones. */
export async function presign(formId: string, field: string, files: File[], language: Language): Promise<PresignedUpload[]> {
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
    // A connection that drops can leave the upload hanging without an error: the phone going offline ends it.
    const abortWhenOffline = () => request.abort();
    window.addEventListener('offline', abortWhenOffline, { once: true });
    request.onabort = () => reject(new UploadError(uploadText.networkError));
    request.onloadend = () => window.removeEventListener('offline', abortWhenOffline);
    request.send(file);
  });
}

function asList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
