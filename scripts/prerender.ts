/**
 * Runs after the two Vite builds: renders every public page to static HTML
 * (in Arabic) with the server build, and writes the page served for every
 * other path (`__spa-fallback.html`). Each page is made to paint on its own:
 * - the site's stylesheet (one small file) goes inline, with the small
 *   script that keeps a tap made before the app has started (lib/early-taps);
 * - the scripts wait until the page has painted, then load the client entry
 *   and the page's own chunk side by side: on a slow line they would
 *   otherwise share the first second with the page's text, font and styles.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageRenderer } from '../shared/content/renderer';
import { fallbackPageFile } from '../shared/content/renderer';
import { defaultLanguage } from '../shared/languages';
import { repoRoot } from './lib/paths';

interface ManifestChunk {
  file: string;
  css?: string[];
}

const clientDir = path.join(repoRoot, 'build/web/client');
const serverEntry = path.join(repoRoot, 'build/web/server/entry.prerender.js');
const entrySource = 'app/entry.client.tsx';

/** Resolves once the browser has painted the page (a hidden tab waits until it is shown). */
const firstPaint = `await new Promise((painted) => {
  const next = () => setTimeout(painted);
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) return requestAnimationFrame(next);
  new PerformanceObserver((_, observer) => (observer.disconnect(), next())).observe({ type: 'paint', buffered: true });
});`;

function loaderScript(files: string[]): string {
  const imports = files.map((file) => `import(${JSON.stringify(`/${file}`)});`).join('\n');
  return `<script type="module">\n${firstPaint}\n${imports}\n</script>`;
}

// Vite writes its manifest into the site's folder; read it, then keep it from being published.
const manifestDir = path.join(clientDir, '.vite');
const manifest = JSON.parse(await readFile(path.join(manifestDir, 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
await rm(manifestDir, { recursive: true, force: true });
const entry = manifest[entrySource];
if (!entry) throw new Error(`prerender: ${entrySource} is not in the client build's manifest`);
const styles = await Promise.all(
  (entry.css ?? []).map(async (file) => (await readFile(path.join(clientDir, file), 'utf8')).replaceAll('</style', '<\\/style')),
);
const inlineStyles = styles.map((css) => `<style>${css}</style>`).join('');

const server = (await import(pathToFileURL(serverEntry).href)) as PageRenderer;

async function writePage(file: string, html: string, scripts: string, fallback: boolean) {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, server.completePage(html, { head: inlineStyles, scripts, fallback, overrides: {} }));
}

const pages = server.publishedPages({});
for (const { path: pagePath, language, file } of pages) {
  const source = server.pageSource(pagePath);
  const page = source ? manifest[source] : undefined;
  if (!page) throw new Error(`prerender: no page chunk for ${pagePath}`);
  await writePage(
    path.join(clientDir, file),
    await server.renderPage(pagePath, { overrides: {}, language }),
    loaderScript([entry.file, page.file]),
    false,
  );
}
await writePage(
  path.join(clientDir, fallbackPageFile),
  await server.renderPage(null, { overrides: {}, language: defaultLanguage }),
  loaderScript([entry.file]),
  true,
);
console.log(`prerender: ${pages.length} pages and the fallback page, styles inline`);
