import { useId, useState } from 'react';
import { orderSorts, type OrderColumn, type OrderSort } from '../../../../shared/admin-api';
import { useLocalize } from '../../../shared/i18n/language';
import { inputClass, secondaryButtonClass } from '../../components/styles';
import { adminText } from '../../texts';

const text = adminText.inboxView;

/** The inbox's order: newest or oldest first, by status, wilaya or form. Applies at once. */
export function SortChoice({ sort, onChange }: { sort: OrderSort; onChange(sort: OrderSort): void }) {
  const localize = useLocalize();
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="font-medium whitespace-nowrap">
        {localize(text.sortBy)}
      </label>
      <select id={id} value={sort} onChange={(event) => onChange(event.target.value as OrderSort)} className={inputClass}>
        {orderSorts.map((choice) => (
          <option key={choice} value={choice}>
            {localize(text.sorts[choice])}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The columns of the table on a desk, as the API offers them for this view,
 * each a box to tick; the column naming the order cannot be taken away.
 * `onChange` gets the keys shown, or undefined for the usual ones.
 */
export function ColumnChoice({ columns, onChange }: { columns: OrderColumn[]; onChange(shown: string[] | undefined): void }) {
  const localize = useLocalize();
  const id = useId();
  // The boxes exist only while open: closed, their names ("Wilaya", "Status") do not stand beside the filters' own.
  const [open, setOpen] = useState(false);
  // A box shows its new state at once, while the address and the list follow.
  const [pending, setPending] = useState<string[]>();
  const served = columns.filter((column) => column.shown).map((column) => column.key);
  if (pending && pending.join() === served.join()) setPending(undefined);
  const shown = pending ?? served;
  const toggle = (key: string, on: boolean) => {
    const next = columns.filter((column) => (column.key === key ? on : column.opensOrder || shown.includes(column.key))).map((column) => column.key);
    setPending(next);
    onChange(next);
  };
  return (
    <details className="relative" open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary className={`${secondaryButtonClass} cursor-pointer`}>{localize(text.columns)}</summary>
      {open && (
        <fieldset aria-describedby={`${id}-help`} className="absolute end-0 z-10 mt-2 grid w-72 gap-1 rounded-card border border-line bg-white p-4 shadow-lg">
          <legend className="sr-only">{localize(text.columns)}</legend>
          <p id={`${id}-help`} className="mb-1 text-sm text-ink-muted">
            {localize(text.columnsHelp)}
          </p>
          {columns.map((column) => (
            <label key={column.key} className="flex min-h-11 items-center gap-3">
              <input
                type="checkbox"
                checked={shown.includes(column.key)}
                disabled={column.opensOrder === true}
                onChange={(event) => toggle(column.key, event.target.checked)}
                className="size-5 accent-brand-700"
              />
              {column.label}
            </label>
          ))}
          <button
            type="button"
            onClick={() => {
              setPending(undefined);
              onChange(undefined);
            }}
            className={`${secondaryButtonClass} mt-2`}
          >
            {localize(text.usualColumns)}
          </button>
        </fieldset>
      )}
    </details>
  );
}
