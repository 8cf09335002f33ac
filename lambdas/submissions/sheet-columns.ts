import { exportColumnLabels, type SheetCell } from '../../shared/admin-api';
import { fieldLabel, fieldSchema, optionLabel } from '../../shared/forms/fields';
import type { FormData, FormSchema, RelayColumn } from '../../shared/forms/form-schema';
import type { Language } from '../../shared/languages';

/**
 * The sheet row of an order as staff read it: each cell under its column's
 * label, in the sheet's order (the form's `x-relay.columns`, then the
 * order's reference), a list value (a wilaya, a part's place) also in the
 * staff's language, the send time marked as a time for the page to show in
 * Algiers time. The cells themselves stay as sent. Without the form (since
 * removed), nothing: the page numbers the columns.
 */
export function sheetCells(schema: FormSchema | undefined, data: FormData, row: readonly string[], language: Language): SheetCell[] | undefined {
  if (!schema) return undefined;
  const columns = schema['x-relay'].columns;
  return row.map((cell, index) => {
    const column = columns[index];
    if (column === undefined) return { label: exportColumnLabels.orderId[language] };
    return { label: columnLabel(schema, column, language), ...cellText(schema, column, data, cell, language) };
  });
}

/** A place in a form's sheet: one of its fields, or the time the order was sent. */
export type SheetPlace = { field: string } | { sentAt: true };

/**
 * The form's fields in the order of its sheet (`x-relay.columns`; a column
 * made of several fields gives each, in its order), the time sent where the
 * sheet has it, then the fields the sheet leaves out.
 */
export function sheetOrder(schema: FormSchema): SheetPlace[] {
  const places: SheetPlace[] = [];
  const seen = new Set<string>();
  const add = (field: string) => {
    if (seen.has(field) || !(field in schema.properties)) return;
    seen.add(field);
    places.push({ field });
  };
  for (const column of schema['x-relay'].columns) {
    if (typeof column === 'string') add(column);
    else if ('value' in column) places.push({ sentAt: true });
    else ('first' in column ? column.first : column.join).forEach(add);
  }
  Object.keys(schema.properties).forEach(add);
  return places;
}

function columnLabel(schema: FormSchema, column: RelayColumn, language: Language): string {
  if (typeof column === 'string') return fieldLabel(schema, column, language);
  if ('value' in column) return exportColumnLabels.createdAt[language];
  const fields = 'first' in column ? column.first : column.join;
  // "Part location" for its list and its free text typed in place of "Other": one label, said once.
  return [...new Set(fields.map((field) => fieldLabel(schema, field, language)))].join(' / ');
}

function cellText(schema: FormSchema, column: RelayColumn, data: FormData, cell: string, language: Language): Pick<SheetCell, 'text' | 'kind'> {
  if (typeof column !== 'string' && 'value' in column) return { kind: 'time' };
  const field = typeof column === 'string' ? column : 'first' in column ? column.first.find((name) => hasValue(data[name])) : undefined;
  if (!field || !fieldSchema(schema, field)?.['x-enumLabels']) return {};
  const value = data[field];
  const labels = (Array.isArray(value) ? value : [value]).map((item) => (typeof item === 'string' ? (optionLabel(schema, field, item, language) ?? item) : String(item)));
  const text = labels.join(', ');
  return text === cell ? {} : { text };
}

function hasValue(value: unknown): boolean {
  return value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);
}
