import { useId, useState } from 'react';
import { maxPublishNoteLength, type ContentResponse, type PublishRequest, type PublishSummary } from '../../../../shared/admin-api';
import type { ContentOverrides } from '../../../../shared/content/model';
import { siteTextEntries } from '../../../../shared/content/texts';
import { useLanguage, useLocalize } from '../../../shared/i18n/language';
import { Modal } from '../../../shared/components/Modal';
import { AdminApiError } from '../../api/client';
import { ErrorMessage, StatusMessage } from '../../components/feedback';
import { formatDateTime } from '../../components/format';
import { buttonClass, cardClass, inputClass, labelClass, secondaryButtonClass } from '../../components/styles';
import { adminText } from '../../texts';
import { useFollowPublish, usePublish, usePublishes, useRestore } from './content-api';
import { PublishChanges } from './PublishChanges';

const text = adminText.content;
const siteTexts = siteTextEntries();

interface PublishPanelProps {
  content: ContentResponse;
  /** The content on screen when it differs from the saved draft: publishing saves it first. */
  unsavedDraft?: ContentOverrides;
  /** The `savedAt` of the draft the screen began from. */
  basedOn: string | undefined;
  /** The check made before anything is sent; false when it found problems (then shown at their fields). */
  check(): boolean;
  /** The API refused: its problems are shown at their fields, like a save's. */
  onRefused(error: Error): void;
  onStart(): void;
}

/**
 * "Publish" what is on screen: with unsaved edits, "Save and publish" saves
 * them first, so the site never gets another draft than the one shown.
 * Followed as it goes (pictures, pages, files) to what changed, in staff's
 * words, or why it failed; a short note may go with it. Every publish is
 * kept, newest first, down to the content as shipped, each one that was done
 * restorable. A publish already running when the page opens (a colleague's)
 * is followed too.
 */
export function PublishPanel({ content, unsavedDraft, basedOn, check, onRefused, onStart }: PublishPanelProps) {
  const localize = useLocalize();
  const language = useLanguage();
  const id = useId();
  const publish = usePublish();
  const restore = useRestore();
  const publishes = usePublishes();
  const [started, setStarted] = useState<string>();
  const [note, setNote] = useState('');
  // The publish staff asked to go back to, until they confirm.
  const [goingBack, setGoingBack] = useState<PublishSummary>();
  const followed = started ?? publishes.data?.items.find((item) => item.state === 'running')?.publishId;
  const current = useFollowPublish(followed).data;
  const running = followed !== undefined && (current === undefined || current.state === 'running');
  const starting = publish.isPending || restore.isPending;
  const busy = starting || running;
  const unsaved = unsavedDraft !== undefined;
  const nothingToPublish = !unsaved && content.draftIsLive;
  const refused = publish.error ?? restore.error;
  const problems = refused instanceof AdminApiError && refused.body?.problems !== undefined;
  const follow = {
    onSuccess: (summary: PublishSummary) => {
      setStarted(summary.publishId);
      setNote('');
    },
    onError: (error: Error) => {
      // Another publish is running: follow that one.
      const other = error instanceof AdminApiError ? (error.body?.running as PublishSummary | undefined) : undefined;
      if (other) setStarted(other.publishId);
      onRefused(error);
    },
  };
  const start = () => {
    if (!check()) return;
    onStart();
    const request: PublishRequest = { ...(unsaved && { draft: unsavedDraft }), basedOn: basedOn ?? null, ...(note.trim() && { note: note.trim() }) };
    publish.mutate(request, follow);
  };
  const formTexts = [...siteTexts, ...content.formTexts];

  return (
    <section className={`${cardClass} mt-6`} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="mb-3 text-xl font-bold text-brand-900">
        {localize(text.publish)}
      </h2>
      <p id={`${id}-state`} className="mb-2 text-ink-muted">
        {unsaved ? localize(text.unsaved) : nothingToPublish ? localize(text.nothingToPublish) : localize(text.notLive)}
      </p>
      <NoteField id={`${id}-note`} value={note} onChange={setNote} />
      <button type="button" className={`${buttonClass} mt-3`} disabled={busy || nothingToPublish} aria-describedby={`${id}-state`} onClick={start}>
        {localize(unsaved ? text.saveAndPublish : text.publish)}
      </button>
      <StatusMessage>
        {running && (
          <>
            {current?.progress ? localize(text.progress[current.progress.step](current.progress.done, current.progress.total)) : localize(text.publishing)}
            <progress className="mt-2 block w-full accent-brand-700" max={current?.progress?.total} value={current?.progress?.done} />
          </>
        )}
        {/* Said only while the screen shows what was published: new edits make it history. */}
        {!starting && !unsaved && current?.state === 'done' && (
          <>
            <p>{localize(text.published(current.pages ?? 0, ((current.durationMs ?? 0) / 1000).toFixed(1)))}</p>
            <PublishChanges publish={current} texts={formTexts} />
          </>
        )}
      </StatusMessage>
      {/* Problems are listed with the draft's and shown at their fields. */}
      {refused && !problems && <ErrorMessage>{refused.message}</ErrorMessage>}
      {!starting && current?.state === 'failed' && (
        <ErrorMessage>
          {localize(text.publishFailed)} {current.failure && <span dir="ltr">({current.failure})</span>}
        </ErrorMessage>
      )}

      <h3 id={`${id}-history`} className="mb-2 mt-4 font-semibold">
        {localize(text.history)}
      </h3>
      <ul aria-labelledby={`${id}-history`} className="divide-y divide-line">
        {publishes.data?.items.map((item) => (
          <li key={item.publishId} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
            {item.shipped ? (
              <span>
                <strong>{localize(text.shipped)}</strong> <span className="text-ink-muted">({localize(text.shippedDetail)})</span>
              </span>
            ) : (
              <>
                <time dateTime={item.publishedAt}>{formatDateTime(item.publishedAt, language)}</time>
                <span className="wrap-anywhere">{localize(text.by(item.publishedBy))}</span>
              </>
            )}
            {item.restoredFrom && <span className="text-ink-muted">{localize(text.restoredFrom)}</span>}
            {item.note && (
              <q dir="auto" className="basis-full wrap-anywhere">
                {item.note}
              </q>
            )}
            {(content.live ? item.publishId === content.live.publishId : item.shipped) ? (
              <strong>{localize(text.live)}</strong>
            ) : item.state === 'done' ? (
              <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => setGoingBack(item)}>
                {localize(text.restore)}
              </button>
            ) : (
              <span className="text-ink-muted">{localize(item.state === 'running' ? text.runningState : text.failedState)}</span>
            )}
          </li>
        ))}
      </ul>
      <Modal open={goingBack !== undefined} title={localize(text.restore)} onClose={() => setGoingBack(undefined)}>
        <p className="mb-4">
          {goingBack && localize(goingBack.shipped ? text.restoreShippedQuestion : text.restoreQuestion(formatDateTime(goingBack.publishedAt, language)))}
        </p>
        <NoteField id={`${id}-restore-note`} value={note} onChange={setNote} />
        <div className="mt-4 flex flex-wrap gap-3">
          <button
            type="button"
            className={buttonClass}
            onClick={() => {
              if (goingBack) restore.mutate({ publishId: goingBack.publishId, note: note.trim() || undefined }, follow);
              setGoingBack(undefined);
            }}
          >
            {localize(text.restore)}
          </button>
          <button type="button" className={secondaryButtonClass} onClick={() => setGoingBack(undefined)}>
            {localize(adminText.cancel)}
          </button>
        </div>
      </Modal>
    </section>
  );
}

function NoteField({ id, value, onChange }: { id: string; value: string; onChange(note: string): void }) {
  const localize = useLocalize();
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {localize(text.note)}
      </label>
      <input id={id} dir="auto" maxLength={maxPublishNoteLength} value={value} aria-describedby={`${id}-help`} onChange={(event) => onChange(event.target.value)} className={inputClass} />
      <p id={`${id}-help`} className="mt-1 text-sm text-ink-muted">
        {localize(text.noteHelp)}
      </p>
    </div>
  );
}
