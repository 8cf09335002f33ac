import type { StartKey } from '../lib/cursors';
import type { MessageKey } from '../lib/messages';
import { inboxCursor, inboxStartKey, parseInboxFilter, planInboxQuery, type InboxFilter } from './inbox-query';
import type { InboxPage, InboxStore } from './inbox-store';
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
  /** Up to `limit` orders, newest first, from the start key of a cursor (`startKey`). */
  page(query: OrderQuery, limit: number, start?: StartKey): Promise<InboxPage>;
  /** Every matching order, newest first, a batch at a time. */
  all(query: OrderQuery): AsyncGenerator<Record<string, unknown>[]>;
  /** The cursor of the page after `key`. */
  cursor(query: OrderQuery, key: StartKey): string;
  /** The start key in a cursor made for this query; undefined for any other cursor. */
  startKey(query: OrderQuery, cursor: string): StartKey | undefined;
}

/** A search's batches for an export: the most a page may be. */
const searchBatch = 100;

export function createOrderFinder(inbox: InboxStore, searchIndex: OrderSearchIndex, exportAttributes: readonly string[] = []): OrderFinder {
  return {
    async page({ filter, search, nothing }, limit, start) {
      if (nothing) return { submissions: [] };
      return search ? searchIndex.page(search, filter, limit, start) : inbox.page(planInboxQuery(filter), limit, start);
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

    cursor({ filter, search }, key) {
      return search ? searchCursor(search, filter, key) : inboxCursor(filter, key);
    },

    startKey({ filter, search, nothing }, cursor) {
      if (nothing) return undefined;
      return search ? searchStartKey(search, filter, cursor) : inboxStartKey(filter, cursor);
    },
  };
}
