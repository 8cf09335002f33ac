import { useId, useState, type FormEvent } from 'react';
import { maxNoteLength, type AdminOrder } from '../../../../shared/admin-api';
import { useLanguage, useLocalize } from '../../../shared/i18n/language';
import { ErrorMessage, StatusMessage } from '../../components/feedback';
import { formatDateTime } from '../../components/format';
import { buttonClass, inputClass, labelClass } from '../../components/styles';
import { adminText } from '../../texts';
import { useAddNote } from './orders-api';

const text = adminText.order.notes;

/**
 * The staff's notes on an order, oldest first, each with who wrote it and
 * when, and a box to add one. A note is added after the others, never in
 * their place: a colleague's note written meanwhile is kept, and shows.
 */
export function OrderNotes({ order }: { order: AdminOrder }) {
  const localize = useLocalize();
  const language = useLanguage();
  const id = useId();
  const add = useAddNote(order.orderId);
  const [draft, setDraft] = useState('');

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (draft.trim() === '') return;
    add.mutate({ text: draft }, { onSuccess: () => setDraft('') });
  };

  return (
    <>
      {order.notes.length === 0 ? (
        <p className="mb-4 text-ink-muted">{localize(text.none)}</p>
      ) : (
        <ol className="mb-4 grid gap-3" aria-label={localize(text.title)}>
          {order.notes.map((note, index) => (
            <li key={`${note.at}-${index}`} className="border-s-4 border-brand-200 ps-3">
              <p className="text-sm text-ink-muted">
                <span dir="ltr">{note.by || localize(text.unsigned)}</span> · <time dateTime={note.at}>{formatDateTime(note.at, language)}</time>
              </p>
              <p dir="auto" className="whitespace-pre-line break-words">
                {note.text}
              </p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={submit}>
        <label htmlFor={`${id}-note`} className={labelClass}>
          {localize(text.newNote)}
        </label>
        <textarea
          id={`${id}-note`}
          rows={3}
          maxLength={maxNoteLength}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          aria-describedby={`${id}-help`}
          className={inputClass}
        />
        <p id={`${id}-help`} className="mt-1 mb-3 text-sm text-ink-muted">
          {localize(text.help)}
        </p>
        {add.error && <ErrorMessage>{add.error.message}</ErrorMessage>}
        <button type="submit" disabled={add.isPending || draft.trim() === ''} className={buttonClass}>
          {localize(add.isPending ? text.adding : text.add)}
        </button>
      </form>
      <StatusMessage>{add.isSuccess && !add.isPending && draft === '' && localize(text.added)}</StatusMessage>
    </>
  );
}
