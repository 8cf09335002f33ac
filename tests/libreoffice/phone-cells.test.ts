import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startSheetRelay, type SheetRelay } from '../../infra/local/sheet-relay';
import { buildRelayRow } from '../../lambdas/submissions/relay-row';
import type { FormSchema } from '../../shared/forms/form-schema';
import { normalizeFormData } from '../../shared/forms/normalize';
import { loadBundledFormSchema } from '../../shared/forms/schema-files';
import { makeTempDir, removeTempDir } from '../support/temp-dir';

/**
 * How a spreadsheet program reads the phone cell of an order's row, checked
 * with LibreOffice Calc itself (headless, Debian's libreoffice-calc-nogui):
 * a number abroad reaches the sheet as text, `+33 6 12 34 56 78`, never as the
 * number 33612345678, both when the row is entered as typed (as the relay's
 * Google Sheets enters it) and when the sheet's CSV is opened. The cell the
 * earlier rule wrote, `0033612345678`, is measured beside it. CI installs
 * LibreOffice as it installs Chromium (.ci/run).
 */

const run = promisify(execFile);
let dir: string;
let relay: SheetRelay;
let schema: FormSchema;

beforeAll(async () => {
  dir = await makeTempDir('libreoffice');
  relay = await startSheetRelay({ sheetsDir: dir, sheetKeys: ['tractor-orders'], port: 0, writesPerMinute: 0 });
  schema = (await loadBundledFormSchema('form-schemas', 'tractor-order'))!;
});

afterAll(async () => {
  await relay?.close();
  await removeTempDir(dir);
});

/** The phone cell of the row the API builds for an order typed with this phone. */
function phoneCell(typed: string): string {
  const data = normalizeFormData({ ...schema.examples[0]!, phone: typed }, schema);
  const row = buildRelayRow(schema, data, { submittedAt: '2026-11-23T10:00:00.000Z' });
  return row[schema['x-relay'].columns.indexOf('phone')]!;
}

/** What LibreOffice makes of each text entered into a cell as if typed: its type and what it shows. */
async function typedIntoCells(texts: string[]): Promise<{ type: string; shown: string }[]> {
  const input = path.join(dir, 'cells.json');
  await writeFile(input, JSON.stringify(texts));
  const script = path.join(import.meta.dirname, 'typed-cells.py');
  const port = await freePort();
  const { stdout } = await run('sh', ['-c', `/usr/bin/python3 "${script}" "${path.join(dir, 'profile-typed')}" ${port} < "${input}"`], { timeout: 120_000 });
  return JSON.parse(stdout) as { type: string; shown: string }[];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

/** The cells of a CSV file as LibreOffice opens it (UTF-8, comma-separated): each cell's type and text, row by row. */
async function openedCsv(file: string): Promise<{ type: string; text: string }[][]> {
  const outDir = path.join(dir, 'opened');
  await run('soffice', [`-env:UserInstallation=file://${path.join(dir, 'profile-csv')}`, '--headless', '--infilter=CSV:44,34,76,1', '--convert-to', 'fods', '--outdir', outDir, file], {
    timeout: 120_000,
  });
  const xml = await readFile(path.join(outDir, `${path.basename(file, '.csv')}.fods`), 'utf8');
  const unescape = (text: string) => text.replace(/&apos;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  return [...xml.matchAll(/<table:table-row[^>]*>([\s\S]*?)<\/table:table-row>/g)].map(([, row]) =>
    [...row!.matchAll(/<table:table-cell office:value-type="(\w+)"[^>]*>\s*<text:p>([^<]*)<\/text:p>/g)].map(([, type, text]) => ({ type: type!, text: unescape(text!) })),
  );
}

describe('a phone number abroad in the sheet, as LibreOffice reads it', () => {
  test('its cell is text, +33 6 12 34 56 78, however the farmer typed it; the earlier 0033612345678 became a number', async () => {
    const cells = ['+33 6 12 34 56 78', '0033612345678', '0033 612 345 678'].map(phoneCell);
    expect(cells).toEqual(["'+33 6 12 34 56 78", "'+33 6 12 34 56 78", "'+33 6 12 34 56 78"]);

    const typed = await typedIntoCells([cells[0]!, '0033612345678', phoneCell('0555 12 34 56')]);
    expect(typed).toEqual([
      { type: 'TEXT', shown: '+33 6 12 34 56 78' },
      { type: 'VALUE', shown: '33612345678' },
      { type: 'TEXT', shown: '0555 12 34 56' },
    ]);
  }, 180_000);

  test('the stand-in relay’s sheet, opened as a CSV, keeps the phone as text', async () => {
    const row = buildRelayRow(schema, normalizeFormData({ ...schema.examples[0]!, phone: '+33 6 12 34 56 78' }, schema), {
      submittedAt: '2026-11-23T10:00:00.000Z',
    });
    const response = await fetch(`${relay.sheetUrl('tractor-orders')}?tabId=Sheet1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([row, [...row.slice(0, 1), '0033612345678', ...row.slice(2)]]),
    });
    expect(response.status).toBe(200);

    const [ours, earlier] = await openedCsv(path.join(dir, 'tractor-orders.csv'));
    const phone = schema['x-relay'].columns.indexOf('phone');
    expect(ours![phone]).toEqual({ type: 'string', text: "'+33 6 12 34 56 78" });
    expect(earlier![phone]).toEqual({ type: 'float', text: '33612345678' });
  }, 180_000);
});
