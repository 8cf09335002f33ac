import { describe, expect, it } from 'vitest';
import { defaultOpeningHours } from '../../shared/content/opening-hours';
import type { HistoryEntry } from '../../shared/submissions';
import { algiersWeekStart, firstContactAt, orderFigures, percentile, statsFrom, type StatsOrder } from '../../lambdas/submissions/order-stats';

/**
 * The dashboard's figures: median and 90th percentile, weeks from Saturday
 * in Algiers time, the first contact as the history records it, and the
 * response times counted in opening hours.
 */

const at = (iso: string) => Date.parse(iso);
const by = 'staff@example.com';
const contacted = (iso: string): HistoryEntry => ({ at: iso, by, changes: { contacted: 'whatsapp', status: { from: 'new', to: 'contacted' } } });
const moved = (iso: string, from: StatsOrder['status'], to: StatsOrder['status']): HistoryEntry => ({ at: iso, by, changes: { status: { from, to } } });

describe('percentiles', () => {
  it('interpolates between the nearest ranks, as spreadsheets do', () => {
    expect(percentile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(percentile([5], 0.9)).toBe(5);
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9)).toBeCloseTo(9.1, 10);
    expect(percentile([30, 60, 90, 240], 0.9)).toBeCloseTo(195, 10);
  });
});

describe('weeks in Algiers time', () => {
  it('start on Saturday at midnight in Algiers, an hour before midnight UTC', () => {
    // Thursday 26 November: the week started on Saturday the 21st, 00:00 Algiers.
    expect(new Date(algiersWeekStart(at('2026-11-26T12:00:00Z'))).toISOString()).toBe('2026-11-20T23:00:00.000Z');
    // Friday 23:30 UTC is already Saturday in Algiers: a new week.
    expect(new Date(algiersWeekStart(at('2026-11-27T23:30:00Z'))).toISOString()).toBe('2026-11-27T23:00:00.000Z');
    expect(new Date(algiersWeekStart(at('2026-11-27T22:30:00Z'))).toISOString()).toBe('2026-11-20T23:00:00.000Z');
  });

  it('read back far enough for 30 days and the whole of last week', () => {
    expect(new Date(statsFrom(at('2026-11-26T12:00:00Z'))).toISOString()).toBe('2026-10-27T23:00:00.000Z');
  });
});

describe('the first contact', () => {
  it('is the first reply button used or the first move away from new, not spam, not a contact taken back', () => {
    expect(firstContactAt([])).toBeUndefined();
    expect(firstContactAt([{ at: '2026-11-22T09:00:00Z', by, changes: { read: { from: false, to: true } } }, contacted('2026-11-22T10:00:00Z')])).toBe(
      '2026-11-22T10:00:00Z',
    );
    expect(firstContactAt([moved('2026-11-22T11:00:00Z', 'new', 'quoted'), contacted('2026-11-22T12:00:00Z')])).toBe('2026-11-22T11:00:00Z');
    expect(firstContactAt([moved('2026-11-22T11:00:00Z', 'new', 'spam')])).toBeUndefined();
    const undone: HistoryEntry = { at: '2026-11-22T10:00:05Z', by, changes: { contactUndone: 'whatsapp', status: { from: 'contacted', to: 'new' } } };
    expect(firstContactAt([contacted('2026-11-22T10:00:00Z'), undone])).toBeUndefined();
    expect(firstContactAt([contacted('2026-11-22T10:00:00Z'), undone, contacted('2026-11-22T13:00:00Z')])).toBe('2026-11-22T13:00:00Z');
  });
});

describe('the figures', () => {
  // Thursday 26 November 2026, 13:00 in Algiers.
  const now = at('2026-11-26T12:00:00Z');
  const order = (createdAt: string, rest: Partial<StatsOrder> = {}): StatsOrder => ({ createdAt, formId: 'tractor-order', status: 'new', wilaya: 'Setif', ...rest });
  const orders: StatsOrder[] = [
    // Sunday 9:00 Algiers, answered at 10:00: an hour.
    order('2026-11-22T08:00:00Z', { status: 'contacted', history: [contacted('2026-11-22T09:00:00Z')] }),
    // Wednesday 16:30, answered Thursday 9:00: half an hour that evening and an hour the next morning, not the night.
    order('2026-11-25T15:30:00Z', { formId: 'spare-part-order', wilaya: 'Alger', status: 'contacted', history: [contacted('2026-11-26T08:00:00Z')] }),
    // Monday 10:00, won at 14:00: four hours.
    order('2026-11-23T09:00:00Z', { wilaya: 'Alger', status: 'won', history: [moved('2026-11-23T13:00:00Z', 'new', 'won')] }),
    // Saturday 00:30 Algiers (Friday 23:30 UTC): this week; answered at 8:30, half an hour after opening.
    order('2026-11-20T23:30:00Z', { wilaya: 'Oran', status: 'contacted', history: [contacted('2026-11-21T07:30:00Z')] }),
    // Not answered yet.
    order('2026-11-26T07:00:00Z', { wilaya: 'Oran' }),
    // Spam counts nowhere.
    order('2026-11-24T10:00:00Z', { status: 'spam', wilaya: 'Tlemcen', history: [moved('2026-11-24T10:05:00Z', 'new', 'spam')] }),
    // Friday 23:30 Algiers: last week; answered on Saturday at 9:00, an hour after opening.
    order('2026-11-20T22:30:00Z', { status: 'contacted', history: [contacted('2026-11-21T08:00:00Z')] }),
    // Lost 20 days ago: not in either week, but in the 30 days.
    order('2026-11-06T10:00:00Z', { formId: 'spare-part-order', wilaya: 'Alger', status: 'lost' }),
    // 40 days ago: outside everything.
    order('2026-10-17T10:00:00Z', { status: 'won', wilaya: 'Bejaia' }),
  ];
  const figures = orderFigures(orders, now, defaultOpeningHours);

  it('gives the median and the 90th percentile of each week’s answers, in opening hours', () => {
    expect(figures.thisWeek).toEqual({ from: '2026-11-21', answered: 4, unanswered: 1, medianMinutes: 75, p90Minutes: 195 });
    expect(figures.lastWeek).toEqual({ from: '2026-11-14', answered: 1, unanswered: 0, medianMinutes: 60, p90Minutes: 60 });
  });

  it('counts each form’s orders per Algiers day over 30 days, ending today', () => {
    expect(figures.days).toHaveLength(30);
    expect(figures.days[0]).toBe('2026-10-28');
    expect(figures.days.at(-1)).toBe('2026-11-26');
    const perDay = (formId: string) =>
      Object.fromEntries(figures.days.flatMap((day, i) => {
        const count = figures.perDay.find((form) => form.formId === formId)!.counts[i]!;
        return count > 0 ? [[day, count]] : [];
      }));
    expect(figures.perDay.map((form) => form.formId)).toEqual(['tractor-order', 'spare-part-order']);
    expect(perDay('tractor-order')).toEqual({ '2026-11-20': 1, '2026-11-21': 1, '2026-11-22': 1, '2026-11-23': 1, '2026-11-26': 1 });
    expect(perDay('spare-part-order')).toEqual({ '2026-11-06': 1, '2026-11-25': 1 });
  });

  it('ranks the wilayas and counts won and lost over the 30 days, spam left out', () => {
    expect(figures.wilayas).toEqual([
      { wilaya: 'Alger', count: 3 },
      { wilaya: 'Oran', count: 2 },
      { wilaya: 'Setif', count: 2 },
    ]);
    expect(figures.outcomes).toEqual({ won: 1, lost: 1 });
  });

  it('has no times for a week nobody answered', () => {
    const quiet = orderFigures([order('2026-11-25T09:00:00Z')], now, defaultOpeningHours);
    expect(quiet.thisWeek).toEqual({ from: '2026-11-21', answered: 0, unanswered: 1 });
    expect(quiet.lastWeek).toEqual({ from: '2026-11-14', answered: 0, unanswered: 0 });
  });
});
