import { mkdir, open, readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import path from 'node:path';
import { formatCsvRow, parseCsv, utf8Bom, type CsvCell } from '../../shared/csv';
import { safeCell } from '../../shared/safe-cell';
import { readBody, sendJson } from './http-utils';
import { closeServer, listen } from './ports';

/**
 * Stand-in for the spreadsheet relay: `POST /google_sheets/{sheetKey}?tabId=Sheet1`
 * with `[[cell, ...], ...]` appends rows to `{sheetsDir}/{sheetKey}.csv`;
 * `GET` on the same path reads them back a page at a time
 * (`&page=1&perPage=100`, pages from 1): `{ ok, data: rows, total, page, perPage }`.
 * Every cell is written formula-safe, as the API already sends it. A body
 * larger than 1 MiB (`maxBodyBytes`, or RELAY_MAX_BODY_BYTES) is refused with 413.
 *
 * Like Google's Sheets API behind the real relay, it takes at most
 * `writesPerMinute` appends a minute (all sheets together; default
 * RELAY_WRITES_PER_MINUTE, else 60; 0 for no limit) and answers 429 with
 * Retry-After past that.
 *
 * It can be told to fail, to exercise the delivery worker's retries:
 * - `SHEET_RELAY_FAIL=503` or `SHEET_RELAY_FAIL=503:Quota exceeded` at start;
 * - `PUT /__control/failure` with `{ "status": 503, "message": "..." }`, or
 *   `{ "delayMs": 12000 }` to append and answer only that much later; with
 *   `"rowsContaining": "text"` beside a status, only an append with a cell
 *   containing that text is refused (a row the relay cannot take);
 * - `DELETE /__control/failure` to recover.
 * `GET /__control/stats` counts the append calls it accepted and refused,
 * and the rows it wrote.
 */

export type RelayFailure =
  | {
      status: number;
      /** Sent as `{ "message": ... }`; without it the failure body is `{}`. */
      message?: string;
      /** Only appends with a cell containing this text fail; the others are taken. */
      rowsContaining?: string;
    }
  | {
      /** Appends, then answers this much later (a relay slower than its caller's timeout). */
      delayMs: number;
    };

export interface SheetRelayOptions {
  sheetsDir: string;
  /** Sheet keys the relay accepts; any other key is a 404. */
  sheetKeys: string[];
  port: number;
  /** Failure to start in; defaults to SHEET_RELAY_FAIL. */
  failure?: RelayFailure;
  /** Appends accepted per minute; defaults to RELAY_WRITES_PER_MINUTE, else 60. 0: no limit. */
  writesPerMinute?: number;
  maxBodyBytes?: number;
}

export interface SheetRelay {
  url: string;
  port: number;
  sheetUrl(sheetKey: string): string;
  setFailure(failure: RelayFailure | undefined): void;
  close(): Promise<void>;
}

/** The only tab of the dealer's spreadsheet. */
export const sheetTab = 'Sheet1';
const defaultMaxBodyBytes = 1024 * 1024;
/** Google's Sheets API: about 60 write requests a minute per user. */
const defaultWritesPerMinute = 60;
const sheetPath = /^\/google_sheets\/([^/]+)$/;

export async function startSheetRelay(options: SheetRelayOptions): Promise<SheetRelay> {
  await mkdir(options.sheetsDir, { recursive: true });
  const state = {
    failure: options.failure ?? parseFailureSetting(process.env.SHEET_RELAY_FAIL),
  };
  const quota = new WriteQuota(options.writesPerMinute ?? parseWritesPerMinute(process.env.RELAY_WRITES_PER_MINUTE));
  const stats: RelayStats = { appends: 0, rows: 0, refused: 0, tooLarge: 0 };
  const server = createRelayServer(options, state, quota, stats);
  const port = await listen(server, options.port, 'the sheet relay');
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    port,
    sheetUrl: (sheetKey) => `${url}/google_sheets/${encodeURIComponent(sheetKey)}`,
    setFailure: (failure) => {
      state.failure = failure;
    },
    close: () => closeServer(server),
  };
}

/** Reads `503` or `503:Some message`; undefined when unset. */
export function parseFailureSetting(value: string | undefined): RelayFailure | undefined {
  if (!value?.trim()) return undefined;
  const match = /^\s*(\d{3})\s*(?::(.*))?$/s.exec(value);
  const status = Number(match?.[1]);
  if (!match || !isFailureStatus(status)) {
    throw new Error(`SHEET_RELAY_FAIL must look like "503" or "503:Quota exceeded" (status 400-599), got "${value}"`);
  }
  const message = match[2]?.trim();
  return message ? { status, message } : { status };
}

/** RELAY_WRITES_PER_MINUTE: a whole number, 0 for no limit; 60 when unset. */
export function parseWritesPerMinute(value: string | undefined): number {
  if (!value?.trim()) return defaultWritesPerMinute;
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 0) {
    throw new Error(`RELAY_WRITES_PER_MINUTE must be a whole number (0 for no limit), got "${value}"`);
  }
  return number;
}

/** RELAY_MAX_BODY_BYTES: a positive whole number; 1 MiB when unset. */
export function parseMaxBodyBytes(value: string | undefined): number {
  if (!value?.trim()) return defaultMaxBodyBytes;
  const number = Number(value);
  if (!Number.isSafeInteger(number) || number < 1) throw new Error(`RELAY_MAX_BODY_BYTES must be a positive whole number, got "${value}"`);
  return number;
}

function isFailureStatus(status: unknown): status is number {
  return typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599;
}

/** What the relay did since it started. */
export interface RelayStats {
  /** Append calls that wrote rows. */
  appends: number;
  rows: number;
  /** Append calls answered with an error (a failure set on purpose, or the quota). */
  refused: number;
  /** Append calls refused as larger than the relay takes (413). */
  tooLarge: number;
}

function createRelayServer(
  options: SheetRelayOptions,
  state: { failure: RelayFailure | undefined },
  quota: WriteQuota,
  stats: RelayStats,
): Server {
  const sheets = new SheetFiles(options.sheetsDir, options.sheetKeys);
  const maxBodyBytes = options.maxBodyBytes ?? parseMaxBodyBytes(process.env.RELAY_MAX_BODY_BYTES);

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://relay.local');
    if (url.pathname === '/__control/failure') return controlFailure(req, res, state, maxBodyBytes);
    if (url.pathname === '/__control/stats') return sendJson(res, 200, stats);

    const sheetMatch = sheetPath.exec(url.pathname);
    if (!sheetMatch) return sendJson(res, 404, { error: `No such relay path: ${url.pathname}` });
    if (req.method !== 'GET' && req.method !== 'POST') {
      return sendJson(res, 405, { error: `Method ${req.method} is not allowed here` }, { allow: 'GET, POST' });
    }
    const sheetKey = safeDecode(sheetMatch[1] ?? '');
    if (!sheetKey || !sheets.knows(sheetKey)) return sendJson(res, 404, { error: `Unknown sheet "${sheetKey}"` });
    const tabId = url.searchParams.get('tabId')?.trim();
    if (!tabId) return sendJson(res, 400, { error: 'The tabId query parameter is required' });
    if (tabId !== sheetTab) return sendJson(res, 404, { error: `Unknown tab "${tabId}" (the sheet has only ${sheetTab})` });

    if (req.method === 'GET') return readPage(res, url, await sheets.read(sheetKey));

    const failure = state.failure;
    if (failure && 'status' in failure && failure.rowsContaining === undefined) {
      req.resume();
      stats.refused++;
      return sendJson(res, failure.status, failure.message ? { message: failure.message } : {});
    }
    const waitMs = quota.take(Date.now());
    if (waitMs > 0) {
      req.resume();
      stats.refused++;
      const retryAfter = String(Math.ceil(waitMs / 1000));
      return sendJson(res, 429, { error: 'Quota exceeded: too many write requests per minute' }, { 'retry-after': retryAfter });
    }
    const read = await readBody(req, maxBodyBytes);
    if (read.tooLarge) {
      stats.tooLarge++;
      return sendJson(res, 413, { error: `The body is larger than ${maxBodyBytes} bytes` });
    }
    const rows = parseRows(read.body);
    if (typeof rows === 'string') return sendJson(res, 400, { error: rows });
    if (failure && 'status' in failure && rows.some((row) => row.some((cell) => String(cell).includes(failure.rowsContaining!)))) {
      stats.refused++;
      return sendJson(res, failure.status, failure.message ? { message: failure.message } : {});
    }
    await sheets.append(sheetKey, rows);
    stats.appends++;
    stats.rows += rows.length;
    if (failure && 'delayMs' in failure) await new Promise((resolve) => setTimeout(resolve, failure.delayMs));
    return sendJson(res, 200, { ok: true, updatedRows: rows.length });
  };

  return createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('[sheet-relay]', error);
      if (!res.headersSent) sendJson(res, 500, { error: 'The relay failed to handle the request' });
      else res.destroy();
    });
  });
}

async function controlFailure(
  req: IncomingMessage,
  res: ServerResponse,
  state: { failure: RelayFailure | undefined },
  maxBodyBytes: number,
): Promise<void> {
  if (req.method === 'DELETE') {
    req.resume();
    state.failure = undefined;
    return sendJson(res, 200, { ok: true, failure: null });
  }
  if (req.method !== 'PUT') {
    return sendJson(res, 405, { error: `Method ${req.method} is not allowed here` }, { allow: 'PUT, DELETE' });
  }
  const read = await readBody(req, maxBodyBytes);
  if (read.tooLarge) return sendJson(res, 413, { error: `The body is larger than ${maxBodyBytes} bytes` });
  const body = parseJson(read.body) as { status?: unknown; message?: unknown; delayMs?: unknown } | undefined;
  if (body && typeof body === 'object' && body.delayMs !== undefined && body.status === undefined) {
    if (!Number.isSafeInteger(body.delayMs) || (body.delayMs as number) < 0) {
      return sendJson(res, 400, { error: 'delayMs must be a whole number of milliseconds' });
    }
    state.failure = { delayMs: body.delayMs as number };
    return sendJson(res, 200, { ok: true, failure: state.failure });
  }
  if (!body || typeof body !== 'object' || !isFailureStatus(body.status)) {
    return sendJson(res, 400, { error: 'Send { "status": 400-599, "message"?: string } or { "delayMs": milliseconds }' });
  }
  if (body.message !== undefined && typeof body.message !== 'string') {
    return sendJson(res, 400, { error: 'message must be a string' });
  }
  const { rowsContaining } = body as { rowsContaining?: unknown };
  if (rowsContaining !== undefined && (typeof rowsContaining !== 'string' || rowsContaining === '')) {
    return sendJson(res, 400, { error: 'rowsContaining must be a non-empty string' });
  }
  state.failure = {
    status: body.status,
    ...(body.message ? { message: body.message } : {}),
    ...(rowsContaining ? { rowsContaining } : {}),
  };
  return sendJson(res, 200, { ok: true, failure: state.failure });
}

const defaultPerPage = 100;
const maxPerPage = 1_000;

/** One page of a tab's rows, as `GET ?page=&perPage=` asks (the first 100 rows without them). */
function readPage(res: ServerResponse, url: URL, rows: string[][]): void {
  const number = (name: string, fallback: number) => {
    const value = url.searchParams.get(name);
    return value === null ? fallback : /^\d{1,7}$/.test(value) ? Number(value) : NaN;
  };
  const page = number('page', 1);
  const perPage = number('perPage', defaultPerPage);
  if (!(page >= 1) || !(perPage >= 1 && perPage <= maxPerPage)) {
    return sendJson(res, 400, { error: `page must be a whole number from 1, perPage from 1 to ${maxPerPage}` });
  }
  sendJson(res, 200, { ok: true, data: rows.slice((page - 1) * perPage, page * perPage), total: rows.length, page, perPage });
}

/** The rows of an append request, or the reason they are refused. */
function parseRows(body: Buffer): CsvCell[][] | string {
  const value = parseJson(body);
  if (value === undefined) return 'The body is not valid JSON';
  if (!Array.isArray(value) || value.length === 0) return 'The body must be a non-empty array of rows';
  for (const row of value) {
    if (!Array.isArray(row) || row.length === 0) return 'Each row must be a non-empty array of cells';
    if (!row.every(isCell)) return 'Cells must be strings, numbers, booleans or null';
  }
  return value as CsvCell[][];
}

function isCell(value: unknown): value is CsvCell {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

function parseJson(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** One CSV file per sheet; reads and appends to a file run one after another. */
class SheetFiles {
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly dir: string,
    private readonly keys: string[],
  ) {}

  knows(sheetKey: string): boolean {
    return this.keys.includes(sheetKey);
  }

  append(sheetKey: string, rows: CsvCell[][]): Promise<void> {
    return this.serialized(sheetKey, async () => {
      const file = await open(this.file(sheetKey), 'a');
      try {
        const { size } = await file.stat();
        const text = rows.map((row) => formatCsvRow(row.map((cell) => (typeof cell === 'string' ? safeCell(cell) : cell)))).join('');
        await file.writeFile(size === 0 ? utf8Bom + text : text, 'utf8');
      } finally {
        await file.close();
      }
    });
  }

  read(sheetKey: string): Promise<string[][]> {
    return this.serialized(sheetKey, async () => {
      try {
        return parseCsv(await readFile(this.file(sheetKey), 'utf8'));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
    });
  }

  private file(sheetKey: string): string {
    // Keys come from the known list, never straight from the URL, so they cannot escape the folder.
    return path.join(this.dir, `${path.basename(sheetKey)}.csv`);
  }

  private serialized<T>(sheetKey: string, task: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(sheetKey) ?? Promise.resolve();
    const next = previous.then(task, task);
    this.queues.set(
      sheetKey,
      next.catch(() => undefined),
    );
    return next;
  }
}

/** A sliding minute of accepted appends, as the Sheets API counts write requests. */
class WriteQuota {
  private readonly accepted: number[] = [];

  constructor(private readonly perMinute: number) {}

  /** Counts an append at `now` and answers 0, or how long until one would be accepted. */
  take(now: number): number {
    if (this.perMinute === 0) return 0;
    while (this.accepted.length > 0 && this.accepted[0]! <= now - 60_000) this.accepted.shift();
    if (this.accepted.length >= this.perMinute) return this.accepted[0]! + 60_000 - now;
    this.accepted.push(now);
    return 0;
  }
}
