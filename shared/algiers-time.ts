/**
 * The dealer's clock: Algiers time, UTC+1 all year (Algeria keeps no summer
 * time). Staff read every time in it, wherever their device is; the
 * exports, the e-mails, quiet hours, opening hours and the day boundaries
 * of the figures all use this one definition.
 */

/** The time zone every time shown to staff is written in. */
export const algiersTimeZone = 'Africa/Algiers';

const algiersOffsetMs = 3_600_000;
const dayMs = 86_400_000;

/** Midnight, Algiers time, of the day holding the instant (as epoch milliseconds). */
export function algiersMidnight(instant: number): number {
  return Math.floor((instant + algiersOffsetMs) / dayMs) * dayMs - algiersOffsetMs;
}

/** The day of the week in Algiers, 0 = Sunday. */
export function algiersWeekday(instant: number): number {
  return new Date(instant + algiersOffsetMs).getUTCDay();
}

/** The date in Algiers of the day holding the instant, `YYYY-MM-DD`. */
export function algiersDate(instant: number): string {
  return new Date(algiersMidnight(instant) + algiersOffsetMs).toISOString().slice(0, 10);
}
