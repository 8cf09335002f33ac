import type { OrderFilter } from '../../../../shared/admin-api';
import { submissionLists, type SubmissionList } from '../../../../shared/submission-lists';
import { submissionStatuses, type SubmissionStatus } from '../../../../shared/submissions';

/**
 * The inbox's filters as they sit in the page's address (`/admin/orders?form=…&from=2026-11-01`),
 * so a filtered list can be shared, reloaded and left with the back button.
 * Dates are the staff's calendar days; the API gets the instants of their local midnights.
 */
export interface InboxFilter {
  /** The search box: names, phones, items, messages and notes, however typed (an older address's `phone=` reads as one). */
  q?: string;
  list: SubmissionList;
  form?: string;
  status?: SubmissionStatus;
  wilaya?: string;
  /** `YYYY-MM-DD`, the first day shown. */
  from?: string;
  /** `YYYY-MM-DD`, the last day shown (included). */
  to?: string;
  unreadOnly?: boolean;
  /** Only the orders whose row the sheet refused, waiting for staff. */
  needsStaff?: boolean;
  /** Only the orders given to this staff member (e-mail), or `me`: to whoever looks. */
  assignee?: string;
  /** The archived orders, out of the inbox otherwise. */
  archived?: boolean;
  /** Only the orders with this label. */
  label?: string;
  /** Only the new orders nobody has answered for too long (`AdminOrder.waiting`). */
  waiting?: boolean;
}

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;

export function filterFromSearch(params: URLSearchParams): InboxFilter {
  const text = (name: string) => params.get(name)?.trim() || undefined;
  const list = text('list');
  const status = text('status');
  const day = (name: string) => {
    const value = text(name);
    return value && dayPattern.test(value) && !Number.isNaN(localMidnight(value, 0)) ? value : undefined;
  };
  return {
    q: text('q') ?? text('phone'),
    list: list && (submissionLists as readonly string[]).includes(list) ? (list as SubmissionList) : 'inbox',
    form: text('form'),
    status: status && (submissionStatuses as readonly string[]).includes(status) ? (status as SubmissionStatus) : undefined,
    wilaya: text('wilaya'),
    from: day('from'),
    to: day('to'),
    unreadOnly: params.get('read') === 'false' || undefined,
    needsStaff: params.get('delivery') === 'needsStaff' || undefined,
    assignee: text('assignee'),
    archived: params.get('archived') === 'true' || undefined,
    label: text('label'),
    waiting: params.get('waiting') === 'true' || undefined,
  };
}

/** The address's query for a filter: only what is set, the default list left out. */
export function searchOf(filter: InboxFilter): URLSearchParams {
  const params = new URLSearchParams();
  const entries: [string, string | undefined][] = [
    ['q', filter.q],
    ['list', filter.list === 'inbox' ? undefined : filter.list],
    ['form', filter.form],
    ['status', filter.status],
    ['wilaya', filter.wilaya],
    ['from', filter.from],
    ['to', filter.to],
    ['read', filter.unreadOnly ? 'false' : undefined],
    ['delivery', filter.needsStaff ? 'needsStaff' : undefined],
    ['assignee', filter.assignee],
    ['archived', filter.archived ? 'true' : undefined],
    ['label', filter.label],
    ['waiting', filter.waiting ? 'true' : undefined],
  ];
  for (const [name, value] of entries) if (value) params.set(name, value);
  return params;
}

/** What `GET /api/admin/orders` and its export take for this filter. */
export function apiFilter(filter: InboxFilter): Record<keyof OrderFilter, string | undefined> {
  return {
    q: filter.q,
    list: filter.list,
    form: filter.form,
    // A waiting order is a new one: the API refuses another status with it.
    status: filter.waiting ? undefined : filter.status,
    wilaya: filter.wilaya,
    phone: undefined,
    from: filter.from && new Date(localMidnight(filter.from, 0)).toISOString(),
    // `to` is exclusive: the midnight after the last day.
    to: filter.to && new Date(localMidnight(filter.to, 1)).toISOString(),
    read: filter.unreadOnly ? 'false' : undefined,
    delivery: filter.needsStaff ? 'needsStaff' : undefined,
    assignee: filter.assignee,
    archived: filter.archived ? 'true' : undefined,
    label: filter.label,
    waiting: filter.waiting ? 'true' : undefined,
  };
}

/** The local midnight `days` after a `YYYY-MM-DD` day, in milliseconds. */
function localMidnight(day: string, days: number): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date + days).getTime();
}
