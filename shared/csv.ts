/**
 * RFC 4180 CSV: comma separated, CRLF line ends, a field quoted when it holds
 * a quote, comma or line break, quotes doubled inside quoted fields.
 */

export type CsvCell = string | number | boolean | null;

/** Written once at the start of a new file so spreadsheet apps read it as UTF-8. */
export const utf8Bom = '\uFEFF';

export function formatCsvRow(cells: readonly CsvCell[]): string {
  return `${cells.map(formatCell).join(',')}\r\n`;
}

function formatCell(cell: CsvCell): string {
  const text = cell === null ? '' : String(cell);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Parses CSV text (with or without BOM, CRLF or LF line ends) into rows of strings. */
export function parseCsv(text: string): string[][] {
  const input = text.startsWith(utf8Bom) ? text.slice(1) : text;
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  /** Whether the current row has begun; text not ending with a line break still holds a last row. */
  let rowStarted = false;
  let i = 0;

  while (i < input.length) {
    const char = input[i];
    rowStarted = true;
    if (char === '"' && field === '') {
      i = readQuoted(input, i, (text) => (field = text));
    } else if (char === ',') {
      row.push(field);
      field = '';
      i++;
    } else if (char === '\n' || (char === '\r' && input[i + 1] === '\n')) {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      rowStarted = false;
      i += char === '\r' ? 2 : 1;
    } else {
      field += char;
      i++;
    }
  }
  if (rowStarted) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** Reads the quoted field opening at `start`; returns the offset just after its closing quote. */
function readQuoted(input: string, start: number, setField: (text: string) => void): number {
  let text = '';
  let i = start + 1;
  for (;;) {
    if (i >= input.length) throw new Error(`Unterminated quoted field starting at offset ${start}`);
    const char = input[i];
    if (char === '"' && input[i + 1] === '"') {
      text += '"';
      i += 2;
    } else if (char === '"') {
      i++;
      break;
    } else {
      text += char;
      i++;
    }
  }
  const next = input[i];
  if (next !== undefined && next !== ',' && next !== '\n' && next !== '\r') {
    throw new Error(`Unexpected character after the quoted field starting at offset ${start}`);
  }
  setField(text);
  return i;
}
