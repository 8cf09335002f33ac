import { locales, type Language } from '../../../shared/languages';

const dateTimes = new Map<Language, Intl.DateTimeFormat>();

/** A time as staff read it: the date and the hour, in their language and the browser's time zone. */
export function formatDateTime(iso: string, language: Language): string {
  let format = dateTimes.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(locales[language], { dateStyle: 'medium', timeStyle: 'short' });
    dateTimes.set(language, format);
  }
  return format.format(new Date(iso));
}

/** A file size in KB or MB. */
export function formatBytes(bytes: number, language: Language): string {
  const megabytes = bytes >= 1024 * 1024;
  return new Intl.NumberFormat(locales[language], {
    style: 'unit',
    unit: megabytes ? 'megabyte' : 'kilobyte',
    maximumFractionDigits: 1,
  }).format(megabytes ? bytes / (1024 * 1024) : bytes / 1024);
}
