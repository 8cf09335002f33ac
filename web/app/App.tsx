import cairoArabic from '../shared/fonts/generated/cairo-arabic.woff2?url';
import cairoLatin from '../shared/fonts/generated/cairo-latin.woff2?url';
import { Suspense, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { textDirection } from '../../shared/languages';
import { PageErrorBoundary } from '../shared/components/PageErrorBoundary';
import { SiteLayout } from './components/SiteLayout';
import { useLanguage, useLocalize } from '../shared/i18n/language';
import type { ContentOverrides } from '../../shared/content/model';
import { ContentProvider, useSiteText } from '../shared/content/content';
import { useHydrated } from './hooks/useHydrated';
import { startPixelWhenIdle } from './lib/pixel';
import { PageRoutes } from './page-routes';
import './app.css';

/**
 * The whole document, rendered to HTML at build time (and when staff publish)
 * and hydrated in the browser, with staff's changes to the content. `fallback` is the page served for paths that are not prerendered
 * (forms, unknown addresses): it shows the site's frame while the page's own
 * code loads, then renders the page.
 */
export function App({ fallback = false, overrides }: { fallback?: boolean; overrides: ContentOverrides }) {
  const showPage = useHydrated() || !fallback;
  useEffect(startPixelWhenIdle, []);
  return (
    <ContentProvider overrides={overrides}>
      <Document>
        <SiteLayout pageShown={showPage}>
          <ScrollOnNavigation />
          {showPage ? <Page /> : <Loading />}
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
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}
