import type { ReactNode } from 'react';
import { ScriptsOffNotice } from './ScriptsOffNotice';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

/**
 * Shared frame of every public page: sticky header, content, footer.
 * `pageShown` is false while the fallback page shows the frame alone.
 */
export function SiteLayout({ pageShown, children }: { pageShown: boolean; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <SiteHeader pageShown={pageShown} />
      <main id="main" className="flex-1">
        <ScriptsOffNotice />
        {children}
      </main>
      <SiteFooter />
    </div>
  );
}
