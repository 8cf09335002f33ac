import cairoArabic from '@fontsource-variable/cairo/files/cairo-arabic-wght-normal.woff2?url';
import { useEffect, type ReactNode } from 'react';
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from 'react-router';
import { textDirection } from '../../shared/languages';
import { SiteLayout } from './components/SiteLayout';
import { useLanguage, useLocalize } from './i18n/language';
import { siteText } from './i18n/site-text';
import { startPixelWhenIdle } from './lib/pixel';
import type { Route } from './+types/root';
import './app.css';

/** The Arabic face is on the first paint of every prerendered page: fetch it with the HTML. */
export const links: Route.LinksFunction = () => [
  { rel: 'preload', href: cairoArabic, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
];

export function Layout({ children }: { children: ReactNode }) {
  const language = useLanguage();
  return (
    <html lang={language} dir={textDirection(language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#166534" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh bg-surface text-ink antialiased">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  useEffect(startPixelWhenIdle, []);
  return (
    <SiteLayout>
      <Outlet />
    </SiteLayout>
  );
}

/**
 * The SPA fallback page (forms and unknown paths, which are not prerendered):
 * the site's frame and title while the route's code loads.
 */
export function HydrateFallback() {
  const localize = useLocalize();
  return (
    <SiteLayout>
      <title>{localize(siteText.siteTitle)}</title>
      <p role="status" className="px-4 py-16 text-center text-ink-muted">
        {localize(siteText.form.loading)}
      </p>
    </SiteLayout>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'An error occurred';
  return (
    <main className="mx-auto max-w-xl p-8 text-center">
      <h1 className="text-2xl font-bold">{detail}</h1>
      <a className="mt-6 inline-block text-brand-700 underline" href="/">
        /
      </a>
    </main>
  );
}
