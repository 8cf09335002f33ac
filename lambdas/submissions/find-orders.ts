import type { StartKey } from '../lib/cursors';
import type { MessageKey } from '../lib/messages';
import { inboxCursor, inboxStartKey, parseInboxFilter, planInboxQuery, type InboxFilter } from './inbox-query';
import type { InboxPage, InboxStore } from './inbox-store';
import { maxSortedMatches, sortedCursor, sortedPage, sortedStart, sortMatches, type SortedStart, type SortPlan, type SortSources } from './inbox-sort';
import { searchCursor, searchStartKey, type OrderSearchIndex } from './search-index';
import { maxSearchLength, parseSearch, type OrderSearch } from './search-words';

/**
 * The orders a staff member asks for (`GET /api/admin/orders?q=…&<filters>`
 * and its export): the filters alone are one Query of the submissions'
 * indexes (inbox-query.ts); with a search, the search index leads to the
 * orders and the filters are checked on each (search-index.ts).
 */

export interface OrderQuery {
  filter: InboxFilter;
  search?: OrderSearch;
  /** Something was typed, but nothing searchable (only punctuation or control characters): no order matches. */
  nothing?: true;
  /** Another order than newest first (inbox-sort.ts); pages only, an export stays newest first. */
  sort?: SortPlan;
}

/** Where a page starts: a Query's start key, or for a sorted query a place in its order. */
export type PageStart = StartKey | SortedStart;

export interface FinderPage {
  submissions: InboxPage['submissions'];
  next?: PageStart;
  /** A search has more matches than can be sorted ({@link maxSortedMatches}): nothing is answered. */
  tooManyToSort?: true;
}

export type OrderQueryParse = { ok: true; query: OrderQuery } | { ok: false; code: MessageKey; details: Record<string, unknown> };

/** The filters and the search of a query string; the first problem otherwise. */
export function parseOrderQuery(parameters: Record<string, string | undefined>): OrderQueryParse {
  const parsed = parseInboxFilter(parameters);
  if (!parsed.ok) return { ok: false, code: 'invalidOrderFilter', details: { parameter: parsed.parameter } };
  const typed = parameters.q;
  if (typed === undefined || typed.trim() === '') return { ok: true, query: { filter: parsed.filter } };
  const searched = parseSearch(typed);
  if (!searched.ok) {
    return searched.reason === 'tooLong'
      ? { ok: false, code: 'searchTooLong', details: { parameter: 'q', maxLength: maxSearchLength } }
      : { ok: false, code: 'searchTooShort', details: { parameter: 'q' } };
  }
  return { ok: true, query: searched.search ? { filter: parsed.filter, search: searched.search } : { filter: parsed.filter, nothing: true } };
}

export interface OrderFinder {
  /** Up to `limit` orders, newest first or as sorted, from where a cursor says (`startKey`). */
  page(query: OrderQuery, limit: number, start?: PageStart): Promise<FinderPage>;
  /** Every matching order, newest first, a batch at a time. */
  all(query: OrderQuery): AsyncGenerator<Record<string, unknown>[]>;
  /** The cursor of the page after `key`. */
  cursor(query: OrderQuery, key: PageStart): string;
  /** Where a cursor made for this query starts; undefined for any other cursor. */
  startKey(query: OrderQuery, cursor: string): PageStart | undefined;
}

/** A search's batches for an export or a sort: the most a page may be. */
const searchBatch = 100;

export function createOrderFinder(
  inbox: InboxStore,
  searchIndex: OrderSearchIndex,
  exportAttributes: readonly string[] = [],
  schemaOf: SortSources['schemaOf'] = async () => undefined,
): OrderFinder {
  /** Every match of a sorted search, in the sort's order; undefined when there are too many to sort. */
  const sortedMatches = async (search: OrderSearch, filter: InboxFilter, sort: SortPlan) => {
    const matches: InboxPage['submissions'] = [];
    let start: StartKey | undefined;
    do {
      const page = await searchIndex.page(search, filter, searchBatch, start);
      matches.push(...page.submissions);
      if (matches.length > maxSortedMatches) return undefined;
      start = page.next;
    } while (start);
    return sortMatches(matches, sort, schemaOf);
  };

  return {
    async page({ filter, search, nothing, sort }, limit, start) {
      if (nothing) return { submissions: [] };
      if (sort && search) {
        const matches = await sortedMatches(search, filter, sort);
        if (!matches) return { submissions: [], tooManyToSort: true };
        const offset = start && 'offset' in start ? Number(start.offset) : 0;
        const end = offset + limit;
        return { submissions: matches.slice(offset, end), ...(end < matches.length ? { next: { offset: end } } : {}) };
      }
      if (sort) {
        const page = await sortedPage(inbox, sort, filter, limit, start as SortedStart | undefined);
        return { submissions: page.submissions, ...(page.nextStart ? { next: page.nextStart } : {}) };
      }
      return search ? searchIndex.page(search, filter, limit, start as StartKey | undefined) : inbox.page(planInboxQuery(filter), limit, start as StartKey | undefined);
    },

    async *all({ filter, search, nothing }) {
      if (nothing) return;
      if (!search) {
        yield* inbox.all(planInboxQuery(filter), exportAttributes);
        return;
      }
      let start: StartKey | undefined;
      do {
        const page = await searchIndex.page(search, filter, searchBatch, start);
        if (page.submissions.length > 0) yield page.submissions as unknown as Record<string, unknown>[];
        start = page.next;
      } while (start);
    },

    cursor({ filter, search, sort }, key) {
      if (sort) return sortedCursor(sortScope(filter, search, sort), key as SortedStart);
      return search ? searchCursor(search, filter, key as StartKey) : inboxCursor(filter, key as StartKey);
    },

    startKey({ filter, search, nothing, sort }, cursor) {
      if (nothing) return undefined;
      if (sort) {
        const start = sortedStart(sortScope(filter, search, sort), sort, filter, cursor);
        // A sorted search's cursor is an offset; a sorted Query's, a place in the order.
        return start && ('offset' in start) === (search !== undefined) ? start : undefined;
      }
      return search ? searchStartKey(search, filter, cursor) : inboxStartKey(filter, cursor);
    },
  };
}

/** What a sorted cursor is bound to: the filter, the search and the sort (with its values' order). */
function sortScope(filter: InboxFilter, search: OrderSearch | undefined, sort: SortPlan): unknown {
  return [Object.entries(filter).sort(([a], [b]) => (a < b ? -1 : 1)), search ?? null, sort];
}
