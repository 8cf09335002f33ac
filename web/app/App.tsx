import cairoArabic from '../shared/fonts/generated/cairo-arabic.woff2?url';
import cairoLatin from '../shared/fonts/generated/cairo-latin.woff2?url';
import { Suspense, useEffect, useLayoutEffect, useRef, type ComponentProps, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { textDirection } from '../../shared/languages';
import { PageErrorBoundary } from '../shared/components/PageErrorBoundary';
import { SiteLayout } from './components/SiteLayout';
import { useLanguage, useLocalize } from '../shared/i18n/language';
import { ContentProvider, useSiteText } from '../shared/content/content';
import { useHydrated } from './hooks/useHydrated';
import { startPixelWhenIdle } from './lib/pixel';
import { notFoundPage, PageRoutes } from './page-routes';
import './app.css';

/**
 * The whole document, rendered to HTML at build time (and when staff publish)
 * and hydrated in the browser, with staff's changes to the content. `fallback` is the page served for paths that are not prerendered
 * (unknown addresses, with a 404): it shows the not-found page in its
 * language, also with scripts off, then, once the code knows the address,
 * what that address says (an unknown brand's "Brand not found").
 */
export function App({ fallback = false, content }: { fallback?: boolean; content: ComponentProps<typeof ContentProvider>['content'] }) {
  const showPage = useHydrated() || !fallback;
  useEffect(startPixelWhenIdle, []);
  return (
    <ContentProvider content={content}>
      <Document>
        <SiteLayout pageShown={showPage}>
          <ScrollOnNavigation />
          {showPage ? <Page /> : <Suspense fallback={<Loading />}>{notFoundPage}</Suspense>}
        </SiteLayout>
      </Document>
    </ContentProvider>
  );
}

function Page() {
  const { pathname } = useLocation();
  return (
    <PageErrorBoundary resetKey={pathname}>
      <Suspense fallback={<Loading />}>
        <PageRoutes />
      </Suspense>
    </PageErrorBoundary>
  );
}

function Document({ children }: { children: ReactNode }) {
  const language = useLanguage();
  return (
    <html lang={language} dir={textDirection(language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#166534" />
        {/* The face of the page's language is on its first paint: fetch it with the HTML. */}
        <link rel="preload" href={language === 'ar' ? cairoArabic : cairoLatin} as="font" type="font/woff2" crossOrigin="anonymous" />
      </head>
      <body className="min-h-dvh bg-surface text-ink antialiased">{children}</body>
    </html>
  );
}

function Loading() {
  const siteText = useSiteText();
  const localize = useLocalize();
  return (
    <>
      <title>{localize(siteText.siteTitle)}</title>
      <p role="status" className="px-4 py-16 text-center text-ink-muted">
        {localize(siteText.form.loading)}
      </p>
    </>
  );
}

/** A new page starts at its top, or at the section its link names (`/#contact`). */
function ScrollOnNavigation() {
  const { pathname, hash } = useLocation();
  const firstPage = useRef(true);
  useLayoutEffect(() => {
    if (firstPage.current) {
      firstPage.current = false; // the browser places the first page itself
      return;
    }
    const id = decodeURIComponent(hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (target) return target.scrollIntoView();
    window.scrollTo(0, 0);
    if (!id) return;
    // The new page's code may still be loading: its section or card comes once it has rendered.
    const observer = new MutationObserver(() => {
      const shown = document.getElementById(id);
      if (shown) {
        observer.disconnect();
        shown.scrollIntoView();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const giveUp = setTimeout(() => observer.disconnect(), 10_000);
    return () => {
      observer.disconnect();
      clearTimeout(giveUp);
    };
  }, [pathname, hash]);
  return null;
}
