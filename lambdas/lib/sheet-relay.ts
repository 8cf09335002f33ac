/**
 * Client of the spreadsheet relay: `POST {url}?tabId=Sheet1` with a JSON body
 * holding an array of row arrays appends those rows to the dealer's sheet.
 * The answer is read as the spec says: the HTTP status, the body's `ok` flag,
 * and on error its `message` (or `error`).
 */

export type RelayFailureKind =
  /** No relay URL for this sheet key (SHEET_RELAY_URLS, or the secret). */
  | 'notConfigured'
  /** The relay could not be reached (DNS, connection refused or reset). */
  | 'unreachable'
  /** No answer in time: the rows may or may not have been appended. */
  | 'timeout'
  /** 429: the spreadsheet's write quota is used up for now. */
  | 'rateLimited'
  /** Any other error answer. */
  | 'rejected';

export class RelayError extends Error {
  constructor(
    readonly kind: RelayFailureKind,
    message: string,
    /** How long the relay asked us to wait (Retry-After), for rateLimited. */
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'RelayError';
  }
}

export interface SheetRelay {
  /** Appends the rows, in order, in one call; throws RelayError. */
  append(sheet: string, rows: string[][]): Promise<void>;
}

const tabId = 'Sheet1';
export const defaultRelayTimeoutMs = 10_000;

/** `urls` answers the current relay URLs (lambdas/lib/relay-urls.ts). */
export function createSheetRelay(urls: () => Promise<Record<string, string>>, timeoutMs = defaultRelayTimeoutMs): SheetRelay {
  return {
    async append(sheet, rows) {
      const base = (await urls())[sheet];
      if (!base) throw new RelayError('notConfigured', `No relay URL is configured for sheet "${sheet}"`);
      const url = new URL(base);
      url.searchParams.set('tabId', tabId);

      let response: Response;
      let body: { ok?: unknown; message?: unknown; error?: unknown } | undefined;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(rows),
          signal: AbortSignal.timeout(timeoutMs),
        });
        body = (await response.json().catch(() => undefined)) as typeof body;
      } catch (error) {
        const timedOut = (error as Error).name === 'TimeoutError';
        throw new RelayError(
          timedOut ? 'timeout' : 'unreachable',
          timedOut
            ? `Relay for sheet "${sheet}" did not answer within ${timeoutMs / 1000} s`
            : `Relay for sheet "${sheet}" unreachable: ${(error as Error).message}`,
        );
      }
      if (response.ok && body?.ok !== false) return;

      const detail = [body?.message, body?.error].find((text): text is string => typeof text === 'string' && text !== '');
      const message = `Relay for sheet "${sheet}" answered ${response.status}${detail ? `: ${detail}` : ''}`;
      if (response.status === 429) {
        throw new RelayError('rateLimited', message, retryAfterMs(response.headers.get('retry-after')));
      }
      throw new RelayError('rejected', message);
    },
  };
}

/** Retry-After in seconds or as an HTTP date; undefined when absent or unreadable. */
function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}
