import { useId, useState, type FormEvent } from 'react';
import { maxLabelLength, maxLabels, type AdminOrder } from '../../../../shared/admin-api';
import { useLocalize } from '../../../shared/i18n/language';
import { ErrorMessage } from '../../components/feedback';
import { inputClass, labelClass, secondaryButtonClass } from '../../components/styles';
import { adminText } from '../../texts';
import { useOrderLabels, useUpdateOrder } from './orders-api';

const text = adminText.order.labels;

/**
 * The order's short labels: each removable, and one more added, typed or
 * chosen among those already used (so that "urgent" stays one label, not
 * three spellings). Saved on the version seen, like any change.
 */
export function OrderLabels({ order }: { order: AdminOrder }) {
  const localize = useLocalize();
  const id = useId();
  const used = useOrderLabels();
  const update = useUpdateOrder(order.orderId);
  const [typed, setTyped] = useState('');
  const labels = order.labels ?? [];

  const save = (next: string[]) => update.mutate({ labels: next, version: order.version }, { onSuccess: () => setTyped('') });
  const add = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const label = typed.trim();
    if (label !== '' && !labels.includes(label)) save([...labels, label]);
  };

  return (
    <>
      {labels.length === 0 ? (
        <p className="mb-3 text-ink-muted">{localize(text.none)}</p>
      ) : (
        <ul className="mb-3 flex flex-wrap gap-2" aria-label={localize(text.title)}>
          {labels.map((label) => (
            <li key={label} className="flex items-center gap-1 rounded-full border border-brand-600/40 bg-brand-50 ps-3 font-medium text-brand-900">
              <span dir="auto">{label}</span>
              <button
                type="button"
                disabled={update.isPending}
                onClick={() => save(labels.filter((other) => other !== label))}
                aria-label={localize(text.remove(label))}
                className="flex size-11 items-center justify-center rounded-full text-lg"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {labels.length < maxLabels && (
        <form onSubmit={add}>
          <label htmlFor={`${id}-label`} className={labelClass}>
            {localize(text.newLabel)}
          </label>
          <div className="flex gap-2">
            <input
              id={`${id}-label`}
              list={`${id}-used`}
              dir="auto"
              maxLength={maxLabelLength}
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              className={inputClass}
            />
            <button type="submit" disabled={update.isPending || typed.trim() === ''} className={secondaryButtonClass}>
              {localize(text.add)}
            </button>
          </div>
          <datalist id={`${id}-used`}>
            {(used.data ?? []).filter((label) => !labels.includes(label)).map((label) => (
              <option key={label} value={label} />
            ))}
          </datalist>
        </form>
      )}
      {update.error && <ErrorMessage>{update.error.message}</ErrorMessage>}
    </>
  );
}
