import type { PublishSummary } from '../../../../shared/admin-api';
import { useLocalize } from '../../../app/i18n/language';
import { ErrorMessage, StatusMessage } from '../../components/feedback';
import { buttonClass, cardClass, secondaryButtonClass } from '../../components/styles';
import { adminText } from '../../texts';
import { usePublish, usePublishes, useRestore } from './content-api';

const text = adminText.content;

/** "Publish" with its progress and what changed, and every publish kept, each one restorable. */
export function PublishPanel({ unsaved, live }: { unsaved: boolean; live?: PublishSummary }) {
  const localize = useLocalize();
  const publish = usePublish();
  const restore = useRestore();
  const publishes = usePublishes();
  const busy = publish.isPending || restore.isPending;
  const outcome = publish.data ?? restore.data;
  const failure = publish.error ?? restore.error;
  const refresh = () => void publishes.refetch();

  return (
    <section className={`${cardClass} mt-6`} aria-labelledby="publish-heading">
      <h2 id="publish-heading" className="mb-3 text-xl font-bold text-brand-900">
        {localize(text.publish)}
      </h2>
      {unsaved && <p className="mb-2 text-ink-muted">{localize(text.unsaved)}</p>}
      <button type="button" className={buttonClass} disabled={busy} onClick={() => publish.mutate(undefined, { onSettled: refresh })}>
        {localize(text.publish)}
      </button>
      <StatusMessage>
        {busy && localize(text.publishing)}
        {!busy && outcome && (
          <>
            {localize(text.published(outcome.pages, (outcome.durationMs / 1000).toFixed(1)))} {localize(text.changedPages)}{' '}
            <span dir="ltr">{outcome.changed.join(', ')}</span>
          </>
        )}
      </StatusMessage>
      {failure && <ErrorMessage>{failure.message}</ErrorMessage>}

      <h3 className="mb-2 mt-4 font-semibold">{localize(text.history)}</h3>
      <ul className="divide-y divide-line">
        {publishes.data?.items.map((item) => (
          <li key={item.publishId} className="flex flex-wrap items-center gap-3 py-2">
            <time dateTime={item.publishedAt} dir="ltr">
              {new Date(item.publishedAt).toLocaleString()}
            </time>
            <span>{item.publishedBy}</span>
            {item.restoredFrom && <span className="text-ink-muted">{localize(text.restoredFrom)}</span>}
            {item.publishId === live?.publishId ? (
              <strong>{localize(text.live)}</strong>
            ) : (
              <button type="button" className={secondaryButtonClass} disabled={busy} onClick={() => restore.mutate(item.publishId, { onSettled: refresh })}>
                {localize(text.restore)}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
