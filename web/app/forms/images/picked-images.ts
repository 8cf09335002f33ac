import type { Localized } from '../../../../shared/languages';
import { uploadText, type UploadLimits } from '../../../../shared/forms/uploads';

/**
 * Photos the visitor picked on this page. Until the order is sent, the form
 * holds each photo as an object URL (blob:…), so that RJSF validates the
 * count like the API does; the files stay here, keyed by that URL.
 */
const pickedFiles = new Map<string, File>();
/** Object URL → public URL once uploaded, so a retry never uploads twice. */
const uploadedUrls = new Map<string, string>();

/** Types the browser can shrink before upload; others (GIF) go as they are. */
export const shrinkableTypes = new Set(['image/jpeg', 'image/png', 'image/webp']);

export interface PickResult {
  urls: string[];
  error?: Localized;
}

/** Adds files to a photo field's value, refusing what breaks the field's limits. */
export function pickFiles(files: File[], limits: UploadLimits, current: string[]): PickResult {
  if (current.length + files.length > limits.maxItems) {
    return { urls: current, error: uploadText.tooMany(limits.maxItems) };
  }
  for (const file of files) {
    const error = fileProblem(file, limits);
    if (error) return { urls: current, error };
  }
  const added = files.map((file) => {
    const url = URL.createObjectURL(file);
    pickedFiles.set(url, file);
    return url;
  });
  return { urls: [...current, ...added] };
}

/** Why a picked file cannot be uploaded to a field with these limits, or undefined when it can. */
export function fileProblem(file: File, limits: Pick<UploadLimits, 'accept' | 'maxBytes'>): Localized | undefined {
  if (!limits.accept.includes(file.type)) return uploadText.notImage(file.name);
  // Large phone photos are shrunk before upload; only what cannot be shrunk must fit as it is.
  if (!shrinkableTypes.has(file.type) && file.size > limits.maxBytes) return uploadText.tooLarge(file.name, limits.maxBytes);
  return undefined;
}

export function isPicked(url: string): boolean {
  return pickedFiles.has(url);
}

export function pickedFile(url: string): File | undefined {
  return pickedFiles.get(url);
}

export function uploadedUrl(url: string): string | undefined {
  return uploadedUrls.get(url);
}

export function markUploaded(objectUrl: string, publicUrl: string) {
  uploadedUrls.set(objectUrl, publicUrl);
}

/** Forgets a photo (removed, or the order was sent) and frees its memory. */
export function releasePicked(url: string) {
  if (!pickedFiles.delete(url)) return;
  uploadedUrls.delete(url);
  URL.revokeObjectURL(url);
}

/** Takes back a photo kept with a draft, as if just picked. */
export function restorePicked(file: File): string {
  const url = URL.createObjectURL(file);
  pickedFiles.set(url, file);
  return url;
}
