/**
 * Runs after the Vite builds: renders every public page to static HTML in
 * each language (`tracteurs/index.html`, `fr/tracteurs/index.html`, …) with
 * the server build and the typed defaults, each language's page served for
 * every other path (`__spa-fallback.html`, `fr/__spa-fallback.html`, …), the
 * sitemaps and robots.txt. A publish renders the same files with staff's
 * content (lambdas/content/render-site.ts).
 * Each page is made to paint on its own:
 * - the site's stylesheet (one small file) goes inline, with the small
 *   script that keeps a tap made before the app has started (lib/early-taps);
 * - the scripts wait until the page has painted, then load the client entry
 *   and the page's own chunk side by side: on a slow line they would
 *   otherwise share the first second with the page's text, font and styles.
 */
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { inlineScriptHashes, scriptHashesFile } from '../infra/security-headers';
import { loadSiteBuild, manifestFile, renderSite } from '../lambdas/content/render-site';
import { languages } from '../shared/languages';
import { repoRoot } from '../infra/paths';

const buildDir = path.join(repoRoot, 'build/web');
const clientDir = path.join(buildDir, 'client');

// Vite writes its manifest into the site's folder: keep it beside the server build, out of what is published.
const manifestDir = path.join(clientDir, '.vite');
await rename(path.join(manifestDir, 'manifest.json'), path.join(buildDir, manifestFile));
await rm(manifestDir, { recursive: true, force: true });

const { files } = await renderSite(await loadSiteBuild(buildDir), {});
for (const [file, html] of files) {
  await mkdir(path.dirname(path.join(clientDir, file)), { recursive: true });
  await writeFile(path.join(clientDir, file), html);
}

// Every page of the build, the admin's included: their inline scripts are allowed by hash (infra/security-headers.ts).
// Published pages are rendered by the same code, so they carry the same scripts.
const htmlFiles = (await readdir(clientDir, { recursive: true })).filter((file) => file.endsWith('.html'));
const hashes = new Set<string>();
for (const file of htmlFiles) for (const hash of inlineScriptHashes(await readFile(path.join(clientDir, file), 'utf8'))) hashes.add(hash);
await writeFile(scriptHashesFile(clientDir), `${JSON.stringify([...hashes].sort(), null, 2)}\n`);
const pages = [...files.keys()].filter((file) => file.endsWith('index.html')).length;
console.log(`prerender: ${pages} pages in ${languages.length} languages, their fallback pages and sitemaps, styles inline; ${hashes.size} inline scripts allowed by hash`);
