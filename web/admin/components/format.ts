import { algiersTimeZone } from '../../../shared/algiers-time';
import { locales, type Language } from '../../../shared/languages';
import { adminText } from '../texts';

const dateTimes = new Map<Language, Intl.DateTimeFormat>();

/**
 * A time as staff read it: the date and the hour in Algiers, in their
 * language, the zone named ("26 Nov 2026, 13:30 (Algiers time)"), whatever
 * the device's own zone (a laptop left on another, a phone abroad).
 */
export function formatDateTime(iso: string, language: Language): string {
  let format = dateTimes.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(locales[language], { dateStyle: 'medium', timeStyle: 'short', timeZone: algiersTimeZone });
    dateTimes.set(language, format);
  }
  return `${format.format(new Date(iso))} (${adminText.algiersTime[language]})`;
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

/** A length of time in hours and minutes, as staff read it ("1 h 20 min", "ساعتان"); Arabic's short units ("2 س") are spelt out. */
export function formatMinutes(minutes: number, language: Language): string {
  const whole = Math.round(minutes);
  const unitDisplay = language === 'ar' ? 'long' : 'short';
  const unit = (value: number, name: 'hour' | 'minute') => new Intl.NumberFormat(locales[language], { style: 'unit', unit: name, unitDisplay }).format(value);
  const hours = Math.floor(whole / 60);
  const rest = whole % 60;
  if (hours === 0) return unit(rest, 'minute');
  return rest === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} ${unit(rest, 'minute')}`;
}
