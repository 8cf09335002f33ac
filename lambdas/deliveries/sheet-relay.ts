import { defaultRelayTimeoutMs } from '../lib/config';

/**
 * Client of the spreadsheet relay, an HTTP service that appends rows to the
 * dealer's Google Sheet (one address per sheet key):
 * - `POST {url}?tabId=Sheet1` with a JSON body holding an array of row
 *   arrays appends those rows. The answer is read as the spec says: the HTTP
 *   status, the body's `ok` flag, and on error its `message` (or `error`).
 * - `GET {url}?tabId=Sheet1&page=N&perPage=M` reads the tab back, a page at
 *   a time: `{ data: rows, total? }`, each row an array of cells or an object
 *   of cells by column title. The delivery worker reads the last rows back
 *   after a call whose outcome it does not know (docs/decisions/0002).
 */

export type RelayFailureKind =
  /** No relay URL for this sheet key (SHEET_RELAY_URLS, or the secret). */
  | 'notConfigured'
  /** The relay could not be reached (DNS, connection refused or reset): nothing was appended. */
  | 'unreachable'
  /** No answer in time: the rows may or may not have been appended. */
  | 'timeout'
  /** 429: the spreadsheet's write quota is used up for now. */
  | 'rateLimited'
  /** A 4xx that is about the rows (400, 413, 422…): the relay will not take these rows as they are. */
  | 'refused'
  /**
   * A 5xx, or a 4xx that is about the relay rather than the rows (408; 401, 403,
   * 404, 405: a wrong address or key, which staff cannot fix row by row; 402:
   * the relay's plan used up):
   * failed for now, tried again.
   */
  | 'failed';

export class RelayError extends Error {
  constructor(
    readonly kind: RelayFailureKind,
    message: string,
    /** How long the relay asked us to wait (Retry-After), for rateLimited. */
    readonly retryAfterMs?: number,
    /** The relay's HTTP status, when it answered. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'RelayError';
  }
}

/** One page of a tab read back: its rows' cells, and how many rows the tab holds when the relay says. */
export interface RelayPage {
  rows: string[][];
  total?: number;
}

export interface SheetRelay {
  /** Appends the rows, in order, in one call; throws RelayError. */
  append(sheet: string, rows: string[][]): Promise<void>;
  /** Reads one page of the tab (pages from 1); throws RelayError ('refused' when the relay cannot read: 404, 405, 501, or no rows in its answer). */
  read(sheet: string, page: number, perPage: number): Promise<RelayPage>;
}

const tabId = 'Sheet1';
/**
 * 4xx answers that say the relay is unreachable as configured (or slow), whatever the rows;
 * 402: a hosted relay whose plan has run out of requests (docs/operations.md, "The relay").
 */
const notAboutTheRows = new Set([401, 402, 403, 404, 405, 408]);
/** Answers to a read that say the relay has no reads. */
const cannotRead = new Set([404, 405, 501]);

/** `urls` answers the current relay URLs (lambdas/deliveries/relay-urls.ts). */
export function createSheetRelay(urls: () => Promise<Record<string, string>>, timeoutMs = defaultRelayTimeoutMs): SheetRelay {
  /** One call to the relay: its body when it succeeded; throws RelayError otherwise. */
  const call = async (sheet: string, init: RequestInit, query: Record<string, string> = {}): Promise<RelayBody | undefined> => {
    const base = (await urls())[sheet];
    if (!base) throw new RelayError('notConfigured', `No relay URL is configured for sheet "${sheet}"`);
    const url = new URL(base);
    url.searchParams.set('tabId', tabId);
    Object.entries(query).forEach(([name, value]) => url.searchParams.set(name, value));

    let response: Response;
    let body: RelayBody | undefined;
    try {
      response = await fetch(url, { ...init, headers: { ...init.headers, accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
      body = (await response.json().catch(() => undefined)) as RelayBody | undefined;
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw new RelayError(
        timedOut ? 'timeout' : 'unreachable',
        timedOut
          ? `Relay for sheet "${sheet}" did not answer within ${timeoutMs / 1000} s`
          : `Relay for sheet "${sheet}" unreachable: ${(error as Error).message}`,
      );
    }
    if (response.ok && body?.ok !== false) return body;

    const detail = [body?.message, body?.error].find((text): text is string => typeof text === 'string' && text !== '');
    const message = `Relay for sheet "${sheet}" answered ${response.status}${detail ? `: ${detail}` : ''}`;
    if (response.status === 429) throw new RelayError('rateLimited', message, retryAfterMs(response.headers.get('retry-after')), 429);
    const refused = response.status >= 400 && response.status < 500 && !notAboutTheRows.has(response.status);
    throw new RelayError(refused ? 'refused' : 'failed', message, undefined, response.status);
  };

  return {
    async append(sheet, rows) {
      await call(sheet, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(rows) });
    },

    async read(sheet, page, perPage) {
      const body = await call(sheet, { method: 'GET' }, { page: String(page), perPage: String(perPage) }).catch((error: unknown) => {
        // No read at this address: the relay cannot read back, which no retry changes.
        if (error instanceof RelayError && cannotRead.has(error.status ?? 0)) throw new RelayError('refused', error.message, undefined, error.status);
        throw error;
      });
      const data = Array.isArray(body?.data) ? body.data : Array.isArray(body?.rows) ? body.rows : undefined;
      if (!data) throw new RelayError('refused', `Relay for sheet "${sheet}" answered a read without rows`);
      const total = typeof body?.total === 'number' && Number.isSafeInteger(body.total) ? body.total : undefined;
      return { rows: data.map(cellsOf), ...(total === undefined ? {} : { total }) };
    },
  };
}

interface RelayBody {
  ok?: unknown;
  message?: unknown;
  error?: unknown;
  data?: unknown;
  rows?: unknown;
  total?: unknown;
}

/** A row read back, as its cells' text: an array of cells, or an object of cells by column title. */
function cellsOf(row: unknown): string[] {
  const cells = Array.isArray(row) ? row : row && typeof row === 'object' ? Object.values(row) : [];
  return cells.map((cell) => (cell === null || cell === undefined ? '' : String(cell)));
}

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
