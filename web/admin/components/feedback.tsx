import type { ReactNode } from 'react';
import { useLocalize } from '../../shared/i18n/language';
import { adminText } from '../texts';
import { secondaryButtonClass } from './styles';

/** A spinner with its text, announced politely (the session, a page, a list loading). */
export function Loading({ label }: { label?: string }) {
  const localize = useLocalize();
  return (
    <p role="status" className="flex items-center justify-center gap-3 py-10 text-ink-muted">
      <span aria-hidden="true" className="size-6 animate-spin rounded-full border-4 border-brand-200 border-t-brand-700" />
      {label ?? localize(adminText.signIn.busy)}
    </p>
  );
}

/** A failure, announced at once. */
export function ErrorMessage({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="my-3 rounded-lg border border-danger-700/30 bg-danger-50 p-3 font-medium text-danger-700">
      {children}
    </div>
  );
}

/**
 * Where the outcome of an action is said (saved, copied, deleted): a live
 * region that exists before its text, so screen readers announce each change.
 */
export function StatusMessage({ children }: { children?: ReactNode }) {
  return (
    <div role="status" className="my-3 empty:m-0 empty:border-0 empty:p-0 rounded-lg border border-brand-600/30 bg-brand-50 p-3 font-medium text-brand-900">
      {children}
    </div>
  );
}

/** "Load more" under a list read page by page with the API's cursor; nothing once the last page is in. */
export function LoadMore({ pages }: { pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage(): Promise<unknown> } }) {
  const localize = useLocalize();
  if (!pages.hasNextPage) return null;
  return (
    <div className="mt-4 text-center">
      <button type="button" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage} className={secondaryButtonClass}>
        {localize(pages.isFetchingNextPage ? adminText.signIn.busy : adminText.loadMore)}
      </button>
    </div>
  );
}
