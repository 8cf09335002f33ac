import type { MediaItem, MediaResponse, MediaUploadsRequest, MediaUploadsResponse } from '../../../../shared/admin-api';
import { defaultUpload } from '../../../../shared/forms/uploads';
import type { Language, Localized } from '../../../../shared/languages';
import { fileProblem } from '../../../shared/forms/images/picked-images';
import { putUpload } from '../../../shared/forms/images/put-upload';
import { shrinkPhoto } from '../../../shared/forms/images/shrink-photo';
import { UploadError } from '../../../shared/forms/images/upload-api';
import { AdminApiError, type adminRequest } from '../../api/client';
import { adminText } from '../../texts';

/**
 * Adds pictures to the library the way the order forms send their photos
 * (decision 7): shrunk in the browser, put straight into the bucket with a
 * presigned URL (with progress), then registered with the API, which checks
 * the stored file.
 */

/** The API's limit of one upload request. */
const maxFilesPerUpload = 10;

export type UploadState =
  | { state: 'preparing' }
  | { state: 'uploading'; fraction: number }
  | { state: 'done'; item: MediaItem }
  | { state: 'failed'; message: string };

type Request = <T>(path: string, options?: Parameters<typeof adminRequest>[2]) => Promise<T>;

/** Why a file cannot be added, or undefined. */
export function pictureProblem(file: File): Localized | undefined {
  return fileProblem(file, defaultUpload);
}

/** The most files one drop takes: sent 10 at a time. */
export const maxFilesPerDrop = 200;

/** A photo to send: its file, and the address of its upload when one was granted before (a drop taken up again after a reload). */
export interface PhotoToSend {
  file: File;
  url?: string;
}

interface UploadContext {
  request: Request;
  language: Language;
  /** Told each upload's address once granted, before the file is sent. */
  onGranted?: (index: number, url: string) => Promise<void>;
}

/**
 * Uploads the photos, 10 at a time (one API request each), telling the state
 * of each by its index; never throws. A file that fails does not stop the
 * others: sending the failed ones again sends only them. A photo granted an
 * upload before is first registered at that address: one already in the
 * bucket is not sent twice, and the API takes the same picture once.
 */
export async function uploadPictures(photos: PhotoToSend[], context: UploadContext, report: (index: number, state: UploadState) => void): Promise<void> {
  photos.forEach((_, index) => report(index, { state: 'preparing' }));
  const toSend: number[] = [];
  for (const [index, { file, url }] of photos.entries()) {
    if (url && (await registered(url, file.name, context.request, (state) => report(index, state)))) continue;
    toSend.push(index);
  }
  for (let start = 0; start < toSend.length; start += maxFilesPerUpload) {
    const places = toSend.slice(start, start + maxFilesPerUpload);
    await uploadBatch(
      places.map((place) => photos[place]!.file),
      { ...context, onGranted: context.onGranted && ((index, url) => context.onGranted!(places[index]!, url)) },
      (index, state) => report(places[index]!, state),
    );
  }
}

/** Whether the picture at this upload address is in the library now (it reached the bucket before). */
async function registered(url: string, name: string, request: Request, report: (state: UploadState) => void): Promise<boolean> {
  try {
    const { item } = await request<MediaResponse>('/media', { method: 'POST', body: { url, name } });
    report({ state: 'done', item });
    return true;
  } catch {
    return false; // not uploaded (or no network): sent afresh
  }
}

async function uploadBatch(files: File[], { request, language, onGranted }: UploadContext, report: (index: number, state: UploadState) => void): Promise<void> {
  const failed = (error: unknown): UploadState => ({ state: 'failed', message: failure(error, language) });
  let shrunk: File[];
  let uploads: MediaUploadsResponse['uploads'];
  try {
    shrunk = await Promise.all(files.map(shrinkPhoto));
    const body: MediaUploadsRequest = { files: shrunk.map(({ name, type, size }) => ({ name, type, size })) };
    ({ uploads } = await request<MediaUploadsResponse>('/media/uploads', { method: 'POST', body }));
  } catch (error) {
    return files.forEach((_, index) => report(index, failed(error)));
  }
  await Promise.all(
    uploads.map(async (upload, index) => {
      try {
        report(index, { state: 'uploading', fraction: 0 });
        await onGranted?.(index, upload.publicUrl);
        await putUpload(upload, shrunk[index]!, (fraction) => report(index, { state: 'uploading', fraction }));
        const { item } = await request<MediaResponse>('/media', { method: 'POST', body: { url: upload.publicUrl, name: files[index]!.name } });
        report(index, { state: 'done', item });
      } catch (error) {
        report(index, failed(error));
      }
    }),
  );
}

/** The API's message (already in the staff's language), the upload's own, or "An error occurred". */
function failure(error: unknown, language: Language): string {
  if (error instanceof UploadError) return typeof error.text === 'string' ? error.text : error.text[language];
  return error instanceof AdminApiError ? error.message : adminText.anError[language];
}
