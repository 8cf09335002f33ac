import type { Language } from '../languages';
import { pathInLanguage } from '../page-language';
import type { ContentOverrides } from './model';

/**
 * What the site's page renderer (web/app/entry.prerender.tsx, built by
 * `vite build --ssr`) offers the build's prerender step and the publisher:
 * the pages to write for a content, and each page's HTML with that content.
 * Both write the site through the same code (lambdas/content/render-site.ts).
 */
export interface PageRenderer {
  /** The site's public address (`https://www.example.dz`), which the pages' absolute links and the sitemaps name. */
  siteUrl: string;
  /** Every page to write for this content: the paths `prerenderedPaths` gives, each in every language. */
  publishedPages(overrides: ContentOverrides): PublishedPage[];
  /**
   * React's HTML of the page at `path` (the Arabic address) in `language`, at
   * that language's address (`null`: the fallback page served for addresses
   * without HTML, in that language).
   */
  renderPage(path: string | null, options: { overrides: ContentOverrides; language: Language }): Promise<string>;
  /** The page's complete document: inline styles, the early-tap script, the content's data, the page's scripts. */
  completePage(html: string, parts: PageParts): string;
  /** The page's source module (`app/routes/tractors.tsx`), to find its chunk in the build's manifest. */
  pageSource(path: string): string | undefined;
  /** The site's data files for this content, by file: the catalogue search's index (`search-index.json`). */
  dataFiles(overrides: ContentOverrides): Record<string, string>;
}

/** The element each published page carries staff's changes in, as JSON data (web/app/content/content-script.ts). */
export const contentDataElementId = 'site-content';

/**
 * A page without its content data: every page carries all of staff's
 * changes, so a new price changes every file, while only the pages showing
 * it change in what visitors see. (The data has its "<" escaped.)
 */
export function withoutContentData(html: string): string {
  return html.replace(new RegExp(`<script type="application/json" id="${contentDataElementId}">[^<]*</script>`), '');
}

export interface PublishedPage {
  /** The page's path, its Arabic address (`/tracteurs`). */
  path: string;
  language: Language;
  /** Where its HTML goes in the site, e.g. `fr/tracteurs/index.html` for `/fr/tracteurs`. */
  file: string;
}

export interface PageParts {
  /** Extra head content: the site's stylesheet, inline. */
  head: string;
  /** The loader script of the entry and the page's chunk. */
  scripts: string;
  /** The fallback page (for addresses without HTML). */
  fallback: boolean;
  /** Staff's changes the page carries for the browser (none: the build's defaults). */
  overrides: ContentOverrides;
}

/** The fallback page's file in the site (the Arabic one). */
export const fallbackPageFile = '__spa-fallback.html';

/** The fallback page of a language: `__spa-fallback.html`, `fr/__spa-fallback.html`, `en/__spa-fallback.html`. */
export function fallbackPageFileIn(language: Language): string {
  return pathInLanguage(`/${fallbackPageFile}`, language).slice(1);
}

/** Where the HTML of a page address goes in the site: `/` → `index.html`, `/fr/tracteurs` → `fr/tracteurs/index.html`. */
export function pageFile(address: string): string {
  return address === '/' ? 'index.html' : `${address.slice(1)}/index.html`;
}
