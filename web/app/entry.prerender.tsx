import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { PageRenderer, PublishedPage } from '../../shared/content/renderer';
import { defaultLanguage } from '../../shared/languages';
import { App } from './App';
import { PrerenderLanguage } from './i18n/language';
import { prerenderedPaths } from './prerendered-paths';

/**
 * Renders pages to HTML in Node, with every lazy page resolved: at build time
 * with the typed defaults, and when staff publish, with their content
 * (shared/content/renderer.ts). `null` renders the fallback page for paths
 * without HTML.
 */
export const renderPage: PageRenderer['renderPage'] = async (path, { overrides, language }) => {
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <PrerenderLanguage value={language}>
        <StaticRouter location={path ?? '/'}>
          <App fallback={path === null} overrides={overrides} />
        </StaticRouter>
      </PrerenderLanguage>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
};

/** The site's pages are published in Arabic, the language the browser hydrates them in. */
export const publishedPages: PageRenderer['publishedPages'] = (overrides) =>
  prerenderedPaths(overrides).map((path): PublishedPage => ({ path, language: defaultLanguage, file: `${path.slice(1)}${path === '/' ? '' : '/'}index.html` }));

export { completePage } from './page-shell';
export { pageSource } from './page-routes';
