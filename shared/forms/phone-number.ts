/**
 * The phone rule of the `x-phone` keyword: what farmers type for an Algerian
 * mobile (05, 06, 07 and 8 digits) or landline (02, 03, 04 and 7 digits),
 * with `+213`, `00213` or a leading 0, or an international number (`+` or
 * `00`, then 7 to 15 digits, E.164). Spaces, dots, dashes, slashes and
 * brackets may separate the digits, which may be Arabic-Indic (٠٥٥٥…).
 *
 * The answer is the number in one readable form, the one the sheet and the
 * inbox show: `0555 12 34 56`, `021 23 45 67`, or an international number
 * as it is dialled from anywhere, its country code apart and the rest in
 * pairs (`+33 6 12 34 56 78`): spaces between the digits keep every
 * spreadsheet from reading it as a number. Undefined when the text is not a
 * phone number.
 *
 * The function must stay self-contained (no name from outside its body): the
 * browser's precompiled validators embed its source (shared/forms/ajv-setup.ts).
 */
export function readablePhoneNumber(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  const compact = text
    .replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) & 0xf))
    .replace(/[\s.\-/()\u200e\u200f\u061c]/g, '');
  const algerian = /^(?:(?:\+|00)2130?|0)([567]\d{8}|[234]\d{7})$/.exec(compact)?.[1];
  if (algerian) {
    const groups = algerian.length === 9 ? [algerian.slice(0, 3), algerian.slice(3)] : [algerian.slice(0, 2), algerian.slice(2)];
    return `0${groups[0]} ${groups[1]!.replace(/\d\d(?=\d)/g, '$& ')}`;
  }
  const international = /^(?:\+|00)([1-9]\d{6,14})$/.exec(compact)?.[1];
  if (!international || international.startsWith('213')) return undefined;
  // The country codes of one digit (1, 7) and two (33, 44, …); all others have three (ITU-T E.164).
  const code = /^(?:[17]|2[07]|3[0-469]|4[013-9]|5[1-8]|6[0-6]|8[1246]|9[0-58])/.exec(international)?.[0] ?? international.slice(0, 3);
  return `+${code} ${international.slice(code.length).replace(/\B(?=(?:\d\d)+$)/g, ' ')}`;
}

/**
 * A phone number in international form, digits only, as `wa.me` links and
 * SMS gateways take it: an Algerian number with its country code
 * (`0661 23 45 67` → `213661234567`), a number abroad with its own
 * (`+33 6 12 34 56 78` → `33612345678`). Undefined when the text is not a
 * phone number.
 */
export function internationalPhoneDigits(text: unknown): string | undefined {
  const readable = readablePhoneNumber(text);
  if (!readable) return undefined;
  const digits = readable.replace(/\D/g, '');
  return readable.startsWith('+') ? digits : `213${digits.slice(1)}`;
}
