import type { FormData } from './form-schema';

/**
 * Trims every text value and drops the ones left empty, so that a field
 * holding only spaces counts as missing on the client and on the server alike.
 */
export function normalizeFormData(data: FormData): FormData {
  const out: FormData = {};
  for (const [key, value] of Object.entries(data)) {
    const normalized = normalizeValue(value);
    if (normalized !== undefined) out[key] = normalized;
  }
  return out;
}

function normalizeValue(value: unknown): unknown {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  }
  if (Array.isArray(value)) {
    const items = value.map(normalizeValue).filter((item) => item !== undefined);
    return items.length > 0 ? items : undefined;
  }
  if (value && typeof value === 'object') return normalizeFormData(value as FormData);
  return value ?? undefined;
}
