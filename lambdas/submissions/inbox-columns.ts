import { inboxColumnLabels, type OrderColumn } from '../../shared/admin-api';
import { contactFields, fieldLabel, fieldSchema } from '../../shared/forms/fields';
import type { FormSchema } from '../../shared/forms/form-schema';
import type { Language } from '../../shared/languages';
import { sheetOrder } from './sheet-columns';

/**
 * The columns of the inbox's table on a desk (docs/decisions/0022, "Sort and
 * columns"). The list of every form shows what all orders have; a form's own
 * view (the filter names one form) shows that form's fields, labelled as its
 * export labels them, in the order of its sheet, the date where the sheet has
 * it, then the status and deliveries. `columns=` chooses among them.
 */

type Column = Omit<OrderColumn, 'shown'>;
type ListColumn = keyof typeof inboxColumnLabels;

const listColumns: ListColumn[] = ['date', 'form', 'name', 'phone', 'wilaya', 'item', 'status', 'delivery'];
/** What the list shows until the staff member chooses: the table as it always was. */
const usualListColumns: ListColumn[] = ['date', 'form', 'name', 'phone', 'wilaya', 'status', 'delivery'];
/** A form's view has these besides its fields. */
const formViewColumns: ListColumn[] = ['date', 'status', 'delivery'];
/** The most keys `columns=` may name: more than any view has. */
const maxColumns = 60;

/** Every column of the view, in its order: a form's view when its schema is given. */
export function viewColumns(schema: FormSchema | undefined, language: Language): Column[] {
  const own = (key: ListColumn, extra: Partial<Column> = {}): Column => ({ key, label: inboxColumnLabels[key][language], ...extra });
  if (!schema) return listColumns.map((key) => own(key, key === 'name' ? { opensOrder: true } : key === 'phone' ? { phone: true } : {}));

  const contact = contactFields(schema);
  const fields = sheetOrder(schema).map((place): Column => {
    if (!('field' in place)) return own('date');
    const field = place.field;
    return {
      // A field named like one of the view's other columns gets a key of its own.
      key: (formViewColumns as string[]).includes(field) ? `field.${field}` : field,
      label: fieldLabel(schema, field, language),
      field,
      ...(fieldSchema(schema, field)?.['x-widget'] === 'tel' ? { phone: true as const } : {}),
      ...(field === contact.name ? { opensOrder: true as const } : {}),
    };
  });
  // A form without a name field is named by its first field (a subscriber's e-mail).
  const named = fields.some((column) => column.opensOrder) ? fields : fields.map((column, i) => (i === fields.findIndex((first) => first.field) ? { ...column, opensOrder: true as const } : column));
  const dated = named.some((column) => column.key === 'date') ? named : [...named, own('date')];
  return [...dated, own('status'), own('delivery')];
}

export type ColumnChoice = { ok: true; columns: OrderColumn[] } | { ok: false; column: string };

/** The view's columns, each shown as `columns=` says (the usual ones without it), the order's name always; the first unknown key otherwise. */
export function chooseColumns(columns: Column[], requested: string | undefined): ColumnChoice {
  if (requested === undefined) {
    const usual = (column: Column) => column.field !== undefined || (usualListColumns as string[]).includes(column.key);
    return { ok: true, columns: columns.map((column) => ({ ...column, shown: usual(column) })) };
  }
  const keys = requested.split(',').map((key) => key.trim());
  const known = new Set(columns.map((column) => column.key));
  const unknown = keys.length > maxColumns ? keys[maxColumns]! : keys.find((key) => !known.has(key));
  if (unknown !== undefined) return { ok: false, column: unknown.slice(0, 60) };
  // The column that names the order is always shown: it opens the order.
  return { ok: true, columns: columns.map((column) => ({ ...column, shown: column.opensOrder === true || keys.includes(column.key) })) };
}
