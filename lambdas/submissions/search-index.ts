import { BatchWriteCommand, QueryCommand, type DynamoDBDocumentClient, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import type { FormSchema } from '../../shared/forms/form-schema';
import type { Submission } from '../../shared/submissions';
import type { ApiConfig } from '../lib/config';
import { decodeCursor, encodeCursor, scopeDigest, type StartKey } from '../lib/cursors';
import { itemMatchesFilter, type InboxFilter } from './inbox-query';
import { batchGetItems } from './inbox-store';
import { indexAttributes } from './record';
import { lookupTerms, matchesSearch, searchableOrder, searchTerms, type OrderSearch } from './search-words';
import { toSubmission } from './submissions-store';

/**
 * The inbox's text search (docs/decisions/0022-the-dealers-inbox.md): the
 * `orderSearch` table holds one small item per word beginning of an order
 * (`term`), sorted by the order's time (`entry` = `createdAt#orderId`). A
 * search reads the entries of each of its words newest first, one Query at a
 * time per word, keeps the orders found under every word (jumping a word's
 * reading down to the next order the others share), fetches those orders
 * with BatchGetItem and keeps the ones that match the words and the filters.
 * The orders table is never scanned; an entry gone stale (a note changed, an
 * order deleted) only leads to an order that is then checked and left out.
 */

/** Who an entry leads to. These never change, so the entries carry them and the Queries filter on them. */
export interface SearchedOrder {
  orderId: string;
  createdAt: string;
  list: string;
  formId: string;
  /** `inbox#Setif`, as the submissions' byWilaya index writes it. */
  listWilaya?: string;
}

/** The order an entry leads to, as its stored submission and its form say it. */
export function searchedOrder(submission: Submission, schema: FormSchema | undefined): SearchedOrder {
  const listWilaya = schema ? indexAttributes(submission, schema).listWilaya : undefined;
  return { orderId: submission.orderId, createdAt: submission.createdAt, list: submission.list, formId: submission.formId, ...(listWilaya ? { listWilaya } : {}) };
}

/** Writes every entry of a stored order: its fields' words and its notes'. */
export function indexOrder(index: Pick<OrderSearchIndex, 'add'>, submission: Submission, schema: FormSchema | undefined): Promise<void> {
  return index.add(searchedOrder(submission, schema), searchTerms(searchableOrder(submission, schema)));
}

export interface SearchPage {
  submissions: Submission[];
  next?: StartKey;
}

export interface OrderSearchIndex {
  /** Writes these terms for the order (again: a put of the same entry changes nothing). */
  add(order: SearchedOrder, terms: readonly string[]): Promise<void>;
  /** Removes these terms of the order. */
  remove(order: SearchedOrder, terms: readonly string[]): Promise<void>;
  /** Up to `limit` orders matching the search and the filter, newest first, from `start`. */
  page(search: OrderSearch, filter: InboxFilter, limit: number, start?: StartKey): Promise<SearchPage>;
}

/** BatchWriteItem takes at most this many items a call. */
const writeBatch = 25;
/** Calls in flight at once for one order's entries. */
const writeConcurrency = 4;
/** How much a page reads at most. */
export interface ReadLimits {
  /** Entries a word's first Query reads; each next one reads twice as many, up to 1,000. */
  firstRead: number;
  /** A page that finds few matches stops after this many Queries (all words together), handing a cursor for the rest. */
  queriesPerPage: number;
}

const defaultLimits: ReadLimits = { firstRead: 100, queriesPerPage: 24 };
const largestRead = 1_000;

export function createOrderSearchIndex(
  client: DynamoDBDocumentClient,
  { orderSearchTable: searchTable, submissionsTable }: Pick<ApiConfig, 'orderSearchTable' | 'submissionsTable'>,
  schemaOf: (formId: string) => Promise<FormSchema | undefined>,
  limits: ReadLimits = defaultLimits,
): OrderSearchIndex {
  const write = async (requests: Record<string, unknown>[]) => {
    const batches: Record<string, unknown>[][] = [];
    for (let i = 0; i < requests.length; i += writeBatch) batches.push(requests.slice(i, i + writeBatch));
    const next = async () => {
      for (let batch = batches.shift(); batch; batch = batches.shift()) {
        let pending: Record<string, unknown>[] | undefined = batch;
        for (let attempt = 0; pending && pending.length > 0; attempt++) {
          if (attempt > 0) await pause(attempt);
          const { UnprocessedItems } = await client.send(new BatchWriteCommand({ RequestItems: { [searchTable]: pending } }));
          pending = UnprocessedItems?.[searchTable] as Record<string, unknown>[] | undefined;
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(writeConcurrency, batches.length) }, next));
  };

  /** The candidates' orders that match the words and the filter, in the candidates' order. */
  const confirm = async (search: OrderSearch, filter: InboxFilter, candidates: Entry[]) => {
    const orders = await batchGetItems(client, submissionsTable, candidates.map((entry) => entry.orderId));
    const kept: { entry: Entry; submission: Submission }[] = [];
    for (const entry of candidates) {
      const item = orders.get(entry.orderId);
      if (!item || !itemMatchesFilter(item, filter)) continue;
      const submission = toSubmission(item);
      if (matchesSearch(search, searchableOrder(submission, await schemaOf(submission.formId)))) kept.push({ entry, submission });
    }
    return kept;
  };

  return {
    async add(order, terms) {
      const entry = entryOf(order);
      const attributes = { orderId: order.orderId, list: order.list, formId: order.formId, ...(order.listWilaya ? { listWilaya: order.listWilaya } : {}) };
      await write(terms.map((term) => ({ PutRequest: { Item: { term, entry, ...attributes } } })));
    },

    async remove(order, terms) {
      await write(terms.map((term) => ({ DeleteRequest: { Key: { term, entry: entryOf(order) } } })));
    },

    async page(search, filter, limit, start) {
      const budget = { queries: 0, limits };
      const terms = lookupTerms(search);
      // Entries at or above the page's start are done with (the first page: those after `to`).
      const from = start?.entry ?? filter.to ?? '~';
      const readers = terms.map((term) => new TermReader(client, searchTable, term, filter, from, budget));
      const found: Submission[] = [];
      const candidates = intersect(readers, budget, from);
      let batch: Entry[] = [];
      const next = (entry: string): StartKey => ({ term: terms[0]!, entry });
      for (let step = await candidates.next(); ; step = await candidates.next()) {
        if (!step.done) batch.push(step.value);
        // Confirm a batch once it could fill the page, or when the reading stops.
        if (batch.length < Math.max(limit - found.length, 10) && !step.done) continue;
        const kept = await confirm(search, filter, batch);
        for (const { entry, submission } of kept) {
          found.push(submission);
          if (found.length === limit) return { submissions: found, next: next(entry.entry) };
        }
        batch = [];
        if (step.done) {
          // Stopped by the page's budget: what is at or above `step.value` is decided, the rest waits for the next page.
          return step.value === undefined ? { submissions: found } : { submissions: found, next: next(step.value) };
        }
      }
    },
  };
}

interface Entry {
  entry: string;
  orderId: string;
}

/** What a page has read so far, and may. */
interface Budget {
  queries: number;
  limits: ReadLimits;
}

/**
 * The entries under every reader's term, newest first. Ends when a reader
 * has no more (answering undefined), or when the page's budget of Queries is
 * spent, answering where the next page resumes: every entry at or above it
 * has been decided (found under every term, or not).
 */
async function* intersect(readers: TermReader[], budget: Budget, start: string): AsyncGenerator<Entry, string | undefined> {
  let resume = start;
  const decidedFrom = (entry: string) => {
    if (entry < resume) resume = entry;
  };
  for (;;) {
    const hungry = readers.filter((reader) => reader.needsQuery());
    if (hungry.length > 0) {
      hungry.forEach((reader) => decidedFrom(reader.reached));
      if (budget.queries >= budget.limits.queriesPerPage) return resume;
      await Promise.all(hungry.map((reader) => reader.read()));
      continue;
    }
    if (readers.some((reader) => reader.exhausted())) return undefined;
    const heads = readers.map((reader) => reader.head()!);
    const lowest = heads.reduce((low, head) => (head.entry < low ? head.entry : low), heads[0]!.entry);
    if (heads.every((head) => head.entry === lowest)) {
      readers.forEach((reader) => reader.take());
      yield heads[0]!;
      decidedFrom(lowest);
    } else {
      // Nothing above the lowest head is under every term: the other readers jump down to it.
      readers.forEach((reader) => reader.skipAbove(lowest));
      decidedFrom(below(lowest));
    }
  }
}

/** A bound just under an entry: it sorts below the entry and above every entry after it (a space sorts below every character of an entry). */
function below(entry: string): string {
  return `${entry} `;
}

/**
 * One term's entries, newest first, within the filter's dates and below the
 * page's start, read a Query at a time (each twice as large as the one
 * before), or from a given entry down once told to jump there.
 */
class TermReader {
  private buffer: Entry[] = [];
  private startKey?: Record<string, unknown>;
  private done = false;
  private readSize: number;
  /** The next Query reads entries up to this one... */
  private ceiling: string;
  /** ...itself included only after a jump (the page's start, and `to`, are excluded). */
  private ceilingIncluded = false;
  /** Every entry of this term at or above this one has been read. */
  reached: string;

  constructor(
    private readonly client: DynamoDBDocumentClient,
    private readonly table: string,
    private readonly term: string,
    private readonly filter: InboxFilter,
    start: string,
    private readonly budget: Budget,
  ) {
    // Two at least: a page's start is read (and left out) first, and a Query must also reach below it.
    this.readSize = Math.max(budget.limits.firstRead, 2);
    this.ceiling = start;
    this.reached = start;
  }

  needsQuery(): boolean {
    return this.buffer.length === 0 && !this.done;
  }

  exhausted(): boolean {
    return this.buffer.length === 0 && this.done;
  }

  head(): Entry | undefined {
    return this.buffer[0];
  }

  take(): void {
    this.buffer.shift();
  }

  /** Drops the entries above `entry`; once none is left read, the next Query starts at `entry`. */
  skipAbove(entry: string): void {
    while (this.buffer.length > 0 && this.buffer[0]!.entry > entry) this.buffer.shift();
    if (this.buffer.length === 0 && !this.done) {
      this.ceiling = entry;
      this.ceilingIncluded = true;
      this.startKey = undefined;
      this.reached = below(entry);
    }
  }

  async read(): Promise<void> {
    const from = this.filter.from ?? '0';
    if (this.ceiling < from) {
      this.done = true;
      return;
    }
    this.budget.queries++;
    const names: Record<string, string> = { '#term': 'term', '#entry': 'entry', '#list': 'list' };
    const values: Record<string, unknown> = { ':term': this.term, ':from': from, ':ceiling': this.ceiling, ':list': this.filter.list };
    const conditions = ['#list = :list'];
    if (this.filter.form !== undefined) {
      names['#form'] = 'formId';
      values[':form'] = this.filter.form;
      conditions.push('#form = :form');
    }
    if (this.filter.wilaya !== undefined) {
      names['#wilaya'] = 'listWilaya';
      values[':wilaya'] = `${this.filter.list}#${this.filter.wilaya}`;
      conditions.push('#wilaya = :wilaya');
    }
    const input: QueryCommandInput = {
      TableName: this.table,
      // `entry` starts with createdAt: the dates are a range of the sort key.
      KeyConditionExpression: '#term = :term AND #entry BETWEEN :from AND :ceiling',
      FilterExpression: conditions.join(' AND '),
      ExpressionAttributeNames: names,
      ExpressionAttributeValues: values,
      ProjectionExpression: '#entry, orderId',
      ScanIndexForward: false,
      Limit: this.readSize,
      ExclusiveStartKey: this.startKey,
    };
    const { Items = [], LastEvaluatedKey } = await this.client.send(new QueryCommand(input));
    const included = this.ceilingIncluded;
    for (const item of Items) {
      const entry = String(item.entry);
      if (included || entry !== this.ceiling) this.buffer.push({ entry, orderId: String(item.orderId) });
    }
    this.startKey = LastEvaluatedKey;
    this.done = LastEvaluatedKey === undefined;
    this.reached = LastEvaluatedKey === undefined ? '' : String(LastEvaluatedKey.entry);
    this.readSize = Math.min(this.readSize * 2, largestRead);
  }
}

/** An entry's sort key: newest first is descending order. */
function entryOf(order: SearchedOrder): string {
  return `${order.createdAt}#${order.orderId}`;
}

/** A cursor for the next page of this search with this filter. */
export function searchCursor(search: OrderSearch, filter: InboxFilter, key: StartKey): string {
  return encodeCursor(searchScope(search, filter), key);
}

/** The start key of a cursor made for this search and filter, or undefined. */
export function searchStartKey(search: OrderSearch, filter: InboxFilter, cursor: string): StartKey | undefined {
  return decodeCursor(searchScope(search, filter), cursor, { names: ['term', 'entry'], partition: { name: 'term', value: lookupTerms(search)[0]! } });
}

function searchScope(search: OrderSearch, filter: InboxFilter): string {
  return `search:${scopeDigest([search, Object.entries(filter).sort(([a], [b]) => (a < b ? -1 : 1))])}`;
}

function pause(attempt: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, Math.min(50 * 2 ** attempt, 1_000)));
}
