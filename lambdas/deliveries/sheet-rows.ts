import type { Submission } from '../../shared/submissions';
import type { SheetRelay } from './sheet-relay';

/**
 * The row a submission adds to its sheet: the row stored with it (its form's
 * columns, docs/decisions/0014) and, last, the order's reference, by which a
 * row whose call got no answer is looked for in the sheet.
 */
export function sheetRow(submission: Submission): string[] {
  return [...submission.row, submission.orderId];
}

/** Rows read per relay call when reading a sheet back. */
const readPageRows = 500;

/**
 * Which of `references` the sheet's last `maxRows` rows carry, reading back
 * from its end when the relay says how many rows the tab holds (from its
 * start otherwise), and stopping once all are found.
 */
export async function findReferences(relay: SheetRelay, sheet: string, references: Set<string>, maxRows: number): Promise<Set<string>> {
  const found = new Set<string>();
  const look = (rows: string[][]) => {
    for (const row of rows) for (const cell of row) if (references.has(cell)) found.add(cell);
  };
  const maxPages = Math.max(1, Math.ceil(maxRows / readPageRows));
  const first = await relay.read(sheet, 1, readPageRows);
  if (first.total !== undefined) {
    const lastPage = Math.max(1, Math.ceil(first.total / readPageRows));
    for (let page = lastPage; page >= Math.max(1, lastPage - maxPages + 1) && found.size < references.size; page--) {
      look(page === 1 ? first.rows : (await relay.read(sheet, page, readPageRows)).rows);
    }
    return found;
  }
  // No total: every page from the first, up to the bound, the newest rows being last.
  look(first.rows);
  for (let page = 2, rows = first.rows; rows.length === readPageRows && page <= maxPages * 10 && found.size < references.size; page++) {
    rows = (await relay.read(sheet, page, readPageRows)).rows;
    look(rows);
  }
  return found;
}
