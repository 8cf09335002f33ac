import { maxLabelLength, type OrderFilter } from '../../shared/admin-api';
import { formIdPattern } from '../../shared/forms/form-schema';
import { submissionLists, type SubmissionList } from '../../shared/submission-lists';
import { phoneSearchKey, submissionStatuses, type SubmissionStatus } from '../../shared/submissions';
import { decodeCursor, encodeCursor, scopeDigest, type StartKey } from '../lib/cursors';
import { indexOf, type IndexDefinition } from '../lib/tables';
import { listStatusKey } from './record';

/**
 * How the inbox finds the orders a filter asks for (docs/decisions/0008 and
 * 0010): one Query on the most selective index (phone, then form, wilaya,
 * status, else the whole list), the time range on its sort key (`createdAt`),
 * the other filters as a filter expression. Never a Scan.
 */

/** A filter as checked: every value known good. */
export interface InboxFilter {
  list: SubmissionList;
  form?: string;
  status?: SubmissionStatus;
  wilaya?: string;
  /** phoneSearchKey() of the phone asked for. */
  phoneKey?: string;
  /** ISO instants: from inclusive, to exclusive. */
  from?: string;
  to?: string;
  read?: boolean;
  /** Only the orders with a delivery refused on its own. */
  needsStaff?: boolean;
  /** Only the orders given to this staff member (e-mail; the API reads `me` as the caller's). */
  assignee?: string;
  /** `true`: only the archived orders; `false` (the inbox's default): only the others; absent: both (the dashboard's figures). */
  archived?: boolean;
  /** Only the orders with this label. */
  label?: string;
}

export type FilterResult = { ok: true; filter: InboxFilter } | { ok: false; parameter: string };

const datePattern = /^\d{4}-\d{2}-\d{2}$/;
const maxWilayaLength = 60;

/** The filter of a query string; names the first bad parameter otherwise. Unknown parameters are ignored. */
export function parseInboxFilter(query: Record<string, string | undefined>): FilterResult {
  const { list = 'inbox', form, status, wilaya, phone, from, to, read, delivery, assignee, archived, label } = query as Record<keyof OrderFilter, string | undefined>;
  if (!(submissionLists as readonly string[]).includes(list)) return { ok: false, parameter: 'list' };
  if (form !== undefined && !formIdPattern.test(form)) return { ok: false, parameter: 'form' };
  if (status !== undefined && !(submissionStatuses as readonly string[]).includes(status)) return { ok: false, parameter: 'status' };
  if (wilaya !== undefined && (wilaya.trim() === '' || wilaya.length > maxWilayaLength)) return { ok: false, parameter: 'wilaya' };
  const phoneKey = phone === undefined ? undefined : phoneSearchKey(phone);
  if (phone !== undefined && (!phoneKey || phone.length > 40)) return { ok: false, parameter: 'phone' };
  const start = from === undefined ? undefined : instant(from, 'from');
  if (start === null) return { ok: false, parameter: 'from' };
  const end = to === undefined ? undefined : instant(to, 'to');
  if (end === null) return { ok: false, parameter: 'to' };
  // A range that ends before it starts holds nothing, and DynamoDB refuses its BETWEEN.
  if (start !== undefined && end !== undefined && end <= start) return { ok: false, parameter: 'to' };
  if (read !== undefined && read !== 'true' && read !== 'false') return { ok: false, parameter: 'read' };
  if (delivery !== undefined && delivery !== 'needsStaff') return { ok: false, parameter: 'delivery' };
  if (assignee !== undefined && !/^[^\s@]{1,64}@[^\s@]{1,190}$/.test(assignee)) return { ok: false, parameter: 'assignee' };
  if (archived !== undefined && archived !== 'true') return { ok: false, parameter: 'archived' };
  if (label !== undefined && !isLabel(label)) return { ok: false, parameter: 'label' };

  const filter: InboxFilter = { list: list as SubmissionList };
  if (form !== undefined) filter.form = form;
  if (status !== undefined) filter.status = status as SubmissionStatus;
  if (wilaya !== undefined) filter.wilaya = wilaya.trim();
  if (phoneKey !== undefined) filter.phoneKey = phoneKey;
  if (start !== undefined) filter.from = start;
  if (end !== undefined) filter.to = end;
  if (read !== undefined) filter.read = read === 'true';
  if (delivery !== undefined) filter.needsStaff = true;
  if (assignee !== undefined) filter.assignee = assignee;
  filter.archived = archived === 'true';
  if (label !== undefined) filter.label = label;
  return { ok: true, filter };
}

/** Control characters no keyboard types (line breaks and tabs are text): a note or a label holding one is refused. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const controlCharacters = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** A label as staff write it: 1 to 30 characters, on one line, trimmed. */
export function isLabel(value: unknown): value is string {
  return typeof value === 'string' && value.length <= maxLabelLength && value.trim() === value && value !== '' && !/[\n\t]/.test(value) && !controlCharacters.test(value);
}

/** An ISO instant; a date alone is midnight UTC, and as `to` the end of that day. Null when unreadable. */
function instant(value: string, bound: 'from' | 'to'): string | null {
  if (datePattern.test(value)) {
    const midnight = Date.parse(`${value}T00:00:00.000Z`);
    if (Number.isNaN(midnight)) return null;
    return new Date(bound === 'to' ? midnight + 24 * 3_600_000 : midnight).toISOString();
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return null;
  const time = Date.parse(value);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

/** One Query's parameters, without the table name and paging. */
export interface InboxQuery {
  index: IndexDefinition;
  /** The value of the index's partition key. */
  partition: string;
  keyCondition: string;
  filterExpression?: string;
  names: Record<string, string>;
  values: Record<string, unknown>;
  /** Oldest first (the inbox's `sort=oldest`); newest first otherwise. */
  oldestFirst?: true;
}

const byList = indexOf('submissions', 'byList');
const byForm = indexOf('submissions', 'byForm');
const byStatus = indexOf('submissions', 'byStatus');
const byWilaya = indexOf('submissions', 'byWilaya');
const byPhone = indexOf('submissions', 'byPhone');

/** `lead`: the filter of this kind takes its own index unless a phone is asked for (a sort's value: inbox-sort.ts). */
export function planInboxQuery(filter: InboxFilter, lead?: 'form' | 'wilaya' | 'status'): InboxQuery {
  const { index, partition } = chooseIndex(filter, lead);
  const names: Record<string, string> = { '#pk': index.partitionKey.name };
  const values: Record<string, unknown> = { ':pk': partition };

  let keyCondition = '#pk = :pk';
  if (filter.from !== undefined && filter.to !== undefined) {
    keyCondition += ' AND #created BETWEEN :from AND :to';
  } else if (filter.from !== undefined) {
    keyCondition += ' AND #created >= :from';
  } else if (filter.to !== undefined) {
    keyCondition += ' AND #created <= :to';
  }
  if (filter.from !== undefined || filter.to !== undefined) names['#created'] = index.sortKey!.name;
  if (filter.from !== undefined) values[':from'] = filter.from;
  // BETWEEN and <= include the bound; `to` is exclusive.
  if (filter.to !== undefined) values[':to'] = new Date(Date.parse(filter.to) - 1).toISOString();

  const conditions: string[] = [];
  const where = (condition: string, entries: Record<string, string>, attributeValues: Record<string, unknown>) => {
    conditions.push(condition);
    Object.assign(names, entries);
    Object.assign(values, attributeValues);
  };
  // byPhone and byForm hold every list; the other indexes are per list.
  if (index === byPhone || index === byForm) where('#list = :list', { '#list': 'list' }, { ':list': filter.list });
  if (filter.form !== undefined && index !== byForm) where('#form = :form', { '#form': 'formId' }, { ':form': filter.form });
  if (filter.wilaya !== undefined && index !== byWilaya) {
    where('#listWilaya = :listWilaya', { '#listWilaya': 'listWilaya' }, { ':listWilaya': `${filter.list}#${filter.wilaya}` });
  }
  if (filter.status === undefined) where('#status <> :spam', { '#status': 'status' }, { ':spam': 'spam' });
  else if (index !== byStatus) where('#status = :status', { '#status': 'status' }, { ':status': filter.status });
  if (filter.read !== undefined) where('#read = :read', { '#read': 'read' }, { ':read': filter.read });
  if (filter.assignee !== undefined) where('#assignee = :assignee', { '#assignee': 'assignee' }, { ':assignee': filter.assignee });
  if (filter.archived === true) where('#archived = :archived', { '#archived': 'archived' }, { ':archived': true });
  if (filter.archived === false) where('attribute_not_exists(#archived)', { '#archived': 'archived' }, {});
  if (filter.label !== undefined) where('contains(#labels, :label)', { '#labels': 'labels' }, { ':label': filter.label });
  if (filter.needsStaff) {
    where(
      '(deliveries.#sheet.#state = :needsStaff OR deliveries.#email.#state = :needsStaff)',
      { '#sheet': 'sheet', '#email': 'email', '#state': 'state' },
      { ':needsStaff': 'needsStaff' },
    );
  }

  return {
    index,
    partition,
    keyCondition,
    ...(conditions.length > 0 ? { filterExpression: conditions.join(' AND ') } : {}),
    names,
    values,
  };
}

/**
 * Whether a stored item passes the filter, as the Query planned above would
 * select it: for orders found another way (the text search).
 */
export function itemMatchesFilter(item: Record<string, unknown>, filter: InboxFilter): boolean {
  const createdAt = String(item.createdAt);
  const deliveries = (item.deliveries ?? {}) as Record<string, { state?: string } | undefined>;
  return (
    item.list === filter.list &&
    (filter.form === undefined || item.formId === filter.form) &&
    (filter.wilaya === undefined || item.listWilaya === `${filter.list}#${filter.wilaya}`) &&
    (filter.phoneKey === undefined || item.phoneKey === filter.phoneKey) &&
    (filter.status === undefined ? item.status !== 'spam' : item.status === filter.status) &&
    (filter.read === undefined || item.read === filter.read) &&
    (filter.assignee === undefined || item.assignee === filter.assignee) &&
    (filter.archived === undefined || (item.archived === true) === filter.archived) &&
    (filter.label === undefined || (Array.isArray(item.labels) && item.labels.includes(filter.label))) &&
    (filter.from === undefined || createdAt >= filter.from) &&
    (filter.to === undefined || createdAt < filter.to) &&
    (!filter.needsStaff || Object.values(deliveries).some((delivery) => delivery?.state === 'needsStaff'))
  );
}

function chooseIndex(filter: InboxFilter, lead?: 'form' | 'wilaya' | 'status'): { index: IndexDefinition; partition: string } {
  if (filter.phoneKey !== undefined) return { index: byPhone, partition: filter.phoneKey };
  if (lead !== undefined && filter[lead] !== undefined) return chooseIndex({ list: filter.list, [lead]: filter[lead] });
  if (filter.form !== undefined) return { index: byForm, partition: filter.form };
  if (filter.wilaya !== undefined) return { index: byWilaya, partition: `${filter.list}#${filter.wilaya}` };
  if (filter.status !== undefined) return { index: byStatus, partition: listStatusKey(filter.list, filter.status) };
  return { index: byList, partition: filter.list };
}

/** A cursor for the next page of this filter's query (lambdas/lib/cursors.ts). */
export function inboxCursor(filter: InboxFilter, key: StartKey): string {
  return encodeCursor(filterScope(filter), key);
}

/** The start key of a cursor made for this filter, or undefined. */
export function inboxStartKey(filter: InboxFilter, cursor: string): StartKey | undefined {
  const { index, partition } = chooseIndex(filter);
  return decodeCursor(filterScope(filter), cursor, {
    names: ['orderId', index.partitionKey.name, index.sortKey!.name],
    partition: { name: index.partitionKey.name, value: partition },
  });
}

/** The start key of a query continuing just after this item. */
export function startKeyAfter(query: InboxQuery, item: Record<string, unknown>): StartKey {
  const names = ['orderId', query.index.partitionKey.name, query.index.sortKey!.name];
  return Object.fromEntries(names.map((name) => [name, String(item[name])]));
}

function filterScope(filter: InboxFilter): string {
  return `inbox:${scopeDigest(Object.entries(filter).sort(([a], [b]) => (a < b ? -1 : 1)))}`;
}
