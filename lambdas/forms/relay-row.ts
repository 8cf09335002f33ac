import type { FormData, RelayColumn } from '../../shared/forms/form-schema';

export interface RowContext {
  /** ISO timestamp of the submission, set by the server. */
  submittedAt: string;
}

/** Builds the spreadsheet row from a schema's `x-relay.columns`, in order. */
export function buildRelayRow(columns: RelayColumn[], data: FormData, context: RowContext): string[] {
  return columns.map((column) => {
    if (typeof column === 'string') return cellText(data[column]);
    if ('value' in column) return context[column.value];
    if ('first' in column) return column.first.map((field) => cellText(data[field])).find((text) => text !== '') ?? '';
    return column.join
      .map((field) => cellText(data[field]))
      .filter((text) => text !== '')
      .join(column.separator);
  });
}

function cellText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map(cellText).filter(Boolean).join(', ');
  return String(value);
}
