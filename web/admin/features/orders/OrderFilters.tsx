import { useId, type ChangeEventHandler, type FormEvent } from 'react';
import { Link } from 'react-router';
import { orderStatusLabels } from '../../../../shared/admin-api';
import { submissionStatuses, type SubmissionStatus } from '../../../../shared/submissions';
import { useLocalize } from '../../../shared/i18n/language';
import { useWideScreen } from '../../components/use-wide-screen';
import { inputClass, labelClass, secondaryButtonClass, buttonClass } from '../../components/styles';
import { adminText } from '../../texts';
import { searchOf, type InboxFilter } from './order-filter';
import { formsOf, wilayas } from './labels';
import { useOrderLabels, useStaffList } from './orders-api';

const text = adminText.orders;

/**
 * The inbox's search box and filters. A choice in a list or a date applies
 * at once; the search applies with Search (or Enter). Each applied filter is
 * a new address, so the back button returns to the previous one. On a phone
 * the filters fold away (open while some are set); the search box stays.
 */
export function OrderFilters({ filter, onApply }: { filter: InboxFilter; onApply(filter: InboxFilter): void }) {
  const localize = useLocalize();
  const id = useId();
  const wide = useWideScreen();
  const staff = useStaffList();
  const labels = useOrderLabels();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? '').trim() || undefined;
    onApply({
      q: value('q'),
      list: filter.list,
      form: value('form'),
      status: value('status') as SubmissionStatus | undefined,
      wilaya: value('wilaya'),
      from: value('from'),
      to: value('to'),
      unreadOnly: data.get('unread') === 'on' || undefined,
      needsStaff: data.get('needsStaff') === 'on' || undefined,
      assignee: value('assignee'),
      archived: data.get('archived') === 'on' || undefined,
      label: value('label'),
      waiting: data.get('waiting') === 'on' || undefined,
    });
  };
  const applyNow = (event: { currentTarget: HTMLInputElement | HTMLSelectElement }) => event.currentTarget.form?.requestSubmit();

  const select = (name: 'form' | 'status' | 'wilaya' | 'assignee' | 'label', label: string, empty: string, options: [string, string][]) => (
    <div>
      <label htmlFor={`${id}-${name}`} className={labelClass}>
        {label}
      </label>
      <select id={`${id}-${name}`} name={name} defaultValue={filter[name] ?? ''} onChange={applyNow} className={inputClass}>
        <option value="">{empty}</option>
        {options.map(([value, optionLabel]) => (
          <option key={value} value={value}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );

  const filters = (
    <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {select('form', localize(text.form), localize(text.allForms), formsOf(filter.list).map(([formId, title]) => [formId, localize(title)]))}
      {select('status', localize(text.status), localize(text.allStatuses), submissionStatuses.map((status) => [status, localize(orderStatusLabels[status])]))}
      {select('wilaya', localize(text.wilaya), localize(text.allWilayas), wilayas.map(([value, label]) => [value, localize(label)]))}
      {select('assignee', localize(text.assignee), localize(text.anyone), [['me', localize(text.mine)], ...staffChoices(staff.data, filter.assignee)])}
      {select('label', localize(text.label), localize(text.anyLabel), [...new Set([...(labels.data ?? []), ...(filter.label ? [filter.label] : [])])].map((label) => [label, label]))}
      <div className="grid grid-cols-2 gap-2">
        {(['from', 'to'] as const).map((bound) => (
          <div key={bound}>
            <label htmlFor={`${id}-${bound}`} className={labelClass}>
              {localize(text[bound])}
            </label>
            <input id={`${id}-${bound}`} name={bound} type="date" defaultValue={filter[bound] ?? ''} onChange={applyNow} className={inputClass} />
          </div>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
        <FilterCheckbox name="unread" checked={filter.unreadOnly} onChange={applyNow} label={localize(text.unreadOnly)} />
        <FilterCheckbox name="needsStaff" checked={filter.needsStaff} onChange={applyNow} label={localize(text.needsStaffOnly)} />
        <FilterCheckbox name="archived" checked={filter.archived} onChange={applyNow} label={localize(text.archivedOnly)} />
        <FilterCheckbox name="waiting" checked={filter.waiting} onChange={applyNow} label={localize(adminText.waitingOrders.filter)} />
        <Link to={{ search: searchOf({ list: filter.list }).toString() }} className={`${secondaryButtonClass} ms-auto`}>
          {localize(text.clearFilters)}
        </Link>
      </div>
    </div>
  );
  const active = Object.entries(filter).filter(([name, value]) => name !== 'list' && name !== 'q' && value !== undefined).length;
  return (
    <form role="search" aria-label={localize(text.filters)} onSubmit={submit} className="mb-4 rounded-card border border-line bg-white p-4">
      <div className="mb-3">
        <label htmlFor={`${id}-q`} className={labelClass}>
          {localize(text.searchLabel)}
        </label>
        <div className="flex gap-2">
          <input
            id={`${id}-q`}
            name="q"
            type="search"
            dir="auto"
            maxLength={200}
            defaultValue={filter.q ?? ''}
            aria-describedby={`${id}-q-help`}
            className={inputClass}
          />
          <button type="submit" className={buttonClass}>
            {localize(text.search)}
          </button>
        </div>
        <p id={`${id}-q-help`} className="mt-1 text-sm text-ink-muted">
          {localize(text.searchHelp)}
        </p>
      </div>
      {wide ? (
        filters
      ) : (
        <details open={active > 0}>
          <summary className="mb-2 flex min-h-11 cursor-pointer items-center font-semibold">
            {localize(text.filters)}
            {active > 0 && ` (${active})`}
          </summary>
          {filters}
        </details>
      )}
    </form>
  );
}

/** Each staff member as a choice, and the one the address names should they have left the list. */
function staffChoices(staff: string[] = [], chosen: string | undefined): [string, string][] {
  const emails = chosen && chosen !== 'me' && !staff.includes(chosen) ? [...staff, chosen] : staff;
  return emails.map((email) => [email, email]);
}

/** A yes/no filter, applied as soon as it is ticked; read by its name when the form is applied. */
function FilterCheckbox({ name, checked, onChange, label }: { name: string; checked: boolean | undefined; onChange: ChangeEventHandler<HTMLInputElement>; label: string }) {
  return (
    <label className="flex min-h-11 items-center gap-2 font-medium">
      <input name={name} type="checkbox" defaultChecked={checked === true} onChange={onChange} className="size-5 accent-brand-700" />
      {label}
    </label>
  );
}
