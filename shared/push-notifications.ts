import { algiersTimeZone } from './algiers-time';
import type { Language } from './languages';

/**
 * New orders on staff phones (docs/decisions/0022-the-dealers-inbox.md):
 * what the server sends a staff member's device, and when it keeps quiet.
 * Shared by the delivery worker, the admin API and the admin's service worker.
 */

/** A time of day in Algiers, `HH:MM` (24 hours). */
export type ClockTime = string;

/**
 * When a device gets no notification, in Algiers time: from `from` until
 * `to`, over midnight when `to` comes first (`22:00`–`07:00`). A new order
 * in that time is not announced on this device, and not later either: the
 * inbox has it.
 */
export interface QuietHours {
  from: ClockTime;
  to: ClockTime;
}

const clockTimePattern = /^([01]\d|2[0-3]):[0-5]\d$/;

export function isClockTime(value: unknown): value is ClockTime {
  return typeof value === 'string' && clockTimePattern.test(value);
}

/** Whether `at` falls within the quiet hours (none: never). */
export function isQuietTime(quietHours: QuietHours | undefined, at: Date): boolean {
  if (!quietHours || quietHours.from === quietHours.to) return false;
  const now = officeClockTime(at);
  const { from, to } = quietHours;
  return from < to ? from <= now && now < to : now >= from || now < to;
}

/** `at` as `HH:MM` on the office's clock. */
export function officeClockTime(at: Date): ClockTime {
  const parts = new Intl.DateTimeFormat('en-GB', { timeZone: algiersTimeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(at);
  const part = (type: 'hour' | 'minute') => parts.find((candidate) => candidate.type === type)!.value;
  return `${part('hour')}:${part('minute')}`;
}

/**
 * The decrypted content of one push: the notification the admin's service
 * worker shows, in the staff member's language, and the admin page it opens.
 */
export interface OrderNotification {
  title: string;
  body: string;
  /** The admin's order page, from the site's root (`/admin/orders/<id>`). */
  url: string;
  /** The order id: a notification sent again for the same order replaces the first, silently. */
  tag: string;
  lang: Language;
  dir: 'rtl' | 'ltr';
}
