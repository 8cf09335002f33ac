import type { FormData, FormSchema } from '../../shared/forms/form-schema';
import { safeCell } from '../../shared/safe-cell';

export interface RowContext {
  /** ISO timestamp of the submission, set by the server. */
  submittedAt: string;
}

/**
 * Builds the spreadsheet row from a schema's `x-relay.columns`, in order.
 * Every cell is made formula-safe here, after all trimming: the stored
 * submission keeps what the visitor typed, the sheet gets text that stays text.
 */
export function buildRelayRow(schema: Pick<FormSchema, 'x-relay'>, data: FormData, context: RowContext): string[] {
  // A phone is already in its readable form (`+33 6 12 34 56 78`): the sheet reads its `'` as "text", like any cell's.
  const cell = (field: string) => safeCell(cellText(data[field]));
  return schema['x-relay'].columns.map((column) => {
    if (typeof column === 'string') return cell(column);
    if ('value' in column) return context[column.value];
    if ('first' in column) return column.first.map(cell).find((text) => text !== '') ?? '';
    return safeCell(column.join.map((field) => cellText(data[field])).filter((text) => text !== '').join(column.separator));
  });
}

function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(cellText).filter(Boolean).join(', ');
  return String(value);
}
