import type { PresignedUpload, UploadsRequest, UploadsResponse } from '../../../../shared/api';
import { uploadText } from '../../../../shared/forms/uploads';
import type { Language, Localized } from '../../../../shared/languages';

/**
 * The photo upload API as the page and the service worker both call it
 * (docs/decisions/0007-photo-uploads.md): presigned URLs, then each file PUT
 * straight to the bucket. Nothing here needs a window.
 */

export class UploadError extends Error {
  constructor(readonly text: Localized | string) {
    super(typeof text === 'string' ? text : text.en);
    this.name = 'UploadError';
  }
}

/** An upload the API may still check: uploads are deleted after a day (decision 7), so an older one is made again. */
const uploadKeptMs = 12 * 60 * 60 * 1000;

/** Whether an upload made at `uploadedAt` (ms) can still go with an order, or must be made again. */
export function uploadStillKept(uploadedAt: number | undefined): boolean {
  return uploadedAt !== undefined && Date.now() - uploadedAt < uploadKeptMs;
}

/** Each URL takes exactly the file's type and size (S3 refuses anything else): the files must be the shrunk ones. */
export async function presign(formId: string, field: string, files: File[], language: Language): Promise<PresignedUpload[]> {
  let response: Response;
  try {
    response = await fetch('/api/uploads', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'accept-language': language },
      body: JSON.stringify({ formId, field, files: files.map(({ name, type, size }) => ({ name, type, size })) } satisfies UploadsRequest),
    });
  } catch {
    throw new UploadError(uploadText.networkError);
  }
  const body = (await response.json().catch(() => ({}))) as Partial<UploadsResponse> & { error?: string };
  if (!response.ok || !body.uploads) {
    throw new UploadError(body.error ?? uploadText.uploadFailed(response.status, response.statusText));
  }
  return body.uploads;
}

/** A PUT without progress (the service worker has no XMLHttpRequest; the form's own shows progress, ./upload-images.ts). */
export async function putFile(upload: PresignedUpload, file: File): Promise<void> {
  let response: Response;
  try {
    response = await fetch(upload.uploadUrl, { method: 'PUT', headers: upload.headers, body: file });
  } catch {
    throw new UploadError(uploadText.networkError);
  }
  if (!response.ok) throw new UploadError(uploadText.uploadFailed(response.status, response.statusText));
}
