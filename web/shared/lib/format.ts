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

/** A `tel:` link for a phone number as written ("+213 36 00 00 00"). */
export function telLink(phone: string): string {
  return `tel:${phone.replace(/[^+0-9]/g, '')}`;
}
