/**
 * Runs after the web build, on every prerendered page, so that the first paint
 * waits for nothing but the HTML itself:
 * - the site's stylesheet (one small file) goes inline; the <link> stays for
 *   React to hydrate against, switched to media="print" so it no longer blocks;
 * - the module preloads go: on a slow line they would share the first
 *   seconds with the page's own text, font and styles. The entry script still
 *   imports the same modules, right after the page has painted.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { repoRoot } from './lib/paths';

const clientDir = path.join(repoRoot, 'build/web/client');
const stylesheet = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"\/>/g;
const modulePreload = /<link rel="modulepreload" href="[^"]+"\/>/g;

async function* htmlFiles(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'assets') yield* htmlFiles(file);
    else if (entry.name.endsWith('.html')) yield file;
  }
}

const cssCache = new Map<string, string>();
let pages = 0;
for await (const file of htmlFiles(clientDir)) {
  const html = await readFile(file, 'utf8');
  let inlined = html.replace(modulePreload, '');
  for (const [tag, href] of html.matchAll(stylesheet)) {
    let css = cssCache.get(href!);
    if (css === undefined) {
      css = (await readFile(path.join(clientDir, href!), 'utf8')).replaceAll('</style', '<\\/style');
      cssCache.set(href!, css);
    }
    inlined = inlined.replace(tag, `<style>${css}</style><link rel="stylesheet" href="${href}" media="print"/>`);
  }
  if (inlined !== html) {
    await writeFile(file, inlined);
    pages += 1;
  }
}
console.log(`optimize-html: ${pages} page(s) with inline styles and no module preloads`);
