import { deliveryKindLabels, deliveryStateLabels, exportColumnLabels, orderStatusLabels } from '../../shared/admin-api';
import { formatCsvRow, utf8Bom, type CsvCell } from '../../shared/csv';
import { fieldSchema } from '../../shared/forms/fields';
import type { FormSchema } from '../../shared/forms/form-schema';
import type { Language } from '../../shared/languages';
import { safeCell, safePhoneCell } from '../../shared/safe-cell';
import { deliveryKinds, type Delivery, type Submission } from '../../shared/submissions';
import { orderFields } from './order-view';

/**
 * The CSV export of the inbox: UTF-8 with BOM, RFC 4180 (shared/csv.ts),
 * every cell formula-safe. One row per order; the columns are the order's
 * id, form, date (Algiers time), status, note, each delivery's state, then
 * every field of the forms present, labelled in the staff's language (the
 * first form naming a field gives its label; photo fields hold their URLs).
 */

/** The attributes an export reads: not the history, the row or the index attributes. */
export const exportAttributes = ['orderId', 'formId', 'createdAt', 'status', 'note', 'data', 'deliveries'] as const;

export type ExportedOrder = Pick<Submission, (typeof exportAttributes)[number]>;

export function ordersCsv(
  orders: readonly ExportedOrder[],
  schemaOf: (formId: string) => FormSchema | undefined,
  language: Language,
): string {
  const columns = new Map<string, { label: string; phone: boolean }>();
  const kinds = deliveryKinds.filter((kind) => orders.some((order) => order.deliveries?.[kind]));
  const rows = orders.map((order) => {
    const schema = schemaOf(order.formId);
    const cells = new Map<string, string>();
    for (const field of orderFields(order.data ?? {}, schema, language)) {
      if (!columns.has(field.name)) {
        columns.set(field.name, { label: field.label, phone: schema ? fieldSchema(schema, field.name)?.['x-widget'] === 'tel' : false });
      }
      cells.set(field.name, field.text);
    }
    return { order, title: schema?.['x-title'][language] ?? order.formId, cells };
  });

  const header = [
    exportColumnLabels.orderId[language],
    exportColumnLabels.form[language],
    exportColumnLabels.createdAt[language],
    exportColumnLabels.status[language],
    exportColumnLabels.note[language],
    ...kinds.map((kind) => deliveryKindLabels[kind][language]),
    ...[...columns.values()].map((column) => column.label),
  ];
  const lines = [utf8Bom, formatCsvRow(header.map(safeCell))];
  for (const { order, title, cells } of rows) {
    const row: CsvCell[] = [
      order.orderId,
      title,
      algiersTime(order.createdAt),
      orderStatusLabels[order.status]?.[language] ?? order.status,
      order.note ?? '',
      ...kinds.map((kind) => deliveryText(order.deliveries?.[kind], language)),
      ...[...columns].map(([name, column]) => {
        const text = cells.get(name) ?? '';
        return column.phone ? safePhoneCell(text) : text;
      }),
    ];
    lines.push(formatCsvRow(row.map((cell) => (typeof cell === 'string' ? safeCell(cell) : cell))));
  }
  return lines.join('');
}

function deliveryText(delivery: Delivery | undefined, language: Language): string {
  if (!delivery) return '';
  const state = deliveryStateLabels[delivery.state][language];
  return delivery.state === 'failing' ? `${state} (${delivery.attempts}): ${delivery.lastError ?? ''}` : state;
}

/** "2026-11-23 11:05:00": the dealer's local time, which spreadsheet programs read as a date. */
const algiers = new Intl.DateTimeFormat('sv-SE', {
  timeZone: 'Africa/Algiers',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

function algiersTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : algiers.format(time);
}
