import type { FileDescription } from '../../shared/api';
import { uploadText, type UploadLimits } from '../../shared/forms/uploads';
import type { Language } from '../../shared/languages';
import { localizedErrorResponse, type HttpResponse } from '../lib/http';
import { hasImageExtension } from './upload-keys';

/**
 * The files a browser asks to upload (`{ name, type, size }` each), and the
 * check of those declarations against a field's limits: the visitors' photos
 * (POST /api/uploads) and the staff's pictures (POST /api/admin/media/uploads).
 * The stored objects are checked again when they are used.
 */

export const maxFileNameLength = 255;

/** The list of file descriptions, or undefined when it is not one (or longer than maxEntries). */
export function parseFileDescriptions(value: unknown, maxEntries: number): FileDescription[] | undefined {
  if (!Array.isArray(value) || value.length > maxEntries || !value.every(isFileDescription)) return undefined;
  return value.map(({ name, type, size }) => ({ name, type, size }));
}

function isFileDescription(value: unknown): value is FileDescription {
  if (typeof value !== 'object' || value === null) return false;
  const { name, type, size } = value as Record<string, unknown>;
  return (
    typeof name === 'string' &&
    name.length > 0 &&
    name.length <= maxFileNameLength &&
    typeof type === 'string' &&
    typeof size === 'number'
  );
}

/** The first limit the files break, as a 400 answer naming the field. */
export function refuseFiles(
  files: FileDescription[],
  field: string,
  limits: Pick<UploadLimits, 'maxItems' | 'maxBytes' | 'accept'>,
  language: Language,
): HttpResponse | undefined {
  if (files.length === 0 || files.length > limits.maxItems) {
    return localizedErrorResponse(400, 'tooMany', uploadText.tooMany(limits.maxItems), language, {
      field,
      maxItems: limits.maxItems,
    });
  }
  for (const file of files) {
    if (!limits.accept.includes(file.type) || !hasImageExtension(file.type)) {
      return localizedErrorResponse(400, 'notImage', uploadText.notImage(file.name), language, {
        field,
        file: file.name,
        accept: limits.accept,
      });
    }
    if (!Number.isSafeInteger(file.size) || file.size <= 0 || file.size > limits.maxBytes) {
      return localizedErrorResponse(400, 'tooLarge', uploadText.tooLarge(file.name, limits.maxBytes), language, {
        field,
        file: file.name,
        maxBytes: limits.maxBytes,
      });
    }
  }
  return undefined;
}
