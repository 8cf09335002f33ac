import { useState } from 'react';
import type { PublishSummary } from '../../../../shared/admin-api';
import { useLanguage, useLocalize } from '../../../shared/i18n/language';
import { Modal } from '../../../shared/components/Modal';
import { AdminApiError } from '../../api/client';
import { ErrorMessage, StatusMessage } from '../../components/feedback';
import { formatDateTime } from '../../components/format';
import { buttonClass, cardClass, secondaryButtonClass } from '../../components/styles';
import { adminText } from '../../texts';
import { useFollowPublish, usePublish, usePublishes, useRestore } from './content-api';

const text = adminText.content;

/**
 * "Publish", followed as it goes (pictures, pages, files) to what changed or
 * why it failed, and every publish kept, each one that was done restorable.
 * A publish already running when the page opens (a colleague's) is followed too.
 */
export function PublishPanel({ unsaved, live }: { unsaved: boolean; live?: PublishSummary }) {
  const localize = useLocalize();
  const language = useLanguage();
  const publish = usePublish();
  const restore = useRestore();
  const publishes = usePublishes();
  const [started, setStarted] = useState<string>();
  // The publish staff asked to go back to, until they confirm.
  const [goingBack, setGoingBack] = useState<PublishSummary>();
  const followed = started ?? publishes.data?.items.find((item) => item.state === 'running')?.publishId;
  const current = useFollowPublish(followed).data;
  const running = followed !== undefined && (current === undefined || current.state === 'running');
  const starting = publish.isPending || restore.isPending;
  const busy = starting || running;
  const refused = publish.error ?? restore.error;
  const follow = {
    onSuccess: (summary: PublishSummary) => setStarted(summary.publishId),
    // Another publish is running: follow that one.
    onError: (error: Error) => {
      const other = error instanceof AdminApiError ? (error.body?.running as PublishSummary | undefined) : undefined;
      if (other) setStarted(other.publishId);
    },
  };

  return (
    <section className={`${cardClass} mt-6`} aria-labelledby="publish-heading">
      <h2 id="publish-heading" className="mb-3 text-xl font-bold text-brand-900">
        {localize(text.publish)}
      </h2>
      {unsaved && <p className="mb-2 text-ink-muted">{localize(text.unsaved)}</p>}
      <button type="button" className={buttonClass} disabled={busy} onClick={() => publish.mutate(undefined, follow)}>
        {localize(text.publish)}
      </button>
      <StatusMessage>
        {running && (
          <>
            {current?.progress ? localize(text.progress[current.progress.step](current.progress.done, current.progress.total)) : localize(text.publishing)}
            <progress className="mt-2 block w-full accent-brand-700" max={current?.progress?.total} value={current?.progress?.done} />
          </>
        )}
        {!starting && current?.state === 'done' && (
          <>
            {localize(text.published(current.pages ?? 0, ((current.durationMs ?? 0) / 1000).toFixed(1)))} {localize(text.changedPages)}{' '}
            <span dir="ltr">{current.changed?.join(', ')}</span>
          </>
        )}
      </StatusMessage>
      {refused && <ErrorMessage>{refused.message}</ErrorMessage>}
      {!starting && current?.state === 'failed' && (
        <ErrorMessage>
          {localize(text.publishFailed)} {current.failure && <span dir="ltr">({current.failure})</span>}
        </ErrorMessage>
      )}

      <h3 className="mb-2 mt-4 font-semibold">{localize(text.history)}</h3>
      <ul className="divide-y divide-line">
        {publishes.data?.items.map((item) => (
          <li key={item.publishId} className="flex flex-wrap items-center gap-3 py-2">
            <time dateTime={item.publishedAt}>{formatDateTime(item.publishedAt, language)}</time>
            <span>{item.publishedBy}</span>
            {item.restoredFrom && <span className="text-ink-muted">{localize(text.restoredFrom)}</span>}
            {item.publishId === live?.publishId ? (
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
        <p className="mb-4">{goingBack && localize(text.restoreQuestion(formatDateTime(goingBack.publishedAt, language)))}</p>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className={buttonClass}
            onClick={() => {
              if (goingBack) restore.mutate(goingBack.publishId, follow);
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
