import type { Language } from '../languages';
import { pathInLanguage } from '../page-language';
import type { ContentPart } from './content-parts';
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
   * without HTML, in that language), and the parts of the content it read.
   */
  renderPage(path: string | null, options: { overrides: ContentOverrides; language: Language }): Promise<RenderedPage>;
  /** The page's complete document: inline styles, the early-tap script, the content's data, the page's scripts. */
  completePage(html: string, parts: PageParts): string;
  /** The page's source module (`app/routes/tractors.tsx`), to find its chunk in the build's manifest. */
  pageSource(path: string): string | undefined;
  /** The site's data files for this content, by file: the catalogue search's index (`search-index.json`), all of staff's changes (`site-content.json`). */
  dataFiles(overrides: ContentOverrides): Record<string, string>;
}

export interface RenderedPage {
  html: string;
  /** The parts of the content the page read (./content-parts.ts), sorted: its HTML depends on them alone. */
  parts: ContentPart[];
}

/** The element each published page carries staff's changes in, as JSON data (web/app/content/content-script.ts). */
export const contentDataElementId = 'site-content';

/**
 * The site's file holding all of staff's changes: a page carries only the
 * parts it shows, and the browser fetches the rest when it needs them (a
 * page opened within the site, an order form).
 */
export const siteContentFile = 'site-content.json';

/**
 * A page without its content data, which staff's changes to the parts the
 * page reads change even when nothing it shows does (a photo's choice).
 * (The data has its "<" escaped.)
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
  /** The content the page carries for the browser (none: the typed defaults, all of them, as the dev server serves). */
  content?: PageContent;
}

/** What a page carries of the content: staff's changes to the parts it read, and which parts those are. */
export interface PageContent {
  overrides: ContentOverrides;
  /** The parts `overrides` holds; none: all the content. */
  parts?: readonly ContentPart[];
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
