import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, test } from 'vitest';
import { parseFailureSetting, startSheetRelay, type SheetRelay } from '../../infra/local/sheet-relay';
import { makeTempDir, removeTempDir } from '../support/temp-dir';

/** The relay stand-in on its own: one fresh relay and folder per test. */

const sheetKey = 'tractor-orders';
let relay: SheetRelay | undefined;
let dir: string | undefined;

async function startRelay(options: { maxBodyBytes?: number } = {}) {
  dir = await makeTempDir('relay');
  relay = await startSheetRelay({ sheetsDir: dir, sheetKeys: [sheetKey, 'parts-orders'], port: 0, ...options });
  return { relay, csvFile: path.join(dir, `${sheetKey}.csv`) };
}

afterEach(async () => {
  await relay?.close();
  await removeTempDir(dir);
  relay = undefined;
  dir = undefined;
});

function post(url: string, body: unknown, raw = false) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: raw ? (body as string) : JSON.stringify(body),
  });
}

async function readRows(relay: SheetRelay, key = sheetKey): Promise<string[][]> {
  const response = await fetch(`${relay.sheetUrl(key)}?tabId=Sheet1`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: string[][] }).data;
}

describe('reading rows back', () => {
  test('a page at a time, with the number of rows the tab holds', async () => {
    const { relay } = await startRelay();
    const rows = Array.from({ length: 7 }, (_, i) => [`row ${i}`, String(i)]);
    expect((await post(`${relay.sheetUrl(sheetKey)}?tabId=Sheet1`, rows)).status).toBe(200);

    const page = async (query: string) => {
      const response = await fetch(`${relay.sheetUrl(sheetKey)}?tabId=Sheet1&${query}`);
      return { status: response.status, body: (await response.json()) as { data?: string[][]; total?: number; error?: string } };
    };
    expect((await page('page=2&perPage=3')).body).toEqual({ ok: true, data: rows.slice(3, 6), total: 7, page: 2, perPage: 3 });
    expect((await page('page=3&perPage=3')).body.data).toEqual([rows[6]]);
    expect((await page('page=9&perPage=3')).body.data).toEqual([]);
    for (const bad of ['page=0', 'perPage=0', 'perPage=5000', 'page=x']) {
      const answer = await page(bad);
      expect(answer.status).toBe(400);
      expect(answer.body.error).toContain('perPage');
    }
  });

  test('a failure for rows containing a text refuses only those appends', async () => {
    const { relay } = await startRelay();
    const control = await fetch(`${relay.url}/__control/failure`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 400, message: 'Invalid value', rowsContaining: 'poison' }),
    });
    expect(control.status).toBe(200);
    expect((await post(`${relay.sheetUrl(sheetKey)}?tabId=Sheet1`, [['fine'], ['a poison cell']])).status).toBe(400);
    expect((await post(`${relay.sheetUrl(sheetKey)}?tabId=Sheet1`, [['fine']])).status).toBe(200);
    expect(await readRows(relay)).toEqual([['fine']]);
  });
});

describe('appending rows', () => {
  test('writes RFC 4180 CSV with one BOM and CRLF line ends, and reads it back', async () => {
    const { relay, csvFile } = await startRelay();
    const tricky = ['Benali, Karim', 'He said "yes"', 'line 1\nline 2\r\nline 3', 'كريم بن علي — سطيف', ''];

    const first = await post(`${relay.sheetUrl(sheetKey)}?tabId=Sheet1`, [['plain', 42, true, null], tricky]);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ ok: true, updatedRows: 2 });
    const second = await post(`${relay.sheetUrl(sheetKey)}?tabId=Sheet1`, [['after', 'restart?']]);
    expect(second.status).toBe(200);

    const bytes = await readFile(csvFile);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.indexOf(Buffer.from([0xef, 0xbb, 0xbf]), 3)).toBe(-1);
    expect(bytes.toString('utf8')).toBe(
      '\uFEFFplain,42,true,\r\n' +
        '"Benali, Karim","He said ""yes""","line 1\nline 2\r\nline 3",كريم بن علي — سطيف,\r\n' +
        'after,restart?\r\n',
    );

    expect(await readRows(relay)).toEqual([['plain', '42', 'true', ''], tricky, ['after', 'restart?']]);
  });

  test('a sheet without rows reads as empty, and sheets are kept apart', async () => {
    const { relay } = await startRelay();
    expect(await readRows(relay, 'parts-orders')).toEqual([]);
    await post(`${relay.sheetUrl('parts-orders')}?tabId=Sheet1`, [['only here']]);
    expect(await readRows(relay, 'parts-orders')).toEqual([['only here']]);
    expect(await readRows(relay, sheetKey)).toEqual([]);
  });

  test('concurrent appends never interleave', async () => {
    const { relay } = await startRelay();
    const rows = Array.from({ length: 25 }, (_, i) => [`row ${i}`, `multi\nline ${'x'.repeat(2000)} ${i}`, 'مرحبا']);
    const responses = await Promise.all(rows.map((row) => post(`${relay.sheetUrl(sheetKey)}?tabId=Sheet1`, [row])));
    expect(responses.map((r) => r.status)).toEqual(rows.map(() => 200));

    const stored = await readRows(relay);
    expect(stored).toHaveLength(rows.length);
    expect([...stored].sort((a, b) => Number(a[0]?.slice(4)) - Number(b[0]?.slice(4)))).toEqual(rows);
  });
});

describe('refused requests', () => {
  const refusals: [string, number, { path?: string; query?: string; method?: string; body?: string }][] = [
    ['a missing tabId', 400, { query: '' }],
    ['an empty tabId', 400, { query: '?tabId=' }],
    ['an unknown tab', 404, { query: '?tabId=Sheet2' }],
    ['a body that is not JSON', 400, { body: '[["a"' }],
    ['a body that is not an array', 400, { body: '{"row":["a"]}' }],
    ['an empty array', 400, { body: '[]' }],
    ['rows that are not arrays', 400, { body: '["a","b"]' }],
    ['an empty row', 400, { body: '[[]]' }],
    ['an object cell', 400, { body: '[["a",{"b":1}]]' }],
    ['an unknown sheet key', 404, { path: '/google_sheets/secret-sheet' }],
    ['another path', 404, { path: '/sheets/tractor-orders' }],
    ['another method', 405, { method: 'PUT' }],
  ];

  test.each(refusals)('%s answers %i with an error and writes nothing', async (_name, status, request) => {
    const { relay, csvFile } = await startRelay();
    const response = await fetch(
      `${relay.url}${request.path ?? `/google_sheets/${sheetKey}`}${request.query ?? '?tabId=Sheet1'}`,
      {
        method: request.method ?? 'POST',
        headers: { 'content-type': 'application/json' },
        body: request.body ?? '[["should not be written"]]',
      },
    );
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual({ error: expect.any(String) });
    await expect(stat(csvFile)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  test('a body over the size limit answers 413', async () => {
    const { relay, csvFile } = await startRelay({ maxBodyBytes: 10_000 });
    const response = await post(`${relay.sheetUrl(sheetKey)}?tabId=Sheet1`, [['x'.repeat(20_000)]]);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: expect.stringContaining('10000') });
    await expect(stat(csvFile)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('failing on purpose', () => {
  const control = (relay: SheetRelay, method: 'PUT' | 'DELETE', body?: unknown) =>
    fetch(`${relay.url}/__control/failure`, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  test('the control endpoint switches failures on and off', async () => {
    const { relay, csvFile } = await startRelay();
    const url = `${relay.sheetUrl(sheetKey)}?tabId=Sheet1`;

    expect((await control(relay, 'PUT', { status: 503, message: 'Quota exceeded' })).status).toBe(200);
    const withMessage = await post(url, [['refused 1']]);
    expect(withMessage.status).toBe(503);
    expect(await withMessage.json()).toEqual({ message: 'Quota exceeded' });

    expect((await control(relay, 'PUT', { status: 500 })).status).toBe(200);
    const withoutMessage = await post(url, [['refused 2']]);
    expect(withoutMessage.status).toBe(500);
    expect(await withoutMessage.json()).toEqual({});
    await expect(stat(csvFile)).rejects.toMatchObject({ code: 'ENOENT' });

    expect((await control(relay, 'DELETE')).status).toBe(200);
    expect((await post(url, [['accepted']])).status).toBe(200);
    expect(await readRows(relay)).toEqual([['accepted']]);
  });

  test('the control endpoint refuses a status that is not an error', async () => {
    const { relay } = await startRelay();
    for (const body of [{ status: 200 }, { status: '503' }, { message: 'no status' }, { status: 503, message: 7 }]) {
      const response = await control(relay, 'PUT', body);
      expect(response.status).toBe(400);
    }
    expect((await post(`${relay.sheetUrl(sheetKey)}?tabId=Sheet1`, [['still fine']])).status).toBe(200);
  });

  test('SHEET_RELAY_FAIL makes it start failing', async () => {
    const previous = process.env.SHEET_RELAY_FAIL;
    process.env.SHEET_RELAY_FAIL = '429:Rate limit reached';
    try {
      const { relay } = await startRelay();
      const response = await post(`${relay.sheetUrl(sheetKey)}?tabId=Sheet1`, [['refused']]);
      expect(response.status).toBe(429);
      expect(await response.json()).toEqual({ message: 'Rate limit reached' });
    } finally {
      if (previous === undefined) delete process.env.SHEET_RELAY_FAIL;
      else process.env.SHEET_RELAY_FAIL = previous;
    }
  });

  test('SHEET_RELAY_FAIL values are checked', () => {
    expect(parseFailureSetting(undefined)).toBeUndefined();
    expect(parseFailureSetting('503')).toEqual({ status: 503 });
    expect(parseFailureSetting('503:Quota exceeded: try later')).toEqual({ status: 503, message: 'Quota exceeded: try later' });
    expect(() => parseFailureSetting('200')).toThrow(/SHEET_RELAY_FAIL/);
    expect(() => parseFailureSetting('fail')).toThrow(/SHEET_RELAY_FAIL/);
  });
});
