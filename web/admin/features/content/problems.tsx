import { createContext, useContext, type ReactNode } from 'react';
import type { ContentProblemAnswer } from '../../../../shared/admin-api';
import { defaultCatalogue } from '../../../../shared/catalogue/defaults';
import { listAt } from '../../../../shared/catalogue/lists';
import type { ContentOverrides, ListOverrides } from '../../../../shared/content/model';
import { siteTextEntries, type TextEntry } from '../../../../shared/content/texts';
import { problemPlace } from '../../../../shared/content/problem-place';
import { problemMessage, validateOverrides, withTypedNumbersRead } from '../../../../shared/content/validate';
import type { Language } from '../../../../shared/languages';

/**
 * The draft's problems where staff see them: each next to its field (the
 * field marked invalid and described by its message), the first one scrolled
 * to and focused. The same check the API makes runs before anything is sent,
 * and the API's own answer is shown the same way.
 */

/** The problems, by where they are in the draft (`catalogue.tractors.changed.di75-4x2.priceDzd`). */
const ProblemsContext = createContext<readonly ContentProblemAnswer[]>([]);

export function ProblemsProvider({ problems, children }: { problems: readonly ContentProblemAnswer[]; children: ReactNode }) {
  return <ProblemsContext.Provider value={problems}>{children}</ProblemsContext.Provider>;
}

/** The problems at a place and below it (a text's languages: `….availabilityStatus.ar`). */
export function useProblems(path: string | undefined): ContentProblemAnswer[] {
  const problems = useContext(ProblemsContext);
  if (!path) return [];
  return problems.filter((problem) => problem.path === path || problem.path.startsWith(`${path}.`));
}

/** The messages of the problems exactly at a place. */
export function messagesAt(problems: readonly ContentProblemAnswer[], path: string | undefined): string[] {
  return problems.filter((problem) => problem.path === path).map((problem) => problem.message);
}

/** The message under a field, which the field names in its `aria-describedby`. */
export function FieldProblem({ id, messages }: { id: string; messages: string[] }) {
  if (messages.length === 0) return null;
  return (
    <p id={id} className="mt-1 text-sm font-semibold text-danger-700">
      {[...new Set(messages)].join(' ')}
    </p>
  );
}

/** What a field with problems says: invalid, and described by their messages (the ids of their {@link FieldProblem}, none: no problem). */
export function problemAttributes(...messageIds: (string | false | undefined)[]) {
  const ids = messageIds.filter(Boolean).join(' ');
  return ids ? { 'aria-invalid': true as const, 'aria-describedby': ids, 'data-problem': '' } : {};
}

/** Where an entry's fields are in the draft, as problems name them: an added entry by its place, another by its id. */
export function entryPlace(listPath: string, list: ListOverrides, id: string): string {
  const added = list.added?.findIndex((entry) => entry.id === id) ?? -1;
  return `catalogue.${listPath}.${added >= 0 ? `added.${added}` : `changed.${id}`}`;
}

/** The API's check, made before sending: the same problems, each with its message in the staff's language. */
export function draftProblems(draft: ContentOverrides, formTexts: TextEntry[], language: Language): ContentProblemAnswer[] {
  const texts = [...siteTextEntries(), ...formTexts];
  const problems = validateOverrides(withTypedNumbersRead(draft), {
    textKeys: new Set(texts.map((entry) => entry.key)),
    defaultIds: (path) => listAt(defaultCatalogue, path)?.map((entry) => entry.id),
  });
  return problems.map(({ path, code }) => ({ path, code, message: problemMessage(code, language), place: problemPlace(path, draft, language, texts) }));
}

/**
 * Scrolls to the first field with a problem in the container, in the page's
 * order, and puts the focus in it; false when none is on screen.
 */
export function focusFirstProblem(container: HTMLElement | null): boolean {
  const field = container?.querySelector<HTMLElement>('[data-problem]');
  if (!field) return false;
  field.scrollIntoView({ block: 'center' });
  field.focus({ preventScroll: true });
  return true;
}
