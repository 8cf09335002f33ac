/**
 * Client of the spreadsheet relay: `POST {url}?tabId=Sheet1` with a JSON body
 * holding one row array appends that row to the dealer's sheet.
 */
export class RelayError extends Error {
  constructor(
    message: string,
    /** The relay's own message, shown to the visitor as the spec asks. */
    readonly relayMessage?: string,
  ) {
    super(message);
    this.name = 'RelayError';
  }
}

export interface SheetRelay {
  append(sheet: string, row: string[]): Promise<void>;
}

const tabId = 'Sheet1';
const timeoutMs = 10_000;

export function createSheetRelay(urls: Record<string, string>): SheetRelay {
  return {
    async append(sheet, row) {
      const base = urls[sheet];
      if (!base) throw new RelayError(`No relay URL is configured for sheet "${sheet}"`);
      const url = new URL(base);
      url.searchParams.set('tabId', tabId);

      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify([row]),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        throw new RelayError(`Relay for sheet "${sheet}" unreachable: ${(error as Error).message}`);
      }
      if (!response.ok) {
        const body = (await response.json().catch(() => undefined)) as { message?: unknown; error?: unknown } | undefined;
        const relayMessage = [body?.message, body?.error].find((m): m is string => typeof m === 'string' && m !== '');
        throw new RelayError(`Relay for sheet "${sheet}" answered ${response.status}`, relayMessage);
      }
    },
  };
}
