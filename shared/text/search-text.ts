/**
 * Text as a search compares it, the same for the farmers' catalogue search
 * and the staff's inbox search, so that what people type differently still
 * meets: lower case; Latin accents dropped (é → e, ç → c); in Arabic, the
 * hamza forms of alef (أ إ آ ٱ) as ا, taa marbuta (ة) as haa (ه), alef
 * maqsura (ى) as yaa (ي), hamza on waw and yaa (ؤ ئ) as و and ي, and the
 * diacritics (harakat, shadda, sukun, superscript alef) and tatweel dropped;
 * Arabic-Indic and Eastern Arabic-Indic digits as 0–9. Anything that is not
 * a letter or a digit separates words.
 */
export function searchableText(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u064b-\u065f\u0670\u06d6-\u06ed\u0640]/g, '')
    .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627')
    .replace(/\u0629/g, '\u0647')
    .replace(/\u0649/g, '\u064a')
    .replace(/\u0624/g, '\u0648')
    .replace(/\u0626/g, '\u064a')
    .replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) & 0xf))
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** The distinct words of a text, as searchableText() writes them; a search matches a word by its beginning. */
export function searchWords(text: string): string[] {
  const words = searchableText(text);
  return words === '' ? [] : [...new Set(words.split(' '))];
}
