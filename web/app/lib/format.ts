import { locales, type Language } from '../../../shared/languages';

const priceFormats = new Map<Language, Intl.NumberFormat>();

/** A price in Algerian dinars, formatted for the visitor's locale (ar-DZ, fr-FR, en). */
export function formatPriceDzd(amount: number, language: Language): string {
  let format = priceFormats.get(language);
  if (!format) {
    format = new Intl.NumberFormat(locales[language], {
      style: 'currency',
      currency: 'DZD',
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    });
    priceFormats.set(language, format);
  }
  return format.format(amount);
}
