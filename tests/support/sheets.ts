import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseCsv } from '../../infra/local/csv';

/** The rows the local relay wrote for a sheet key (none when the sheet is still empty). */
export async function sheetRows(sheetsDir: string, sheet: string): Promise<string[][]> {
  try {
    return parseCsv(await readFile(path.join(sheetsDir, `${sheet}.csv`), 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Switches the local relay's failure mode (undefined: working again). */
export async function setRelayFailure(relayUrl: string, failure: { status: number; message?: string } | undefined) {
  const response = await fetch(`${relayUrl}/__control/failure`, {
    method: failure ? 'PUT' : 'DELETE',
    headers: { 'content-type': 'application/json' },
    body: failure ? JSON.stringify(failure) : undefined,
  });
  if (!response.ok) throw new Error(`relay control answered ${response.status}`);
}
