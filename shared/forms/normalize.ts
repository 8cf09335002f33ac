import { fieldSchema } from './fields';
import type { FormData, FormSchema } from './form-schema';
import { readWholeNumber } from '../text/whole-number';
import { readablePhoneNumber } from './phone-number';

/**
 * What a form sends, cleaned the same way in the browser and in the API
 * (docs/decisions/0011-honest-input-and-no-spam.md): invisible control
 * characters removed, line breaks kept only in multi-line fields, text
 * trimmed and the values left empty dropped, so that a field holding only
 * spaces counts as missing on both sides; in a list field (photos), empty
 * items are dropped and a list left empty counts as missing too, as the
 * form holds `[]` for a photo field nothing was picked for. A phone number
 * (`x-phone`) takes its one readable form (`0555 12 34 56`), the one the
 * sheet and the inbox show. A whole-number field (a year, a quantity) given
 * as text takes the number it reads as (`readWholeNumber`: `٢٠١٨` is 2018).
 * Values of other types (a list in a text field,
 * `[]` and `[""]` included), and phone numbers that are none, are kept as
 * they are, for validation to refuse.
 */
export function normalizeFormData(data: FormData, schema: FormSchema): FormData {
  // Built from entries, never by assignment: a "__proto__" key stays an ordinary key, which validation refuses.
  return Object.fromEntries(
    Object.entries(data)
      .map(([name, value]) => [name, normalizeField(value, schema, name)] as const)
      .filter(([, value]) => value !== undefined),
  );
}

type TextKind = 'line' | 'lines' | 'phone';

function normalizeField(value: unknown, schema: FormSchema, name: string): unknown {
  const field = fieldSchema(schema, name);
  if (field?.type === 'array' && Array.isArray(value)) return normalizeList(value);
  const clean = normalizeValue(value, textKind(schema, name));
  if (field?.['x-phone'] === true) return readablePhoneNumber(clean) ?? clean;
  // A whole number typed as text (`٢٠١٨`, `1 200`) is read as the number; other text is left for validation to refuse.
  if (field?.type === 'integer' && typeof clean === 'string') return readWholeNumber(clean) ?? clean;
  return clean;
}

/** A list field's items: text cleaned and the items left empty dropped; items of other types kept, for validation to refuse. */
function normalizeList(items: unknown[]): unknown[] | undefined {
  const kept = items.map((item) => (typeof item === 'string' ? cleanText(item, 'line') || undefined : item)).filter((item) => item !== undefined);
  return kept.length > 0 ? kept : undefined;
}

function textKind(schema: FormSchema, name: string): TextKind {
  const widget = fieldSchema(schema, name)?.['x-widget'];
  return widget === 'textarea' ? 'lines' : widget === 'tel' ? 'phone' : 'line';
}

function normalizeValue(value: unknown, kind: TextKind): unknown {
  if (typeof value === 'string') return cleanText(value, kind) || undefined;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.fromEntries(
      Object.entries(value)
        .map(([key, item]) => [key, normalizeValue(item, 'line')] as const)
        .filter(([, item]) => item !== undefined),
    );
  }
  return value;
}

/** Every line break: CR LF, CR, LF, vertical tab, form feed, NEL, line and paragraph separators. */
const lineBreaks = /\r\n|[\n\r\v\f\u0085\u2028\u2029]/g;

/**
 * Characters no keyboard types and no field needs: C0 and C1 controls (line
 * breaks and tabs are handled apart), DEL, the bidirectional embeddings,
 * overrides and isolates (U+202A–U+202E, U+2066–U+2069) that reorder what
 * follows them, and the byte-order mark.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const invisibleControls = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069\ufeff]/g;

/** Direction marks (LRM, RLM, ALM): Arabic text may hold them; a phone number, only digits and separators. */
const directionMarks = /[\u200e\u200f\u061c]/g;

/** A surrogate pair, or half of one: the halves alone are not text and are dropped. */
const surrogates = /[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]/g;

function cleanText(text: string, kind: TextKind): string {
  let clean = text
    .replace(surrogates, (match) => (match.length === 2 ? match : ''))
    .replace(lineBreaks, kind === 'lines' ? '\n' : ' ')
    .replace(/\t/g, ' ')
    .replace(invisibleControls, '');
  if (kind === 'phone') clean = clean.replace(directionMarks, '');
  return clean.trim();
}
