import { algiersDate, algiersMidnight, algiersWeekday } from '../../shared/algiers-time';
import { openMinutesBetween, type OpeningHours } from '../../shared/content/opening-hours';
import type { ResponseTimes } from '../../shared/admin-api';
import type { HistoryEntry, SubmissionStatus } from '../../shared/submissions';
import { planInboxQuery } from './inbox-query';
import type { InboxStore } from './inbox-store';

/**
 * The dashboard's figures of the inbox (docs/decisions/0022-the-dealers-inbox.md):
 * how long the office takes to answer an order (median and 90th percentile,
 * in opening hours, this week against last), orders per day and form over
 * 30 days, the wilayas most orders come from, and how many were won or lost.
 * Weeks and days are Algiers time; a week starts on Saturday, as the
 * Algerian calendar's does. Spam is not an order and counts nowhere.
 */

/** What the figures read of each order: a few attributes of the stored item. */
export interface StatsOrder {
  createdAt: string;
  formId: string;
  status: SubmissionStatus;
  wilaya?: string;
  history?: readonly HistoryEntry[];
}

export interface OrderFigures {
  /** The 30 days, oldest first, as `YYYY-MM-DD` in Algiers; the last is today. */
  days: string[];
  /** Per form that had orders, each day's count, in the order of `days`; most orders first. */
  perDay: { formId: string; counts: number[] }[];
  /** The wilayas of most orders over the 30 days, most first. */
  wilayas: { wilaya: string; count: number }[];
  /** Orders of the 30 days now won or lost. */
  outcomes: { won: number; lost: number };
  /** Minutes of opening hours from each order of the week to its first contact. */
  thisWeek: ResponseTimes;
  lastWeek: ResponseTimes;
}

const statsDays = 30;
const topWilayas = 5;
const dayMs = 86_400_000;
const saturday = 6;

/** Midnight (Algiers) of the Saturday that starts the instant's week. */
export function algiersWeekStart(instant: number): number {
  const daysSinceSaturday = (algiersWeekday(instant) - saturday + 7) % 7;
  return algiersMidnight(instant) - daysSinceSaturday * dayMs;
}

/** The first instant the figures read: 30 days back, or last week's start if earlier. */
export function statsFrom(now: number): number {
  return Math.min(algiersMidnight(now) - (statsDays - 1) * dayMs, algiersWeekStart(now) - 7 * dayMs);
}

/**
 * When the farmer was first answered: the first contact recorded from the
 * order's buttons, or the first status change away from `new` (other than
 * to spam), whichever came first; a contact taken back right after does not
 * count. Undefined while nobody has answered.
 */
export function firstContactAt(history: readonly HistoryEntry[] = []): string | undefined {
  let first: string | undefined;
  for (const entry of history) {
    const { status, contacted, contactUndone } = entry.changes;
    if (contactUndone && first !== undefined && undoes(history, entry, first)) first = undefined;
    if (first !== undefined) continue;
    if (contacted || (status?.from === 'new' && status.to !== 'spam')) first = entry.at;
  }
  return first;
}

/** Whether this undo takes back the entry that made `first` (the one just before it). */
function undoes(history: readonly HistoryEntry[], undo: HistoryEntry, first: string): boolean {
  const before = history[history.indexOf(undo) - 1];
  return before?.at === first && before.changes.contacted !== undefined;
}

/** The p-th percentile (0–1) of sorted numbers, interpolated between the nearest ranks (as spreadsheets' PERCENTILE.INC). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) throw new Error('no numbers');
  const rank = (sorted.length - 1) * p;
  const below = Math.floor(rank);
  const above = Math.min(below + 1, sorted.length - 1);
  return sorted[below]! + (sorted[above]! - sorted[below]!) * (rank - below);
}

function responseTimes(from: string, waits: number[], unanswered: number): ResponseTimes {
  const sorted = [...waits].sort((a, b) => a - b);
  if (sorted.length === 0) return { from, answered: 0, unanswered };
  return {
    from,
    answered: sorted.length,
    unanswered,
    medianMinutes: Math.round(percentile(sorted, 0.5)),
    p90Minutes: Math.round(percentile(sorted, 0.9)),
  };
}

/** The figures of the orders sent since statsFrom(now), as of `now`. */
export function orderFigures(orders: Iterable<StatsOrder>, now: number, hours: OpeningHours): OrderFigures {
  const today = algiersMidnight(now);
  const firstDay = today - (statsDays - 1) * dayMs;
  const thisWeek = algiersWeekStart(now);
  const lastWeek = thisWeek - 7 * dayMs;

  const perForm = new Map<string, number[]>();
  const wilayas = new Map<string, number>();
  const outcomes = { won: 0, lost: 0 };
  const weeks = { this: { waits: [] as number[], unanswered: 0 }, last: { waits: [] as number[], unanswered: 0 } };

  for (const order of orders) {
    if (order.status === 'spam') continue;
    const created = Date.parse(order.createdAt);
    if (created >= firstDay && created <= now) {
      const counts = perForm.get(order.formId) ?? Array<number>(statsDays).fill(0);
      counts[Math.floor((algiersMidnight(created) - firstDay) / dayMs)]! += 1;
      perForm.set(order.formId, counts);
      if (order.wilaya) wilayas.set(order.wilaya, (wilayas.get(order.wilaya) ?? 0) + 1);
      if (order.status === 'won' || order.status === 'lost') outcomes[order.status] += 1;
    }
    const week = created >= thisWeek ? weeks.this : created >= lastWeek ? weeks.last : undefined;
    if (!week || created > now) continue;
    const contact = firstContactAt(order.history);
    if (contact === undefined) week.unanswered += 1;
    else week.waits.push(openMinutesBetween(created, Date.parse(contact), hours));
  }

  const total = (counts: number[]) => counts.reduce((sum, count) => sum + count, 0);
  return {
    days: Array.from({ length: statsDays }, (_, i) => algiersDate(firstDay + i * dayMs)),
    perDay: [...perForm].map(([formId, counts]) => ({ formId, counts })).sort((a, b) => total(b.counts) - total(a.counts)),
    wilayas: [...wilayas]
      .map(([wilaya, count]) => ({ wilaya, count }))
      .sort((a, b) => b.count - a.count || a.wilaya.localeCompare(b.wilaya))
      .slice(0, topWilayas),
    outcomes,
    thisWeek: responseTimes(algiersDate(thisWeek), weeks.this.waits, weeks.this.unanswered),
    lastWeek: responseTimes(algiersDate(lastWeek), weeks.last.waits, weeks.last.unanswered),
  };
}

/** The stored attributes the figures read: a Query of the inbox's orders by date reads no more than these. */
const statsAttributes = ['createdAt', 'formId', 'status', 'listWilaya', 'history'] as const;

/**
 * The inbox's orders sent since `from` (not spam), read through the list's
 * date index (byList, sorted on createdAt): one bounded Query, never a Scan.
 */
export async function ordersSince(inbox: Pick<InboxStore, 'all'>, from: number): Promise<StatsOrder[]> {
  const orders: StatsOrder[] = [];
  const query = planInboxQuery({ list: 'inbox', from: new Date(from).toISOString() });
  for await (const items of inbox.all(query, statsAttributes)) {
    for (const item of items) {
      const wilaya = typeof item.listWilaya === 'string' ? item.listWilaya.slice('inbox#'.length) : undefined;
      orders.push({
        createdAt: String(item.createdAt),
        formId: String(item.formId),
        status: item.status as SubmissionStatus,
        ...(wilaya ? { wilaya } : {}),
        history: Array.isArray(item.history) ? (item.history as HistoryEntry[]) : [],
      });
    }
  }
  return orders;
}
