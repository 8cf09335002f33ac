import { orderSorts, type OrderSort } from '../../shared/admin-api';
import type { FormSchema } from '../../shared/forms/form-schema';
import { listFormIds, readDefinitions } from '../../shared/forms/schema-files';
import type { Language } from '../../shared/languages';
import { submissionStatuses, type Submission } from '../../shared/submissions';
import { decodeCursorKey, encodeCursor, fitsShape, scopeDigest, type StartKey } from '../lib/cursors';
import { planInboxQuery, startKeyAfter, type InboxFilter, type InboxQuery } from './inbox-query';
import type { InboxPage, InboxStore } from './inbox-store';
import { indexAttributes } from './record';

/**
 * The inbox in another order than newest first (docs/decisions/0022, "Sort
 * and columns"). Every index of the submissions sorts on the time sent, so:
 * - oldest first is the same Query read the other way;
 * - by status, wilaya or form, the orders of each value in turn (the
 *   workflow's statuses, the wilayas by number, the forms by title), each a
 *   Query of the filter with that value, which takes that value's own index
 *   (byStatus, byWilaya, byForm) and reads only its orders, newest first;
 *   then the orders with none of the values (no wilaya, a form since
 *   removed), read through the filter's index and kept by a filter
 *   expression: the one part that reads every order of the filter;
 * - with a search, the matches (at most {@link maxSortedMatches}) are
 *   gathered and sorted in memory, a page being a slice of them.
 */

/** The sort of a query string's `sort`; undefined for a value that is not one. */
export function parseSort(value: string | undefined): OrderSort | undefined {
  if (value === undefined) return 'newest';
  return (orderSorts as readonly string[]).includes(value) ? (value as OrderSort) : undefined;
}

/** A sort other than newest first, as planned for one filter. */
export type SortPlan =
  | { by: 'oldest' }
  | {
      by: 'status' | 'wilaya' | 'form';
      /** The values in their order. */
      values: string[];
      /** Whether the orders with none of them come last. */
      rest: boolean;
    };

/** A search's matches sorted in memory: beyond this many, the API asks for a narrower search. */
export const maxSortedMatches = 500;
/** Value Queries one page makes at most (most wilayas hold no order of a filter): the cursor says where to go on. */
const maxQueriesPerPage = 20;
const restValue = '';
/** Beyond this many values, a value's own index reads less than the filter's index read once per value. */
const manyValues = 10;

export interface SortSources {
  /** Every form's id. */
  formIds(): Promise<string[]>;
  schemaOf(formId: string): Promise<FormSchema | undefined>;
  /** The wilayas as stored, by number. */
  wilayas(): Promise<string[]>;
}

/** The forms and wilayas as the form schemas' folder has them, read once. */
export function createSortSources(formSchemasDir: string, schemaOf: SortSources['schemaOf']): SortSources {
  let formIds: Promise<string[]> | undefined;
  let wilayas: Promise<string[]> | undefined;
  return {
    formIds: () => (formIds ??= listFormIds(formSchemasDir)),
    schemaOf,
    wilayas: () => (wilayas ??= readDefinitions(formSchemasDir).then((documents) => (documents[0]?.$defs.wilaya?.enum ?? []) as string[])),
  };
}

/** The plan of a sort for a filter; undefined for newest first. Forms are ordered by their title in the staff's language. */
export async function planSort(sort: OrderSort, filter: InboxFilter, language: Language, sources: SortSources): Promise<SortPlan | undefined> {
  switch (sort) {
    case 'newest':
      return undefined;
    case 'oldest':
      return { by: 'oldest' };
    case 'status':
      return { by: 'status', values: filter.status ? [filter.status] : submissionStatuses.filter((status) => status !== 'spam'), rest: false };
    case 'wilaya':
      return filter.wilaya ? { by: 'wilaya', values: [filter.wilaya], rest: false } : { by: 'wilaya', values: await sources.wilayas(), rest: true };
    case 'form': {
      if (filter.form) return { by: 'form', values: [filter.form], rest: false };
      const forms = await Promise.all((await sources.formIds()).map(async (formId) => ({ formId, schema: await sources.schemaOf(formId) })));
      const titled = forms
        .filter(({ schema }) => schema?.['x-store'].list === filter.list)
        .map(({ formId, schema }) => ({ formId, title: schema!['x-title'][language] }))
        .sort((a, b) => a.title.localeCompare(b.title, language) || (a.formId < b.formId ? -1 : 1));
      return { by: 'form', values: titled.map(({ formId }) => formId), rest: true };
    }
  }
}

/** The Query of one value of a sort by value (`restValue`: the orders with none of the values). */
function valueQuery(plan: Extract<SortPlan, { values: string[] }>, filter: InboxFilter, value: string): InboxQuery {
  if (value !== restValue) {
    // Many values (wilayas, forms): each value's own index, whose partition holds only its orders, rather than the filter's index
    // read once per value; unless the filter names a wilaya, narrower still.
    const lead = plan.values.length > manyValues && filter.wilaya === undefined ? plan.by : undefined;
    return planInboxQuery({ ...filter, [plan.by]: value }, lead);
  }
  const query = planInboxQuery(filter);
  const names = { ...query.names };
  const values = { ...query.values };
  plan.values.forEach((known, i) => (values[`:sorted${i}`] = plan.by === 'wilaya' ? `${filter.list}#${known}` : known));
  const list = plan.values.map((_, i) => `:sorted${i}`).join(', ');
  let condition: string;
  if (plan.by === 'wilaya') {
    names['#listWilaya'] = 'listWilaya';
    condition = `(attribute_not_exists(#listWilaya) OR NOT (#listWilaya IN (${list})))`;
  } else {
    names['#form'] = 'formId';
    condition = `NOT (#form IN (${list}))`;
  }
  return { ...query, names, values, filterExpression: query.filterExpression ? `${query.filterExpression} AND ${condition}` : condition };
}

function valuesOf(plan: Extract<SortPlan, { values: string[] }>): string[] {
  return plan.rest ? [...plan.values, restValue] : plan.values;
}

/** Where a sorted page starts: the value's place, and the key within its Query; or, with a search, how many matches come before. */
export type SortedStart = { value: number; key?: StartKey } | { offset: number };

/** A page of the filter's orders in the plan's order. */
export async function sortedPage(inbox: InboxStore, plan: SortPlan, filter: InboxFilter, limit: number, start?: SortedStart): Promise<InboxPage & { nextStart?: SortedStart }> {
  if (plan.by === 'oldest') {
    const key = start && 'value' in start ? start.key : undefined;
    const page = await inbox.page({ ...planInboxQuery(filter), oldestFirst: true }, limit, key);
    return { submissions: page.submissions, ...(page.next ? { nextStart: { value: 0, key: page.next } } : {}) };
  }
  const values = valuesOf(plan);
  const found: Submission[] = [];
  let value = start && 'value' in start ? start.value : 0;
  let key = start && 'value' in start ? start.key : undefined;
  for (let queries = 0; value < values.length; queries++) {
    if (queries === maxQueriesPerPage) return { submissions: found, nextStart: { value } };
    const page = await inbox.page(valueQuery(plan, filter, values[value]!), limit - found.length, key);
    found.push(...page.submissions);
    if (page.next) return { submissions: found, nextStart: { value, key: page.next } };
    value += 1;
    key = undefined;
    if (found.length === limit) return { submissions: found, ...(value < values.length ? { nextStart: { value } } : {}) };
  }
  return { submissions: found };
}

/** A search's matches (newest first, as found) in the plan's order. */
export async function sortMatches(matches: Submission[], plan: SortPlan, schemaOf: SortSources['schemaOf']): Promise<Submission[]> {
  if (plan.by === 'oldest') return [...matches].sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0));
  const values = valuesOf(plan);
  const rank = async (submission: Submission) => {
    const value = await valueOf(plan, submission, schemaOf);
    const place = values.indexOf(value ?? restValue);
    return place === -1 ? values.length : place;
  };
  const ranked = await Promise.all(matches.map(async (submission, found) => ({ submission, found, rank: await rank(submission) })));
  // Stable: newest first within a value, as the search found them.
  return ranked.sort((a, b) => a.rank - b.rank || a.found - b.found).map(({ submission }) => submission);
}

async function valueOf(plan: Extract<SortPlan, { values: string[] }>, submission: Submission, schemaOf: SortSources['schemaOf']): Promise<string | undefined> {
  if (plan.by === 'status') return submission.status;
  if (plan.by === 'form') return submission.formId;
  const schema = await schemaOf(submission.formId);
  return schema ? indexAttributes(submission, schema).listWilaya?.slice(submission.list.length + 1) : undefined;
}

/** The next page's cursor, bound to the sort, the filter and the search. */
export function sortedCursor(scope: unknown, start: SortedStart): string {
  const key: StartKey = 'offset' in start ? { '@offset': String(start.offset) } : { '@value': String(start.value), ...start.key };
  return encodeCursor(sortedScope(scope), key);
}

/** Where a cursor made for this sort, filter and search starts; undefined for any other. */
export function sortedStart(scope: unknown, plan: SortPlan, filter: InboxFilter, cursor: string): SortedStart | undefined {
  const key = decodeCursorKey(sortedScope(scope), cursor);
  if (!key) return undefined;
  const { '@offset': offset, '@value': value, ...rest } = key;
  if (offset !== undefined) return /^\d{1,4}$/.test(offset) && Object.keys(key).length === 1 ? { offset: Number(offset) } : undefined;
  if (value === undefined || !/^\d{1,3}$/.test(value)) return undefined;
  const place = Number(value);
  const query = plan.by === 'oldest' ? planInboxQuery(filter) : place < valuesOf(plan).length ? valueQuery(plan, filter, valuesOf(plan)[place]!) : undefined;
  if (!query) return undefined;
  if (Object.keys(rest).length === 0) return plan.by === 'oldest' ? undefined : { value: place };
  const shape = { names: Object.keys(startKeyAfter(query, {})), partition: { name: query.index.partitionKey.name, value: String(query.values[':pk']) } };
  return fitsShape(rest, shape) ? { value: place, key: rest } : undefined;
}

function sortedScope(scope: unknown): string {
  return `sorted:${scopeDigest(scope)}`;
}
