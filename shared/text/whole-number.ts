/**
 * A whole number as people type it, on a phone or a desk, in any of the
 * site's languages: `3250000`, `3 250 000`, `3.250.000`, `3,250,000`, with
 * Arabic-Indic or Eastern Arabic-Indic digits (`٣٢٥٠٠٠٠`, `۲۰۱۸`), and a
 * currency around it (`DA`, `DZD`, `دج`, `د.ج`). Undefined when the text is
 * not one (`abc`, `3,5`, `-2`, digits grouped unevenly): the caller says what
 * to type.
 */
export function readWholeNumber(text: string): number | undefined {
  const compact = text
    .replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) & 0xf))
    .replace(/\u066c/g, ',')
    .replace(/(?:dzd|da|د\.?\s?ج)\.?/giu, '')
    .replace(/[\u200e\u200f\u061c]/g, '')
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .trim();
  if (/^\d+$/.test(compact)) return safe(Number(compact));
  // Thousands grouped by one separator (a space, a dot, a comma, an apostrophe), used the same way throughout.
  const grouped = /^\d{1,3}(?:([ .,'’])\d{3})(?:\1\d{3})*$/.exec(compact);
  return grouped ? safe(Number(compact.replace(/[ .,'’]/g, ''))) : undefined;
}

function safe(value: number): number | undefined {
  return Number.isSafeInteger(value) ? value : undefined;
}
