import { deliveryKindLabels, deliveryStateLabels, orderStatusLabels, type AdminOrder } from '../../../../shared/admin-api';
import type { Localized } from '../../../../shared/languages';
import type { SubmissionList } from '../../../../shared/submission-lists';
import { submissionStatuses, type StaffDeliveryKind, type SubmissionStatus } from '../../../../shared/submissions';
import definitions from '../../../../form-schemas/definitions.json';
import { useLocalize } from '../../../shared/i18n/language';
import { formTitles } from '../../../shared/forms/form-titles';
import formLists from '../../../shared/forms/generated/form-lists.json';
import { adminText } from '../../texts';

/** Names the inbox shows: the forms of a list, the wilayas, statuses and deliveries, in the staff's language. */

/** What names an order in lists and on its page: the visitor's name, else what they sent first (a subscriber's e-mail), else the form. */
export function orderName(order: AdminOrder): string {
  return order.contact.name || order.fields.find((field) => field.kind === 'text')?.text || order.formTitle;
}

/** Every form of a list, by id, with its title (written by forms:build). */
export function formsOf(list: SubmissionList): [formId: string, title: Localized][] {
  return Object.entries(formTitles).filter(([formId]) => (formLists as Record<string, string>)[formId] === list);
}

const wilaya = definitions.$defs.wilaya;

/** The 58 wilayas as stored (their English names), with their labels ("19 - سطيف"). */
export const wilayas: [value: string, label: Localized][] = wilaya.enum.map((value) => [
  value,
  (wilaya['x-enumLabels'] as Record<string, Localized>)[value] ?? { ar: value, fr: value, en: value },
]);

export function wilayaLabel(value: string): Localized {
  return wilayas.find(([stored]) => stored === value)?.[1] ?? { ar: value, fr: value, en: value };
}

const statusColours: Record<SubmissionStatus, string> = {
  new: 'bg-harvest-400 text-ink',
  contacted: 'bg-sky-100 text-sky-900',
  quoted: 'bg-violet-100 text-violet-900',
  won: 'bg-brand-100 text-brand-900',
  lost: 'bg-stone-200 text-stone-800',
  spam: 'bg-danger-50 text-danger-700',
};

/** The statuses as the options of a list, in the workflow's order: new → contacted → quoted → won | lost, and spam. */
export function StatusOptions() {
  const localize = useLocalize();
  return submissionStatuses.map((status) => (
    <option key={status} value={status}>
      {localize(orderStatusLabels[status])}
    </option>
  ));
}

export function StatusBadge({ status }: { status: SubmissionStatus }) {
  const localize = useLocalize();
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap ${statusColours[status]}`}>
      {localize(orderStatusLabels[status])}
    </span>
  );
}

/** "Sent very fast": the mark of an order delivered as usual that staff should look twice at (decision 11); nothing for others. */
export function CheckMark({ order }: { order: AdminOrder }) {
  const localize = useLocalize();
  if (!order.check) return null;
  return (
    <span className="inline-block rounded-full border border-danger-700/40 bg-white px-2.5 py-0.5 text-sm font-semibold whitespace-nowrap text-danger-700">
      {localize(adminText.orders.check[order.check.reason])}
    </span>
  );
}

/** The deliveries not sent yet ("Spreadsheet: Failing (3)"), or nothing when all went out. */
export function DeliveryWarnings({ order }: { order: AdminOrder }) {
  const localize = useLocalize();
  const unsent = (Object.entries(order.deliveries) as [StaffDeliveryKind, NonNullable<AdminOrder['deliveries'][StaffDeliveryKind]>][]).filter(
    ([, delivery]) => delivery.state !== 'sent',
  );
  if (unsent.length === 0) return null;
  return (
    <ul className="text-sm">
      {unsent.map(([kind, delivery]) => (
        <li key={kind} className={delivery.state === 'failing' || delivery.state === 'needsStaff' ? 'font-semibold text-danger-700' : 'text-ink-muted'}>
          {localize(deliveryKindLabels[kind])}: {localize(deliveryStateLabels[delivery.state])}
          {delivery.attempts > 0 && ` (${delivery.attempts})`}
        </li>
      ))}
    </ul>
  );
}
