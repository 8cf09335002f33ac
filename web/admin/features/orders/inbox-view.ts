import { orderSorts, type OrderSort } from '../../../../shared/admin-api';

/**
 * How the inbox shows its orders, besides what it filters: the sort and, on
 * a desk, the columns. Both sit in the address (`?sort=status&cols=date,name`)
 * so that a view can be shared and reloaded, and are remembered for the
 * staff member in this browser (localStorage, keyed by their e-mail): an
 * address without them opens as they last chose. Columns are per view: the
 * list of every form, or one form's own (docs/decisions/0022, "Sort and columns").
 */
export interface InboxView {
  /** Absent: newest first. */
  sort?: Exclude<OrderSort, 'newest'>;
  /** The column keys shown; absent: the view's usual columns. */
  columns?: string[];
}

/** Longer than any view's column keys put together: an address beyond it is not ours. */
const maxColumnsLength = 1_000;

export function viewFromSearch(params: URLSearchParams): InboxView {
  const sort = params.get('sort');
  const columns = params.get('cols');
  return {
    ...(sort && sort !== 'newest' && (orderSorts as readonly string[]).includes(sort) ? { sort: sort as InboxView['sort'] } : {}),
    ...(columns && columns.length <= maxColumnsLength ? { columns: columns.split(',').filter((key) => key !== '') } : {}),
  };
}

/** The address with the view set on it (a view's absent parts removed). */
export function withView(params: URLSearchParams, view: InboxView): URLSearchParams {
  const next = new URLSearchParams(params);
  if (view.sort) next.set('sort', view.sort);
  else next.delete('sort');
  if (view.columns && view.columns.length > 0) next.set('cols', view.columns.join(','));
  else next.delete('cols');
  return next;
}

/** The columns are remembered per view: every form's list (`''`) or one form's. */
export function columnsView(form: string | undefined): string {
  return form ?? '';
}

interface Remembered {
  sort?: InboxView['sort'];
  columns: Record<string, string[]>;
}

const storageKey = (staff: string) => `inbox-view:${staff}`;

/** What the staff member last chose; nothing when the browser keeps nothing (private mode) or kept something unreadable. */
export function rememberedView(staff: string): Remembered {
  try {
    const stored = JSON.parse(localStorage.getItem(storageKey(staff)) ?? '{}') as Partial<Remembered>;
    const { sort } = viewFromSearch(new URLSearchParams(typeof stored.sort === 'string' ? { sort: stored.sort } : {}));
    const columns = Object.fromEntries(
      Object.entries(stored.columns ?? {}).filter(([, keys]) => Array.isArray(keys) && keys.every((key) => typeof key === 'string')),
    );
    return { ...(sort ? { sort } : {}), columns };
  } catch {
    return { columns: {} };
  }
}

/** Remembers a choice: the sort, and the columns of one view (none: its usual columns). */
export function rememberView(staff: string, view: InboxView, columnsOf: string): void {
  const remembered = rememberedView(staff);
  const columns = { ...remembered.columns };
  if (view.columns && view.columns.length > 0) columns[columnsOf] = view.columns;
  else delete columns[columnsOf];
  try {
    localStorage.setItem(storageKey(staff), JSON.stringify({ ...(view.sort ? { sort: view.sort } : {}), columns }));
  } catch {
    // A browser that keeps nothing still has the choice in the address.
  }
}
