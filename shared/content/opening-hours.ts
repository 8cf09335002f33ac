import { algiersMidnight, algiersWeekday } from '../algiers-time';
import { languages, type Localized } from '../languages';
import { searchWords } from '../text/search-text';

/**
 * The dealer's opening hours as times, read from the free text staff keep on
 * /admin/dealer ("Saturday to Thursday, 8:00–17:00"), and time counted in
 * them: how long an order has waited for the office, not for the night
 * (docs/decisions/0022-the-dealers-inbox.md). Everything is in Algiers time
 * (../algiers-time.ts).
 */
export interface OpeningHours {
  /** Open days, 0 = Sunday … 6 = Saturday. */
  days: readonly number[];
  /** Minutes after midnight, Algiers time: opening, and closing (later the same day). */
  opens: number;
  closes: number;
}

/** When the text cannot be read: Saturday to Thursday, 8:00–17:00, the dealer's week in Algeria. */
export const defaultOpeningHours: OpeningHours = { days: [6, 0, 1, 2, 3, 4], opens: 8 * 60, closes: 17 * 60 };

const dayMs = 86_400_000;
const minuteMs = 60_000;

/** Day names as searchableText() writes them, Sunday first, in each language the dealer's text may be written in. */
const dayNames: readonly (readonly string[])[] = [
  ['sunday', 'dimanche', 'الاحد'],
  ['monday', 'lundi', 'الاثنين'],
  ['tuesday', 'mardi', 'الثلاثاء'],
  ['wednesday', 'mercredi', 'الاربعاء'],
  ['thursday', 'jeudi', 'الخميس'],
  ['friday', 'vendredi', 'الجمعه'],
  ['saturday', 'samedi', 'السبت'],
];

/** 8:00, 8h30, 8 h, 17.00 (after Arabic-Indic digits are read as 0–9). */
const timePattern = /(\d{1,2})(?:\s*[:h.]\s*(\d{2})|\s*h\b)?/giu;

/**
 * The hours the dealer's text says, in the first language whose text names
 * its days (two days: from the first to the second; more: those days) and
 * its times (opening at the first, closing at the last); the default hours
 * otherwise.
 */
export function openingHoursOf(text: Localized): OpeningHours {
  for (const language of languages) {
    const hours = readOpeningHours(text[language]);
    if (hours) return hours;
  }
  return defaultOpeningHours;
}

function readOpeningHours(text: string): OpeningHours | undefined {
  const named = searchWords(text).flatMap((word) => {
    const day = dayNames.findIndex((names) => names.includes(word));
    return day === -1 ? [] : [day];
  });
  const ascii = text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) & 0xf));
  const times = [...ascii.matchAll(timePattern)].map(([, hour, minute]) => Number(hour) * 60 + Number(minute ?? 0));
  if (named.length < 2 || times.length < 2) return undefined;
  // The first and the last: a midday break ("8:00–12:00, 14:00–17:00") is left in.
  const opens = times[0]!;
  const closes = times.at(-1)!;
  if (opens >= closes || closes > 24 * 60) return undefined;
  const days = named.length === 2 ? dayRange(named[0]!, named[1]!) : [...new Set(named)];
  return { days, opens, closes };
}

/** From one day to another, through the week's end if need be (Saturday to Thursday). */
function dayRange(first: number, last: number): number[] {
  const days = [first];
  for (let day = first; day !== last; ) {
    day = (day + 1) % 7;
    days.push(day);
  }
  return days;
}

/** The open interval of the day starting at `midnight`, or undefined on a closed day. */
function openInterval(midnight: number, hours: OpeningHours): [number, number] | undefined {
  // Noon is safely inside the day whatever the offset.
  if (!hours.days.includes(algiersWeekday(midnight + dayMs / 2))) return undefined;
  return [midnight + hours.opens * minuteMs, midnight + hours.closes * minuteMs];
}

/** Minutes of opening hours between two instants (0 when `to` is not later). */
export function openMinutesBetween(from: number, to: number, hours: OpeningHours): number {
  let open = 0;
  for (let midnight = algiersMidnight(from); midnight < to; midnight += dayMs) {
    const interval = openInterval(midnight, hours);
    if (!interval) continue;
    open += Math.max(0, Math.min(interval[1], to) - Math.max(interval[0], from));
  }
  return open / minuteMs;
}

/**
 * The latest instant from which `minutes` of opening hours have passed by
 * `now`: an order sent before it, and still not answered, is waiting too
 * long. Undefined when the hours have no open day.
 */
export function waitingSince(now: number, minutes: number, hours: OpeningHours): number | undefined {
  if (hours.days.length === 0 || hours.closes <= hours.opens) return undefined;
  let left = minutes * minuteMs;
  // Each week holds open time, so this ends: at most a week for every week's worth of `minutes`.
  for (let midnight = algiersMidnight(now); ; midnight -= dayMs) {
    const interval = openInterval(midnight, hours);
    if (!interval || interval[0] >= now) continue;
    const end = Math.min(interval[1], now);
    if (end - interval[0] >= left) return end - left;
    left -= end - interval[0];
  }
}
