import ExcelJS from 'exceljs';
import { algiersTimeZone } from '../../shared/algiers-time';
import type { Language } from '../../shared/languages';
import type { ExportCell, ExportSheet } from './order-export';

/**
 * The sheets as an Excel workbook (exceljs), one worksheet per form: the
 * header in bold and kept in view, right to left for Arabic. A text is a
 * string cell (never a formula: exceljs writes a formula only when asked),
 * a phone a string cell formatted as text, a date a date cell in Algiers
 * time, a photo a link.
 */
export async function exportXlsx(sheets: readonly ExportSheet[], language: Language): Promise<Uint8Array> {
  const workbook = new ExcelJS.Workbook();
  const names = new Set<string>();
  for (const sheet of sheets) {
    const worksheet = workbook.addWorksheet(worksheetName(sheet.title, names), {
      views: [{ state: 'frozen', ySplit: 1, rightToLeft: language === 'ar' }],
    });
    worksheet.addRow(sheet.header).font = { bold: true };
    for (const row of sheet.rows) {
      const added = worksheet.addRow([]);
      row.forEach((cell, i) => cell && write(added.getCell(i + 1), cell));
    }
    worksheet.columns.forEach((column, i) => {
      const longest = Math.max(sheet.header[i]?.length ?? 0, ...sheet.rows.slice(0, 200).map((row) => shownLength(row[i])));
      column.width = Math.min(Math.max(longest + 2, 10), 60);
    });
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

function write(target: ExcelJS.Cell, cell: ExportCell): void {
  switch (cell.kind) {
    case 'text':
      target.value = cell.text;
      break;
    case 'phone':
      target.value = cell.text;
      target.numFmt = '@';
      break;
    case 'date':
      target.value = algiersWallClock(cell.iso);
      target.numFmt = 'yyyy-mm-dd hh:mm';
      break;
    case 'link':
      target.value = { text: cell.url, hyperlink: cell.url };
      target.font = { color: { argb: 'FF1D4ED8' }, underline: true };
      break;
  }
}

function shownLength(cell: ExportCell | undefined): number {
  if (!cell) return 0;
  if (cell.kind === 'date') return 16;
  return cell.kind === 'link' ? 30 : cell.text.length;
}

const algiersParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: algiersTimeZone,
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

/** The instant's Algiers date and time, as the UTC fields of a Date: a spreadsheet date has no time zone, and exceljs writes the UTC fields. */
function algiersWallClock(iso: string): Date {
  const parts = Object.fromEntries(algiersParts.formatToParts(new Date(iso)).map(({ type, value }) => [type, Number(value)]));
  return new Date(Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!));
}

/** A worksheet's name: at most 31 characters, none of `[]:*?/\`, unique in the workbook. */
function worksheetName(title: string, taken: Set<string>): string {
  const base = title.replace(/[[\]:*?/\\]/g, ' ').trim().slice(0, 28) || 'Sheet';
  let name = base;
  for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} ${n}`;
  taken.add(name.toLowerCase());
  return name;
}
