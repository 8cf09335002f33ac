import { algiersTimeZone } from '../../shared/algiers-time';
import { exportColumnLabels, orderStatusLabels } from '../../shared/admin-api';
import { formatCsvRow, utf8Bom } from '../../shared/csv';
import { contactFields, fieldLabel, fieldSchema } from '../../shared/forms/fields';
import type { FormSchema } from '../../shared/forms/form-schema';
import { readablePhoneNumber } from '../../shared/forms/phone-number';
import { imageField } from '../../shared/forms/uploads';
import type { Language } from '../../shared/languages';
import { safeCell } from '../../shared/safe-cell';
import type { Submission } from '../../shared/submissions';
import { fieldText } from './order-view';
import { sheetOrder } from './sheet-columns';

/**
 * The inbox's exports, as people open them in a spreadsheet: one sheet per
 * form (docs/decisions/0022-the-dealers-inbox.md, "Exports"), whose columns
 * are the farmer's name, phone and wilaya, the item, then that form's other
 * fields in the order of its sheet (`x-relay.columns`), then those the sheet
 * leaves out, then the date (Algiers time), status and note, and the order's
 * reference last; headers in the staff's language. A phone is always text, a
 * date a date, a photo a link. The CSV writes the sheets one after another
 * (exportCsv); the XLSX file has one worksheet each (order-export-xlsx.ts).
 */

/** The attributes an export reads: not the history, the row or the index attributes. */
export const exportAttributes = ['orderId', 'formId', 'createdAt', 'status', 'note', 'notes', 'data'] as const;

export type ExportedOrder = Pick<Submission, (typeof exportAttributes)[number]>;

/** One cell, by what a spreadsheet must make of it. */
export type ExportCell =
  | { kind: 'text'; text: string }
  /** Text, never a number: `+33 6 12 34 56 78`, `0661 23 45 67`. */
  | { kind: 'phone'; text: string }
  /** An instant, shown in Algiers time. */
  | { kind: 'date'; iso: string }
  /** A photo's address, as a link. */
  | { kind: 'link'; url: string };

export interface ExportSheet {
  formId: string;
  /** The form's title in the staff's language. */
  title: string;
  header: string[];
  /** One row per order, newest first; undefined where the order has nothing. */
  rows: (ExportCell | undefined)[][];
}

interface Column {
  label: string;
  cell(order: ExportedOrder): ExportCell | undefined;
}

/** The orders as one sheet per form, the forms in the order of their newest order. */
export function exportSheets(
  orders: readonly ExportedOrder[],
  schemaOf: (formId: string) => FormSchema | undefined,
  language: Language,
): ExportSheet[] {
  const byForm = new Map<string, ExportedOrder[]>();
  for (const order of orders) byForm.set(order.formId, [...(byForm.get(order.formId) ?? []), order]);
  return [...byForm].map(([formId, formOrders]) => {
    const schema = schemaOf(formId);
    const columns = [...fieldColumns(schema, formOrders, language), ...recordColumns(language)];
    return {
      formId,
      title: schema?.['x-title'][language] ?? formId,
      header: columns.map((column) => column.label),
      rows: formOrders.map((order) => columns.map((column) => column.cell(order))),
    };
  });
}

/** The form's fields as columns: contact, item, the sheet's order, the rest; a photo field has a column per photo. */
function fieldColumns(schema: FormSchema | undefined, orders: readonly ExportedOrder[], language: Language): Column[] {
  const names = schema ? fieldOrder(schema) : [...new Set(orders.flatMap((order) => Object.keys(order.data ?? {})))];
  return names.flatMap((name): Column[] => {
    const label = schema ? fieldLabel(schema, name, language) : name;
    if (schema && imageField(schema, name)) {
      const most = Math.max(1, ...orders.map((order) => photosOf(order, name).length));
      return Array.from({ length: most }, (_, i) => ({
        label: most === 1 ? label : `${label} ${i + 1}`,
        cell: (order) => {
          const url = photosOf(order, name)[i];
          return url ? { kind: 'link', url } : undefined;
        },
      }));
    }
    const phone = schema ? fieldSchema(schema, name)?.['x-widget'] === 'tel' : false;
    return [
      {
        label,
        cell: (order) => {
          const value = order.data?.[name];
          if (value === undefined || value === null || value === '') return undefined;
          const text = fieldText(value, schema, name, language);
          // Orders stored before international numbers took their readable form (`0033612345678`) get it here too.
          return phone ? { kind: 'phone', text: readablePhoneNumber(text) ?? text } : { kind: 'text', text };
        },
      },
    ];
  });
}

/** Name, phone, wilaya; the item (the catalogue entry the form was opened from); the sheet's columns; the rest of the form. */
function fieldOrder(schema: FormSchema): string[] {
  const contact = contactFields(schema);
  const first = [contact.name, contact.phone, contact.wilaya].filter((name): name is string => name !== undefined);
  const items = Object.keys(schema.properties).filter((name) => schema.properties[name]!['x-context']);
  const inSheet = sheetOrder(schema).flatMap((place) => ('field' in place ? [place.field] : []));
  return [...new Set([...first, ...items, ...inSheet])].filter((name) => name in schema.properties);
}

/** The staff's notes, one a line, oldest first (an order's single note from before the thread first). */
function notesCell(order: ExportedOrder): ExportCell | undefined {
  const texts = [...(order.note ? [order.note] : []), ...(order.notes ?? []).map((note) => note.text)];
  return texts.length > 0 ? { kind: 'text', text: texts.join('\n') } : undefined;
}

function photosOf(order: ExportedOrder, name: string): string[] {
  const value = order.data?.[name];
  return Array.isArray(value) ? value.filter((url): url is string => typeof url === 'string' && /^https?:\/\//.test(url)) : [];
}

/** What staff know of the order: when it came, its status and note; its reference last. */
function recordColumns(language: Language): Column[] {
  return [
    { label: exportColumnLabels.createdAt[language], cell: (order) => ({ kind: 'date', iso: order.createdAt }) },
    { label: exportColumnLabels.status[language], cell: (order) => ({ kind: 'text', text: orderStatusLabels[order.status]?.[language] ?? order.status }) },
    { label: exportColumnLabels.note[language], cell: (order) => notesCell(order) },
    { label: exportColumnLabels.orderId[language], cell: (order) => ({ kind: 'text', text: order.orderId }) },
  ];
}

/**
 * The sheets as one CSV (UTF-8 with BOM, RFC 4180, every cell formula-safe):
 * each form's header and rows, after its title and an empty line when there
 * are several forms.
 */
export function exportCsv(sheets: readonly ExportSheet[]): string {
  const lines = [utf8Bom];
  sheets.forEach((sheet, i) => {
    if (sheets.length > 1) lines.push(...(i > 0 ? ['\r\n'] : []), formatCsvRow([safeCell(sheet.title)]));
    lines.push(formatCsvRow(sheet.header.map(safeCell)));
    for (const row of sheet.rows) lines.push(formatCsvRow(row.map((cell) => safeCell(cellText(cell)))));
  });
  return lines.join('');
}

/** A cell as text: a date as `2026-11-23 11:05`, which spreadsheets read as a date; a photo as its address. */
function cellText(cell: ExportCell | undefined): string {
  if (!cell) return '';
  if (cell.kind === 'date') return algiersTime(cell.iso);
  if (cell.kind === 'link') return cell.url;
  return cell.text;
}

const algiers = new Intl.DateTimeFormat('sv-SE', {
  timeZone: algiersTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** "2026-11-23 11:05": the dealer's local time. */
export function algiersTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : algiers.format(time);
}
