import { describe, expect, it } from 'vitest';
import { defaultDealer } from '../../shared/content/dealer';
import { defaultOpeningHours, openingHoursOf, openMinutesBetween, waitingSince, type OpeningHours } from '../../shared/content/opening-hours';

/**
 * Time counted in the dealer's opening hours, Algiers time (UTC+1): how long
 * an order has waited for the office, read from the hours staff type on
 * /admin/dealer, and the instant before which a new order has waited too long.
 */

const at = (iso: string) => Date.parse(iso);
const unreadable = { ar: 'حسب الموعد', fr: 'Sur rendez-vous', en: 'By appointment' };

describe('the dealer’s opening hours, from the text staff keep', () => {
  it('reads the shipped text as Saturday to Thursday, 8:00 to 17:00', () => {
    expect(openingHoursOf(defaultDealer.openingHours)).toEqual({ days: [6, 0, 1, 2, 3, 4], opens: 480, closes: 1020 });
  });

  it('reads whichever language names its days and times, French “8 h 30” and Arabic-Indic digits too', () => {
    expect(openingHoursOf({ ...unreadable, fr: 'Du dimanche au jeudi, 8 h 30 – 16 h' })).toEqual({ days: [0, 1, 2, 3, 4], opens: 510, closes: 960 });
    expect(openingHoursOf({ ...unreadable, ar: 'من الأحد إلى الخميس، ٩:٠٠–١٦:٣٠' })).toEqual({ days: [0, 1, 2, 3, 4], opens: 540, closes: 990 });
    // A list of days is those days; a midday break is kept inside the day.
    expect(openingHoursOf({ ...unreadable, en: 'Monday, Wednesday and Saturday 8:00–12:00 and 14:00–18:00' })).toEqual({ days: [1, 3, 6], opens: 480, closes: 1080 });
  });

  it('falls back to the default hours when no text says them', () => {
    expect(openingHoursOf(unreadable)).toEqual(defaultOpeningHours);
    expect(openingHoursOf({ ...unreadable, en: 'Open 24/7' })).toEqual(defaultOpeningHours);
  });
});

describe('time in opening hours', () => {
  const hours = defaultOpeningHours;

  it('counts only open time: not the night, not Friday', () => {
    // Thursday 16:00 Algiers (15:00 UTC) to Saturday 9:00: an hour on Thursday, none on Friday, an hour on Saturday.
    expect(openMinutesBetween(at('2026-11-26T15:00:00Z'), at('2026-11-28T08:00:00Z'), hours)).toBe(120);
    // Tuesday 22:00 to Wednesday 8:30 Algiers: half an hour.
    expect(openMinutesBetween(at('2026-11-24T21:00:00Z'), at('2026-11-25T07:30:00Z'), hours)).toBe(30);
    // Within one day, and the wrong way round.
    expect(openMinutesBetween(at('2026-11-25T08:00:00Z'), at('2026-11-25T09:15:00Z'), hours)).toBe(75);
    expect(openMinutesBetween(at('2026-11-25T09:15:00Z'), at('2026-11-25T08:00:00Z'), hours)).toBe(0);
  });

  it('finds the instant before which a new order has waited two opening hours', () => {
    // Saturday 9:00 Algiers: two opening hours back is Thursday 16:00.
    expect(new Date(waitingSince(at('2026-11-28T08:00:00Z'), 120, hours)!).toISOString()).toBe('2026-11-26T15:00:00.000Z');
    // Sunday 11:00: 9:00 the same morning.
    expect(new Date(waitingSince(at('2026-11-29T10:00:00Z'), 120, hours)!).toISOString()).toBe('2026-11-29T08:00:00.000Z');
    // Friday evening: Thursday 15:00, two hours before closing.
    expect(new Date(waitingSince(at('2026-11-27T19:00:00Z'), 120, hours)!).toISOString()).toBe('2026-11-26T14:00:00.000Z');
  });

  it('agrees with the count of open time, at any hour of the week', () => {
    const shortDays: OpeningHours = { days: [0, 2, 4], opens: 9 * 60, closes: 12 * 60 };
    for (let hour = 0; hour < 24 * 7; hour += 5) {
      const now = at('2026-11-21T00:00:00Z') + hour * 3_600_000 + 17 * 60_000;
      for (const open of [hours, shortDays]) {
        const since = waitingSince(now, 150, open)!;
        expect(openMinutesBetween(since, now, open)).toBeCloseTo(150, 6);
      }
    }
  });

  it('has no waiting order when no day is open', () => {
    expect(waitingSince(at('2026-11-28T08:00:00Z'), 120, { days: [], opens: 480, closes: 1020 })).toBeUndefined();
  });
});
