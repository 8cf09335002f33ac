import { splitPageLanguage } from '../../shared/page-language';

/**
 * How the CDN knows the live site and its pages, without listing pages in
 * its code (a CloudFront Function holds at most 10 KB): a CloudFront key
 * value store, written by the publisher (./site-bucket.ts) and read at the
 * edge by the page routing function (infra/aws/constructs/page-routing.ts).
 *
 * - `live` names the live site's folder in the site bucket (`sites/<folder>/`);
 * - `<folder>|<parent>` lists, separated by spaces, the pages under a parent
 *   address (`<folder>|/pieces-detachees/trucks` → `hyundai iveco jac …`);
 *   the same in every language, so addresses are given without their
 *   language. A list longer than a value may hold goes on in
 *   `<folder>|<parent>|2`, `|3`…, each but the last ending with ` +`.
 *
 * Writing every key of a site before `live` names it makes a publish go
 * live in one step at the edge.
 */

export const liveKey = 'live';
/** Where the published sites are in the site bucket. */
export const sitesPrefix = 'sites/';
/** A key value store's value holds at most 1 KB. */
export const maxValueBytes = 1024;
const more = '+';

export interface RoutingEntry {
  key: string;
  value: string;
}

/**
 * The parent address and the last segment of a page address (without its
 * language): `/pieces-detachees/trucks/jac` → [`/pieces-detachees/trucks`, `jac`].
 * Uses nothing but what CloudFront Functions run: the edge runs this source.
 */
export function pageParent(path: string): string[] {
  const last = path.lastIndexOf('/');
  return [last === 0 ? '/' : path.slice(0, last), path.slice(last + 1)];
}

/** The key of a parent's page list in a site (`chunk` from 1). Run at the edge too. */
export function pagesKey(folder: string, parent: string, chunk: number): string {
  return folder + '|' + parent + (chunk > 1 ? '|' + chunk : '');
}

/** The entries that describe a site's pages, from the files written into its folder. */
export function routingEntries(folder: string, files: string[]): RoutingEntry[] {
  const children = new Map<string, Set<string>>();
  for (const file of files) {
    if (!file.endsWith('index.html')) continue;
    const { path } = splitPageLanguage(`/${file.slice(0, -'index.html'.length)}`.replace(/(.)\/$/, '$1'));
    if (path === '/') continue;
    const [parent = '/', child = ''] = pageParent(path);
    if (!children.has(parent)) children.set(parent, new Set());
    children.get(parent)!.add(child);
  }
  const entries: RoutingEntry[] = [];
  for (const [parent, names] of [...children].sort(([a], [b]) => a.localeCompare(b))) {
    const chunks: string[][] = [[]];
    for (const name of [...names].sort()) {
      const chunk = chunks.at(-1)!;
      // Room for the name, its space and a final " +".
      if (Buffer.byteLength([...chunk, name, more].join(' ')) > maxValueBytes) chunks.push([name]);
      else chunk.push(name);
    }
    chunks.forEach((chunk, index) =>
      entries.push({ key: pagesKey(folder, parent, index + 1), value: [...chunk, ...(index < chunks.length - 1 ? [more] : [])].join(' ') }),
    );
  }
  return entries;
}

