import { useState, type ReactNode } from 'react';
import type { ContentProblemAnswer, ContentResponse } from '../../../../shared/admin-api';
import type { ContentOverrides } from '../../../../shared/content/model';
import { languages, type Language } from '../../../../shared/languages';
import { pathInLanguage } from '../../../../shared/page-language';
import { useLanguage, useLocalize } from '../../../shared/i18n/language';
import { AdminApiError } from '../../api/client';
import { ErrorMessage, Loading, StatusMessage } from '../../components/feedback';
import { PageHeading } from '../../components/PageHeading';
import { buttonClass, cardClass, secondaryButtonClass } from '../../components/styles';
import { adminText } from '../../texts';
import { useContent, usePreview, useSaveDraft } from './content-api';
import { setDraftEdits, useDraftEdits } from './draft-edits';
import { problemPlace } from './problem-place';
import { PublishPanel } from './PublishPanel';

const text = adminText.content;

export type DraftChange = (change: (draft: ContentOverrides) => ContentOverrides) => void;

/**
 * A page editing part of the site's content: the draft as saved, changed
 * here until "Save the draft" (checked whole by the API, every problem
 * listed), a preview of a page with the draft, and publishing.
 */
export function DraftPage({
  title,
  previewPath,
  children,
}: {
  title: string;
  previewPath: string;
  children: (draft: ContentOverrides, change: DraftChange, content: ContentResponse) => ReactNode;
}) {
  const localize = useLocalize();
  const content = useContent();
  const save = useSaveDraft();
  // Edits stay on screen until saved (or replaced by going back to a publish), and are saved only over the
  // draft they began from: a colleague's save meanwhile is refused, not overwritten.
  const edited = useDraftEdits();
  const draft = edited?.draft ?? content.data?.draft;
  const basedOn = edited ? edited.savedAt : content.data?.savedAt;
  const unsaved = draft !== undefined && JSON.stringify(draft) !== JSON.stringify(content.data?.draft ?? {});

  if (content.error) return <ErrorMessage>{content.error.message}</ErrorMessage>;
  if (!content.data || !draft) return <Loading />;
  const change: DraftChange = (apply) => {
    save.reset();
    setDraftEdits({ savedAt: basedOn, draft: apply(draft) });
  };
  const problems = save.error instanceof AdminApiError ? (save.error.body?.problems as ContentProblemAnswer[] | undefined) : undefined;

  return (
    <>
      <PageHeading title={title} />
      {children(draft, change, content.data)}
      <div className="sticky bottom-0 mt-6 flex flex-wrap items-center gap-3 border-t border-line bg-white/95 py-3">
        <button type="button" className={buttonClass} disabled={save.isPending} onClick={() => save.mutate({ draft, basedOn })}>
          {localize(save.isPending ? adminText.saving : text.saveDraft)}
        </button>
        <Preview draft={draft} path={previewPath} />
      </div>
      <StatusMessage>{save.isSuccess && localize(text.saved)}</StatusMessage>
      {save.error && (
        <ErrorMessage>
          {problems ? localize(text.problems) : save.error.message}
          {problems && (
            <ul className="ms-5 list-disc">
              {problems.map((problem) => (
                <li key={problem.path} className="wrap-anywhere">
                  {problemPlace(problem.path, draft, localize)}: {problem.message}
                </li>
              ))}
            </ul>
          )}
        </ErrorMessage>
      )}
      <PublishPanel unsaved={unsaved} live={content.data?.live} />
    </>
  );
}

/** The page with the draft as it is on screen, saved or not, in the chosen language, without its scripts. */
function Preview({ draft, path }: { draft: ContentOverrides; path: string }) {
  const localize = useLocalize();
  const staffLanguage = useLanguage();
  const [language, setLanguage] = useState<Language>(staffLanguage);
  const preview = usePreview();
  return (
    <>
      <select aria-label={localize(text.preview)} value={language} onChange={(event) => setLanguage(event.target.value as Language)} className="min-h-11 rounded-lg border border-line px-2">
        {languages.map((code) => (
          <option key={code} value={code}>
            {code.toUpperCase()}
          </option>
        ))}
      </select>
      <button type="button" className={secondaryButtonClass} disabled={preview.isPending} onClick={() => preview.mutate({ path, language, draft })}>
        {localize(text.preview)}
      </button>
      {preview.error && <ErrorMessage>{preview.error.message}</ErrorMessage>}
      {/* Its own origin, no site scripts: React's inline script only reveals the page's streamed parts. */}
      {preview.data && (
        <section className={`${cardClass} mt-3 w-full`}>
          <h2 className="mb-2 font-semibold">
            {localize(text.previewTitle)}: <span dir="ltr">{pathInLanguage(preview.variables.path, preview.variables.language)}</span>
          </h2>
          <iframe title={localize(text.previewTitle)} srcDoc={preview.data} sandbox="allow-scripts" className="h-[70vh] w-full rounded border border-line" />
        </section>
      )}
    </>
  );
}
