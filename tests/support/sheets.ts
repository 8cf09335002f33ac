import { expect } from 'vitest';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseCsv } from '../../shared/csv';

/** The last cell of every row the worker sends: its order's reference (docs/decisions/0014). */
export const anyOrderReference = expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

/** The rows the local relay wrote for a sheet key (none when the sheet is still empty). */
export async function sheetRows(sheetsDir: string, sheet: string): Promise<string[][]> {
  try {
    return parseCsv(await readFile(path.join(sheetsDir, `${sheet}.csv`), 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/**
 * The rows of a sheet that match, once the delivery worker has written
 * `count` of them (rows arrive shortly after the order is stored).
 */
export async function writtenRows(
  sheetsDir: string,
  sheet: string,
  match: (row: string[]) => boolean,
  count = 1,
): Promise<string[][]> {
  const matching = async () => (await sheetRows(sheetsDir, sheet)).filter(match);
  await expect.poll(async () => (await matching()).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(count);
  return matching();
}
