import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import type { ContentPart } from '../../shared/content/content-parts';
import { pageFile, siteContentFile, type PageRenderer, type PublishedPage } from '../../shared/content/renderer';
import { languages } from '../../shared/languages';
import { pathInLanguage } from '../../shared/page-language';
import { App } from './App';
import { homePath } from './config/paths';
import { PageLanguage } from '../shared/i18n/language';
import { addressLanguage } from './i18n/LanguageRouter';
import { prerenderedPaths } from './prerendered-paths';
import { searchIndexFile } from './search/search-document';
import { searchIndexJson } from './site-data/search-index';
import { structuredData, structuredDataScript } from './site-data/structured-data';

/**
 * Renders pages to HTML in Node, with every lazy page resolved: at build time
 * with the typed defaults, and when staff publish, with their content
 * (shared/content/renderer.ts). Each page is rendered at its address in the
 * language asked for (`/fr/tracteurs`), with its structured data
 * (site-data/structured-data.ts); `null` renders that language's fallback
 * page for paths without HTML.
 */
export const renderPage: PageRenderer['renderPage'] = async (path, { overrides, language }) => {
  const address = pathInLanguage(path ?? homePath, language);
  const { basename } = addressLanguage(address);
  // Each part of the content the page reads, its structured data's included: the page's HTML depends on them alone.
  const reads = new Set<ContentPart>();
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <PageLanguage value={language}>
        <StaticRouter basename={basename} location={address}>
          <App fallback={path === null} content={{ overrides, reads }} />
        </StaticRouter>
      </PageLanguage>
    </StrictMode>,
    // Every boundary in place, never moved to the end of the HTML for a script to swap in: with scripts off the
    // page would show "Loading…" only (React outlines a boundary past 12,800 bytes by default).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  const body = Buffer.concat(chunks).toString('utf8');
  // A page's structured data, from the same content (the fallback page, an address without a page, has none).
  const html = path === null ? body : body.replace('</head>', `${structuredDataScript(structuredData(path, language, overrides, reads))}</head>`);
  return { html, parts: [...reads].sort() };
};

/** Every page in every language, each at its own address: `/tracteurs`, `/fr/tracteurs`, `/en/tracteurs`. */
export const publishedPages: PageRenderer['publishedPages'] = (overrides) => {
  const paths = prerenderedPaths(overrides);
  return languages.flatMap((language) =>
    paths.map((path): PublishedPage => ({ path, language, file: pageFile(pathInLanguage(path, language)) })),
  );
};

/** The site's data files for a content: the catalogue search's index (site-data/search-index.ts) and all of staff's changes. */
export const dataFiles: PageRenderer['dataFiles'] = (overrides) => ({
  [searchIndexFile]: searchIndexJson(overrides),
  [siteContentFile]: JSON.stringify(overrides),
});

export { siteUrl } from './config/site';
export { completePage } from './page-shell';
export { pageSource } from './page-routes';
