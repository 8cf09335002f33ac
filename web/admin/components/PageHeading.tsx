import { useEffect, useRef, type ReactNode } from 'react';
import { useLocalize } from '../../shared/i18n/language';
import { adminText } from '../texts';

/**
 * The page's h1 and document title. It takes the focus when the page opens,
 * so that keyboard and screen-reader users start on the new page, not on the
 * link they followed.
 */
export function PageHeading({ title, children }: { title: string; children?: ReactNode }) {
  const localize = useLocalize();
  const heading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    document.title = `${title} | ${localize(adminText.title)}`;
  }, [title, localize]);
  useEffect(() => heading.current?.focus(), []);

  return (
    <div className="mb-5 flex flex-wrap items-center gap-3">
      {/* A farmer's name can be one long word: it wraps rather than push the page sideways on a phone. */}
      <h1 ref={heading} tabIndex={-1} className="min-w-0 text-2xl font-bold text-brand-900 wrap-anywhere focus:outline-none">
        {title}
      </h1>
      {children}
    </div>
  );
}
