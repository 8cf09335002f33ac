import type { Language, Localized } from '../../../../shared/languages';
import { imageSignatureLength, imageTypeOf } from '../../../../shared/forms/image-type';
import { uploadText, type UploadLimits } from '../../../../shared/forms/uploads';
import { putUpload } from './put-upload';
import { shrinkableTypes, shrinkOrderPhoto } from './shrink-photo';
import { presign, uploadStillKept } from './upload-api';

/**
 * Photos the visitor picked on this page. Until the order is sent, the form
 * holds each photo as an object URL (blob:…), so that RJSF validates the
 * count like the API does; the files stay here, keyed by that URL.
 *
 * A photo leaves as soon as it is picked: it is shrunk, then uploaded while
 * the farmer fills in the rest, so that sending the order has little left to
 * do on a weak line. An upload that fails then (no network) is made again
 * when the order is sent.
 */
interface PickedPhoto {
  file: File;
  /** The photo as it will be sent, shrunk once. */
  shrunk?: Promise<File>;
  /** The upload under way, its public URL once done. */
  upload?: Promise<string>;
  uploaded?: { publicUrl: string; at: number };
  /** From 0 to 1 while it uploads. */
  progress?: number;
  /** An upload was tried before the order was sent: the form does not try again by itself. */
  tried?: boolean;
  /** The browser could not read it as a picture (a damaged file whose first bytes are a photo's). */
  unreadable?: boolean;
}

/** Where a photo goes: its form and field, and the language of the API's messages. */
export interface PhotoTarget {
  formId: string;
  field: string;
  language: Language;
}

const photos = new Map<string, PickedPhoto>();

export interface PickResult {
  urls: string[];
  error?: Localized;
}

/**
 * Adds files to a photo field's value, refusing at once what breaks the
 * field's limits or is no photo at all: a file is judged by its first bytes,
 * not by its name (a text file named `plate.jpg` is refused here, not after
 * Send), and goes on typed by them.
 */
export async function pickFiles(files: File[], limits: UploadLimits, current: string[]): Promise<PickResult> {
  if (current.length + files.length > limits.maxItems) {
    return { urls: current, error: uploadText.tooMany(limits.maxItems) };
  }
  const photos: File[] = [];
  for (const file of files) {
    const photo = await typedByItsBytes(file);
    if (!photo) return { urls: current, error: uploadText.notImage(file.name) };
    const error = fileProblem(photo, limits);
    if (error) return { urls: current, error };
    photos.push(photo);
  }
  return { urls: [...current, ...photos.map(restorePicked)] };
}

/** The file with the image type its first bytes show; undefined when they show none (or the file cannot be read). */
async function typedByItsBytes(file: File): Promise<File | undefined> {
  const firstBytes = await file
    .slice(0, imageSignatureLength)
    .arrayBuffer()
    .catch(() => undefined);
  const type = firstBytes && imageTypeOf(new Uint8Array(firstBytes));
  if (!type) return undefined;
  return type === file.type ? file : new File([file], file.name, { type, lastModified: file.lastModified });
}

/** Why a picked file cannot be uploaded to a field with these limits, or undefined when it can. */
export function fileProblem(file: File, limits: Pick<UploadLimits, 'accept' | 'maxBytes'>): Localized | undefined {
  if (!limits.accept.includes(file.type)) return uploadText.notImage(file.name);
  // Large phone photos are shrunk before upload; only what cannot be shrunk must fit as it is.
  if (!shrinkableTypes.has(file.type) && file.size > limits.maxBytes) return uploadText.tooLarge(file.name, limits.maxBytes);
  return undefined;
}

/** Takes a file as just picked (also a photo kept with a draft). */
export function restorePicked(file: File): string {
  const url = URL.createObjectURL(file);
  photos.set(url, { file });
  return url;
}

export function isPicked(url: string): boolean {
  return photos.has(url);
}

export function pickedFile(url: string): File | undefined {
  return photos.get(url)?.file;
}

/** The photo as it will be sent (shrunk where the browser can); a photo it cannot read is marked so. */
export function shrunkFile(url: string): Promise<File> {
  const photo = photos.get(url)!;
  photo.shrunk ??= shrinkOrderPhoto(photo.file).catch((error: unknown) => {
    photo.unreadable = true;
    changed();
    throw error;
  });
  return photo.shrunk;
}

/** Photos of these that the browser could not read (shrinking them failed as they were picked), by file name. */
export function unreadablePhotos(urls: string[]): { url: string; name: string }[] {
  return urls.flatMap((url) => {
    const photo = photos.get(url);
    return photo?.unreadable ? [{ url, name: photo.file.name }] : [];
  });
}

/** A photo's upload when it was made recently enough for the API to find it; undefined otherwise. */
export function uploadedPhoto(url: string): { publicUrl: string; at: number } | undefined {
  const uploaded = photos.get(url)?.uploaded;
  return uploaded && uploadStillKept(uploaded.at) ? uploaded : undefined;
}

export function uploadedUrl(url: string): string | undefined {
  return uploadedPhoto(url)?.publicUrl;
}

/**
 * Starts shrinking and uploading a photo just picked (or taken back from a
 * draft), once; with no network only shrinking, the upload starting when the
 * form is next drawn online.
 */
export function preparePhoto(url: string, target: PhotoTarget) {
  const photo = photos.get(url);
  if (!photo || photo.tried) return;
  if (!navigator.onLine) {
    void shrunkFile(url).catch(() => undefined);
    return;
  }
  photo.tried = true;
  void sendPhoto(url, target).catch(() => undefined);
}

/** The photo's public URL: its upload when done, the one under way, or a new one (after a failure, or too old). */
export function sendPhoto(url: string, target: PhotoTarget): Promise<string> {
  const photo = photos.get(url);
  if (!photo) return Promise.reject(new Error(`${url} was not picked on this page`));
  const done = uploadedUrl(url);
  if (done) return Promise.resolve(done);
  photo.upload ??= upload(url, photo, target).finally(() => {
    photo.upload = undefined;
    photo.progress = undefined;
    changed();
  });
  return photo.upload;
}

async function upload(url: string, photo: PickedPhoto, target: PhotoTarget): Promise<string> {
  const file = await shrunkFile(url);
  const [presigned] = await presign(target.formId, target.field, [file], target.language);
  const report = (fraction: number) => {
    photo.progress = fraction;
    changed();
  };
  report(0);
  await putUpload(presigned!, file, report);
  photo.uploaded = { publicUrl: presigned!.publicUrl, at: Date.now() };
  return presigned!.publicUrl;
}

/** Forgets a photo (removed, or the order was sent) and frees its memory. */
export function releasePicked(url: string) {
  if (!photos.delete(url)) return;
  URL.revokeObjectURL(url);
  changed();
}

/** How far each photo's upload is: a fraction while it uploads, 1 once uploaded, undefined otherwise. */
export function uploadProgress(url: string): number | undefined {
  const photo = photos.get(url);
  return photo?.progress ?? (uploadedUrl(url) ? 1 : undefined);
}

const listeners = new Set<() => void>();
let version = 0;

function changed() {
  version++;
  listeners.forEach((listener) => listener());
}

/** For useSyncExternalStore: the widget shows each photo's progress as it changes. */
export function subscribeToPhotos(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function photosVersion(): number {
  return version;
}
