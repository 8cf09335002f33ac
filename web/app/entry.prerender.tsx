import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { pageFile, type PageRenderer, type PublishedPage } from '../../shared/content/renderer';
import { languages } from '../../shared/languages';
import { pathInLanguage } from '../../shared/page-language';
import { App } from './App';
import { homePath } from './config/paths';
import { PageLanguage } from '../shared/i18n/language';
import { addressLanguage } from './i18n/LanguageRouter';
import { prerenderedPaths } from './prerendered-paths';

/**
 * Renders pages to HTML in Node, with every lazy page resolved: at build time
 * with the typed defaults, and when staff publish, with their content
 * (shared/content/renderer.ts). Each page is rendered at its address in the
 * language asked for (`/fr/tracteurs`); `null` renders that language's
 * fallback page for paths without HTML.
 */
export const renderPage: PageRenderer['renderPage'] = async (path, { overrides, language }) => {
  const address = pathInLanguage(path ?? homePath, language);
  const { basename } = addressLanguage(address);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <PageLanguage value={language}>
        <StaticRouter basename={basename} location={address}>
          <App fallback={path === null} overrides={overrides} />
        </StaticRouter>
      </PageLanguage>
    </StrictMode>,
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
};

/** Every page in every language, each at its own address: `/tracteurs`, `/fr/tracteurs`, `/en/tracteurs`. */
export const publishedPages: PageRenderer['publishedPages'] = (overrides) => {
  const paths = prerenderedPaths(overrides);
  return languages.flatMap((language) =>
    paths.map((path): PublishedPage => ({ path, language, file: pageFile(pathInLanguage(path, language)) })),
  );
};

export { siteUrl } from './config/site';
export { completePage } from './page-shell';
export { pageSource } from './page-routes';
