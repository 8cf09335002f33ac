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
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { inlineScriptHashes, scriptHashesFile } from '../infra/security-headers';
import { completePage } from '../web/app/page-shell';
import { repoRoot } from './lib/paths';

interface ManifestChunk {
  file: string;
  css?: string[];
}

interface ServerBuild {
  renderPage(path: string | null): Promise<string>;
  pageSource(path: string): string | undefined;
  prerenderedPaths: string[];
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

/**
 * The page's scripts are listed in a data block, so the loader is the same
 * script on every page: one hash in the Content-Security-Policy.
 */
function loaderScript(files: string[]): string {
  const list = JSON.stringify(files.map((file) => `/${file}`)).replaceAll('<', '\\u003c');
  const load = "for (const file of JSON.parse(document.getElementById('page-scripts').textContent)) import(file);";
  return `<script type="application/json" id="page-scripts">${list}</script><script type="module">\n${firstPaint}\n${load}\n</script>`;
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

const server = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;

async function writePage(file: string, html: string, scripts: string, fallback: boolean) {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, completePage(html, { head: inlineStyles, scripts, fallback }));
}

for (const pagePath of server.prerenderedPaths) {
  const source = server.pageSource(pagePath);
  const page = source ? manifest[source] : undefined;
  if (!page) throw new Error(`prerender: no page chunk for ${pagePath}`);
  await writePage(
    path.join(clientDir, pagePath, 'index.html'),
    await server.renderPage(pagePath),
    loaderScript([entry.file, page.file]),
    false,
  );
}
await writePage(
  path.join(clientDir, '__spa-fallback.html'),
  await server.renderPage(null),
  loaderScript([entry.file]),
  true,
);

// Every page of the build, the admin's included: their inline scripts are allowed by hash (infra/security-headers.ts).
const htmlFiles = (await readdir(clientDir, { recursive: true })).filter((file) => file.endsWith('.html'));
const hashes = new Set<string>();
for (const file of htmlFiles) for (const hash of inlineScriptHashes(await readFile(path.join(clientDir, file), 'utf8'))) hashes.add(hash);
await writeFile(scriptHashesFile(clientDir), `${JSON.stringify([...hashes].sort(), null, 2)}\n`);
console.log(
  `prerender: ${server.prerenderedPaths.length} pages and the fallback page, styles inline; ${hashes.size} inline scripts allowed by hash`,
);
