/**
 * Spreadsheet cells that stay text (OWASP "CSV injection", CWE-1236). A
 * spreadsheet program reads a cell starting with `=`, `+`, `-` or `@` as a
 * formula (`=HYPERLINK(…)`, `=IMPORTXML(…)` can leak the sheet or run a
 * command), and some also after a leading tab or carriage return, after
 * marks it does not show (direction marks LRM, RLM and ALM, zero-width
 * spaces and joiners, the word joiner, the byte-order mark: Unicode's
 * format characters, and spaces), or when the sign is a full-width one
 * (`＝`, `＋`, `－`, `＠`, as East Asian keyboards type them) or a small
 * form. Such a cell gets a leading apostrophe, which spreadsheets take as
 * "this is text" and do not display.
 *
 * Apply it last, to the text actually written: trimming after it would undo it.
 */
const formulaStart = /^(?:[\t\r]|[\s\p{Cf}]*[=+\-@\uff1d\uff0b\uff0d\uff20\ufe66\ufe62\ufe63\ufe6b])/u;

export function safeCell(text: string): string {
  return formulaStart.test(text) ? `'${text}` : text;
}
