import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useBlocker } from 'react-router';
import type { ContentProblemAnswer, ContentResponse } from '../../../../shared/admin-api';
import { sameContent, type ContentOverrides } from '../../../../shared/content/model';
import { siteTextEntries, type TextEntry } from '../../../../shared/content/texts';
import { languages, type Language } from '../../../../shared/languages';
import { pathInLanguage } from '../../../../shared/page-language';
import { Modal } from '../../../shared/components/Modal';
import { useLanguage, useLocalize } from '../../../shared/i18n/language';
import { AdminApiError } from '../../api/client';
import { ErrorMessage, Loading, StatusMessage } from '../../components/feedback';
import { PageHeading } from '../../components/PageHeading';
import { buttonClass, cardClass, dangerButtonClass, secondaryButtonClass } from '../../components/styles';
import { adminText } from '../../texts';
import { useContent } from '../../api/content-draft';
import { usePreview, useSaveDraft } from './content-api';
import { setDraftEdits, useDraftEdits } from './draft-edits';
import { draftProblems, focusFirstProblem, ProblemsProvider } from './problems';
import { PreviewChanges } from './PreviewChanges';
import { PublishPanel } from './PublishPanel';

const text = adminText.content;
const siteTexts = siteTextEntries();

export type DraftChange = (change: (draft: ContentOverrides) => ContentOverrides) => void;

/** What a page's editor may ask of the draft page: the preview of another page (where a text shows). */
export interface DraftPageActions {
  showPreview(path: string): void;
}

/** The pages that edit the one draft: going from one to another keeps the edits on screen. */
const draftPages = ['/translations', '/catalogue', '/dealer'];

/**
 * A page editing part of the site's content: the draft as saved, changed
 * here until "Save the draft" or "Save and publish" (checked whole before
 * anything is sent, and by the API again; each problem shown at its field,
 * the first one focused), a preview of a page with the draft, and
 * publishing. Leaving for another page of the admin, or the browser's page,
 * with edits not saved asks first.
 */
export function DraftPage({
  title,
  previewPath,
  children,
}: {
  title: string;
  previewPath: string;
  children: (draft: ContentOverrides, change: DraftChange, content: ContentResponse, actions: DraftPageActions) => ReactNode;
}) {
  const localize = useLocalize();
  const language = useLanguage();
  const content = useContent();
  const save = useSaveDraft();
  const page = useRef<HTMLDivElement>(null);
  const summary = useRef<HTMLDivElement>(null);
  // The page previewed: the editor's own, or one an editor asked for; `asked` counts the requests.
  const [previewed, setPreviewed] = useState({ path: previewPath, asked: 0 });
  // Edits stay on screen until saved (or replaced by going back to a publish), and are saved only over the
  // draft they began from: a colleague's save meanwhile is refused, not overwritten.
  const edited = useDraftEdits();
  const draft = edited?.draft ?? content.data?.draft;
  const basedOn = edited ? edited.savedAt : content.data?.savedAt;
  const unsaved = draft !== undefined && content.data !== undefined && !sameContent(draft, content.data.draft);
  // Once staff tried to save, the check follows their edits; the API's own answer shows until the next edit.
  const [checking, setChecking] = useState(false);
  const [answered, setAnswered] = useState<ContentProblemAnswer[]>();
  const [attempt, setAttempt] = useState(0);
  const checked = useMemo(
    () => (checking && draft && content.data ? draftProblems(draft, content.data.formTexts, language) : []),
    [checking, draft, content.data, language],
  );
  const problems = checked.length > 0 ? checked : (answered ?? []);

  useEffect(() => {
    if (attempt === 0) return;
    if (!focusFirstProblem(page.current)) summary.current?.focus();
  }, [attempt]);
  useLeaveWarning(unsaved);
  // Edits that say what the saved draft says (saved with a publish, or by a colleague) are no edits.
  useEffect(() => {
    if (edited && content.data && sameContent(edited.draft, content.data.draft)) setDraftEdits(undefined);
  }, [edited, content.data]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname && !draftPages.includes(nextLocation.pathname));

  if (content.error) return <ErrorMessage>{content.error.message}</ErrorMessage>;
  if (!content.data || !draft) return <Loading />;
  const current = content.data;
  const change: DraftChange = (apply) => {
    save.reset();
    setAnswered(undefined);
    setDraftEdits({ savedAt: basedOn, draft: apply(draft) });
  };
  /** The check before sending: false, with every problem shown and the first one focused, when it finds any. */
  const check = () => {
    setChecking(true);
    setAnswered(undefined);
    const found = draftProblems(draft, current.formTexts, language);
    if (found.length > 0) setAttempt((count) => count + 1);
    return found.length === 0;
  };
  const refused = (error: Error) => {
    const listed = error instanceof AdminApiError ? (error.body?.problems as ContentProblemAnswer[] | undefined) : undefined;
    if (!listed) return;
    setAnswered(listed);
    setAttempt((count) => count + 1);
  };
  const saveDraft = ({ onSaved, onNotSaved }: { onSaved?: () => void; onNotSaved?: () => void } = {}) => {
    if (!check()) return onNotSaved?.();
    save.mutate(
      { draft, basedOn },
      {
        onSuccess: onSaved,
        onError: (error) => {
          refused(error);
          onNotSaved?.();
        },
      },
    );
  };

  return (
    <ProblemsProvider problems={problems}>
      <div ref={page}>
        <PageHeading title={title} />
        {children(draft, change, current, { showPreview: (path) => setPreviewed((last) => ({ path, asked: last.asked + 1 })) })}
        <div className="sticky bottom-0 mt-6 flex flex-wrap items-center gap-3 border-t border-line bg-white/95 py-3">
          <button type="button" className={buttonClass} disabled={save.isPending} onClick={() => saveDraft()}>
            {localize(save.isPending ? adminText.saving : text.saveDraft)}
          </button>
          <Preview draft={draft} path={previewed.path} asked={previewed.asked} texts={current.formTexts} />
        </div>
        {/* Said until the draft is published, or changed again. */}
        <StatusMessage>{save.isSuccess && !unsaved && !current.draftIsLive && localize(text.saved)}</StatusMessage>
        {save.error && !(problems.length > 0) && <ErrorMessage>{save.error.message}</ErrorMessage>}
        {problems.length > 0 && (
          <div ref={summary} tabIndex={-1}>
            <ErrorMessage>
              {localize(text.problems)}
              <ul className="ms-5 list-disc">
                {problems.map((problem) => (
                  <li key={problem.path} className="wrap-anywhere">
                    {problem.place}: {problem.message}
                  </li>
                ))}
              </ul>
            </ErrorMessage>
          </div>
        )}
        <PublishPanel
          content={current}
          unsavedDraft={unsaved ? draft : undefined}
          basedOn={basedOn}
          check={check}
          onRefused={refused}
          onStart={() => save.reset()}
        />
      </div>
      <Modal open={blocker.state === 'blocked'} title={localize(text.leaveTitle)} onClose={() => blocker.reset?.()}>
        <p className="mb-4">{localize(text.leaveText)}</p>
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            className={buttonClass}
            disabled={save.isPending}
            // Not saved: staff stay, with the problems shown at their fields.
            onClick={() => saveDraft({ onSaved: () => blocker.proceed?.(), onNotSaved: () => blocker.reset?.() })}
          >
            {localize(text.saveAndLeave)}
          </button>
          <button
            type="button"
            className={dangerButtonClass}
            onClick={() => {
              setDraftEdits(undefined);
              blocker.proceed?.();
            }}
          >
            {localize(text.discardAndLeave)}
          </button>
          <button type="button" className={secondaryButtonClass} onClick={() => blocker.reset?.()}>
            {localize(text.stay)}
          </button>
        </div>
      </Modal>
    </ProblemsProvider>
  );
}

/** The browser asks before the page is reloaded or closed while there are edits not saved. */
function useLeaveWarning(unsaved: boolean) {
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a text is returned.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
}

/** The page with the draft as it is on screen, saved or not, in the chosen language, without its scripts. */
function Preview({ draft, path, asked, texts }: { draft: ContentOverrides; path: string; asked: number; texts: readonly TextEntry[] }) {
  const localize = useLocalize();
  const staffLanguage = useLanguage();
  const [language, setLanguage] = useState<Language>(staffLanguage);
  const preview = usePreview();
  const shown = useRef<HTMLElement>(null);
  const latest = useRef({ draft, language });
  useEffect(() => {
    latest.current = { draft, language };
  }, [draft, language]);
  // An editor asked for a page (where a text shows): previewed at once, and scrolled to.
  const { mutate } = preview;
  useEffect(() => {
    if (asked === 0) return;
    mutate({ path, ...latest.current }, { onSuccess: () => requestAnimationFrame(() => shown.current?.scrollIntoView({ block: 'start' })) });
  }, [asked, path, mutate]);
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
        <section ref={shown} className={`${cardClass} mt-3 w-full`}>
          <h2 className="mb-2 font-semibold">
            {localize(text.previewTitle)}: <span dir="ltr">{pathInLanguage(preview.variables.path, preview.variables.language)}</span>
          </h2>
          <PreviewChanges answer={preview.data} pageLanguage={preview.variables.language} texts={[...siteTexts, ...texts]} />
          <iframe title={localize(text.previewTitle)} srcDoc={preview.data.html} sandbox="allow-scripts" className="h-[70vh] w-full rounded border border-line" />
        </section>
      )}
    </>
  );
}
