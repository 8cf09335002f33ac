import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { contentSlice, type ContentPart } from '../../shared/content/content-parts';
import type { ContentOverrides } from '../../shared/content/model';
import { fallbackPageFileIn, type PageRenderer } from '../../shared/content/renderer';
import { languages, type Language } from '../../shared/languages';
import { draftOnPage, type DraftOnPage } from './preview-changes';
import { sitemapFiles } from './sitemaps';

/**
 * Renders every page of the site for a content, in every language, the same
 * way for the build's prerender step (the typed defaults) and for a publish
 * (staff's content): each page's HTML with the site's stylesheet inline and a
 * script that, once the page has painted, loads the client entry and the
 * page's own chunk; and the sitemaps listing them.
 */

interface ManifestChunk {
  file: string;
  css?: string[];
}

/** What rendering needs of a web build (`build/web`): the page renderer, the client's chunks and its stylesheet. */
export interface SiteBuild {
  /** A digest of the build's server folder (the renderer, its chunks, the client's manifest): another build, another id. */
  id: string;
  renderer: PageRenderer;
  entryFile: string;
  /** A page's chunk, by its source module. */
  chunks: Record<string, ManifestChunk>;
  inlineStyles: string;
}

/** Where the prerender step keeps the client build's manifest (Vite writes it into the site's folder, which is published). */
export const manifestFile = 'server/client-manifest.json';
const entrySource = 'app/entry.client.tsx';

/** Resolves once the browser has painted the page (a hidden tab waits until it is shown). */
const firstPaint = `await new Promise((painted) => {
  const next = () => setTimeout(painted);
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return requestAnimationFrame(next);
  new PerformanceObserver((_, observer) => (observer.disconnect(), next())).observe({ type: 'paint', buffered: true });
});`;

/**
 * The page's scripts are listed in a data block, so the loader is the same
 * script on every page: one hash in the Content-Security-Policy (infra/security-headers.ts).
 */
function loaderScript(files: string[]): string {
  const list = JSON.stringify(files.map((file) => `/${file}`)).replaceAll('<', '\\u003c');
  const load = "for (const file of JSON.parse(document.getElementById('page-scripts').textContent)) import(file);";
  // An Arabic page's Latin characters take Cairo's Latin face once the page has painted (web/app/app.css).
  const latinFace = "document.documentElement.classList.add('latin-face');";
  return `<script type="application/json" id="page-scripts">${list}</script><script type="module">\n${firstPaint}\n${latinFace}\n${load}\n</script>`;
}

/** The web build in `buildDir` (holding `client/` and `server/`). */
export async function loadSiteBuild(buildDir: string): Promise<SiteBuild> {
  const chunks = JSON.parse(await readFile(path.join(buildDir, manifestFile), 'utf8')) as Record<string, ManifestChunk>;
  const entry = chunks[entrySource];
  if (!entry) throw new Error(`render-site: ${entrySource} is not in the client build's manifest`);
  const styles = await Promise.all(
    (entry.css ?? []).map(async (file) => (await readFile(path.join(buildDir, 'client', file), 'utf8')).replaceAll('</style', '<\\/style')),
  );
  const serverEntry = pathToFileURL(path.join(buildDir, 'server/entry.prerender.js')).href;
  const renderer = (await import(/* @vite-ignore */ serverEntry)) as PageRenderer;
  const id = await folderDigest(path.join(buildDir, 'server'));
  return { id, renderer, entryFile: entry.file, chunks, inlineStyles: styles.map((css) => `<style>${css}</style>`).join('') };
}

/** The SHA-256 of a folder's files, names and bytes. */
async function folderDigest(dir: string): Promise<string> {
  const hash = createHash('sha256');
  const files = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((entry) => entry.isFile());
  const names = files.map((file) => path.relative(dir, path.join(file.parentPath, file.name))).sort();
  for (const name of names) hash.update(`${name}\0`).update(await readFile(path.join(dir, name)));
  return hash.digest('hex');
}

/** A site rendered for a content. */
export interface RenderedSite {
  /** Each file rendered, by file (`fr/tracteurs/index.html`). */
  files: Map<string, string>;
  /** The parts of the content each page rendered read, by file. */
  parts: Map<string, ContentPart[]>;
  /** The pages not rendered again: `unchanged` said their parts had not changed. */
  kept: string[];
}

export interface RenderOptions {
  /** Whether the page in this file is as it was, with this content: it is not rendered again. */
  unchanged?: (file: string) => boolean;
  /** Told (and awaited) after each page, rendered or kept. */
  onPage?: (done: number, total: number) => unknown;
}

/**
 * Every file of the site with this content, by file (`fr/tracteurs/index.html`):
 * each page in each language, each language's fallback page, the sitemaps,
 * robots.txt and the data files (the search's index, the site's content).
 * A page carries staff's changes to the parts of the content it read.
 */
export async function renderSite(build: SiteBuild, overrides: ContentOverrides, { unchanged, onPage }: RenderOptions = {}): Promise<RenderedSite> {
  const { renderer, entryFile, chunks, inlineStyles } = build;
  const site: RenderedSite = { files: new Map(), parts: new Map(), kept: [] };
  const published = renderer.publishedPages(overrides);
  const pages = [
    ...published.map(({ path: pagePath, language, file }) => {
      const source = renderer.pageSource(pagePath);
      const chunk = source ? chunks[source] : undefined;
      if (!chunk) throw new Error(`render-site: no page chunk for ${pagePath}`);
      return { path: pagePath as string | null, language, file, scripts: [entryFile, chunk.file] };
    }),
    ...languages.map((language) => ({ path: null, language, file: fallbackPageFileIn(language), scripts: [entryFile] })),
  ];
  for (const [index, page] of pages.entries()) {
    if (unchanged?.(page.file)) {
      site.kept.push(page.file);
    } else {
      const { html, parts } = await renderer.renderPage(page.path, { overrides, language: page.language });
      const content = { overrides: contentSlice(overrides, parts), parts };
      site.files.set(page.file, renderer.completePage(html, { head: inlineStyles, scripts: loaderScript(page.scripts), fallback: page.path === null, content }));
      site.parts.set(page.file, parts);
    }
    await onPage?.(index + 1, pages.length);
  }
  for (const [file, body] of sitemapFiles(renderer.siteUrl, published)) site.files.set(file, body);
  for (const [file, body] of Object.entries(renderer.dataFiles(overrides))) site.files.set(file, body);
  return site;
}

/**
 * One page with a content, in a language, as a still picture of it (no
 * scripts): the admin's preview of a draft; with which of the draft's
 * changes show on it, compared with the published content.
 */
export async function renderPreview(
  build: SiteBuild,
  pagePath: string,
  overrides: ContentOverrides,
  language: Language,
  published: ContentOverrides = {},
): Promise<{ html: string } & DraftOnPage> {
  const { renderer, inlineStyles } = build;
  const isKnown = (content: ContentOverrides) => renderer.publishedPages(content).some((page) => page.path === pagePath);
  const render = async (content: ContentOverrides) => (await renderer.renderPage(isKnown(content) ? pagePath : null, { overrides: content, language })).html;
  const html = await render(overrides);
  const shown = await draftOnPage({ draftPage: html, published, draft: overrides, language, render });
  // No scripts run in the preview: the page carries no content data.
  return { html: renderer.completePage(html, { head: inlineStyles, scripts: '', fallback: !isKnown(overrides) }), ...shown };
}
