import { contactChannelLabels, deliveryKindLabels, orderStatusLabels, type AdminOrder } from '../../../../shared/admin-api';
import type { Language } from '../../../../shared/languages';
import type { HistoryEntry } from '../../../../shared/submissions';
import { useLanguage, useLocalize } from '../../../shared/i18n/language';
import { formatDateTime } from '../../components/format';
import { adminText } from '../../texts';

const text = adminText.order;

/** Who changed what and when, newest first. */
export function OrderHistory({ order }: { order: AdminOrder }) {
  const localize = useLocalize();
  const language = useLanguage();
  const entries = [...(order.history ?? [])].reverse();
  if (entries.length === 0) return <p className="text-ink-muted">{localize(text.noHistory)}</p>;
  return (
    <ol className="grid gap-3">
      {entries.map((entry, index) => (
        <li key={`${entry.at}-${index}`} className="border-s-4 border-brand-200 ps-3">
          <p className="text-sm text-ink-muted">
            <time dateTime={entry.at}>{formatDateTime(entry.at, language)}</time> · {localize(text.changedBy)} <span dir="ltr">{entry.by}</span>
          </p>
          <ul>
            {changeTexts(entry.changes, language).map((change) => (
              <li key={change}>{change}</li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

function changeTexts(changes: HistoryEntry['changes'], language: Language): string[] {
  const said = [];
  if (changes.status) {
    said.push(text.statusChange(orderStatusLabels[changes.status.from][language], orderStatusLabels[changes.status.to][language]));
  }
  if (changes.note) said.push(changes.note.to === '' ? text.noteCleared : text.noteChange(changes.note.to));
  if (changes.read) said.push(changes.read.to ? text.readChange : text.unreadChange);
  if (changes.archived) said.push(text.archivedChange(changes.archived.to));
  if (changes.labels) said.push(text.labelsChange(changes.labels.from.join(', ') || '–', changes.labels.to.join(', ') || '–'));
  if (changes.assigned) said.push(text.assignedChange(changes.assigned.from || text.nobody[language], changes.assigned.to || text.nobody[language]));
  if (changes.contacted) said.push(text.contactedChange(contactChannelLabels[changes.contacted][language]));
  if (changes.contactUndone) said.push(text.contactUndoneChange(contactChannelLabels[changes.contactUndone][language]));
  if (changes.resend) said.push(text.resendChange(changes.resend.map((kind) => deliveryKindLabels[kind][language]).join(', ')));
  return said.map((change) => change[language]);
}
