import { readFile, realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { fallbackPageFileIn } from '../../shared/content/renderer';
import { splitPageLanguage } from '../../shared/page-language';
import { sendText } from './http-utils';
import { pageLanguageRedirect } from './language-redirect';

/**
 * Serves the prerendered site (build/web/client, see scripts/prerender.ts) the way the
 * CDN does: a page address whose language is not the visitor's stored choice
 * (or that carries a switch link's choice) is sent to the same page in that
 * language (./language-redirect.ts); `/tracteurs` from `tracteurs/index.html`,
 * `/fr/tracteurs` from `fr/tracteurs/index.html`; every address under an
 * app's path (`/admin/orders`) from that app's `index.html`, 200; any other
 * page address answers 404 with the fallback page of its language
 * (`fr/__spa-fallback.html` under `/fr`), whose script shows what is missing;
 * hashed assets cached for a year, text compressed.
 */

export interface StaticSiteOptions {
  /** The build's client folder, e.g. build/web/client. */
  root: string;
  /** Paths whose page serves every address below it (the staff admin, `/admin`). */
  apps?: string[];
  /**
   * The published pages (lambdas/content/site-folder.ts): once this
   * folder exists, the public pages' HTML is served from it alone, the
   * build's files (scripts, styles, pictures) still from `root`.
   */
  pages?: string;
}

interface FileEntry {
  body: Buffer;
  mtimeMs: number;
  etag: string;
  compressed: Map<Encoding, Buffer>;
}

type Encoding = 'br' | 'gzip';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  // React Router's prerendered loader data.
  '.data': 'text/x-script; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.pdf': 'application/pdf',
};

const compressible = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.webmanifest', '.txt', '.xml', '.data', '.svg']);
/** Compressing tiny files costs more than it saves. */
const minCompressBytes = 1024;

const compressors: Record<Encoding, (body: Buffer) => Promise<Buffer>> = {
  br: (body) =>
    promisify(brotliCompress)(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9 } }),
  gzip: (body) => promisify(gzip)(body, { level: 9 }),
};

export function createStaticSite({ root, apps = [], pages }: StaticSiteOptions) {
  const rootDir = path.resolve(root);
  const cache = new Map<string, FileEntry>();

  /** The file's bytes, from memory unless it changed on disk (a rebuild while running). */
  const load = async (file: string): Promise<FileEntry | undefined> => {
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    const cached = cache.get(file);
    if (cached && cached.mtimeMs === info.mtimeMs && cached.body.byteLength === info.size) return cached;
    const entry: FileEntry = {
      body: await readFile(file),
      mtimeMs: info.mtimeMs,
      etag: `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`,
      compressed: new Map(),
    };
    cache.set(file, entry);
    return entry;
  };

  const compressedBody = async (entry: FileEntry, encoding: Encoding): Promise<Buffer> => {
    let body = entry.compressed.get(encoding);
    if (!body) {
      body = await compressors[encoding](entry.body);
      entry.compressed.set(encoding, body);
    }
    return body;
  };

  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      req.resume();
      return sendText(res, 405, 'Method Not Allowed\n', { allow: 'GET, HEAD' });
    }
    const rootInfo = await stat(rootDir).catch(() => undefined);
    if (!rootInfo?.isDirectory()) {
      return sendText(
        res,
        503,
        `The site has not been built: ${rootDir} does not exist.\n\nRun \`npm run build\` (or \`npm start\`, which builds first), then reload.\n`,
      );
    }

    const pathname = decodePathname(req.url ?? '/');
    if (pathname === undefined) return sendText(res, 400, 'Bad Request\n');

    const redirect = pageLanguageRedirect(req.url ?? '/', req.headers.cookie, apps);
    if (redirect) {
      req.resume();
      res.writeHead(302, { location: redirect.location, 'cache-control': 'no-store', ...(redirect.setCookie && { 'set-cookie': redirect.setCookie }) });
      return void res.end();
    }

    // The folder the pointer names now: a publish swaps the pointer, never the files behind it.
    const pagesDir = (pages && (await realpath(pages).catch(() => undefined))) || rootDir;
    const found = await resolveFile({ rootDir, pagesDir }, pathname, apps, load);
    if (!found) return sendText(res, 404, 'Not Found\n');

    const extension = path.extname(found.file).toLowerCase();
    const headers: Record<string, string> = {
      'content-type': contentTypes[extension] ?? 'application/octet-stream',
      'cache-control': pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      etag: found.entry.etag,
      'x-content-type-options': 'nosniff',
      // Fonts are fetched in CORS mode; the admin's preview of a page (a sandboxed frame, origin "null") uses them too.
      ...(extension === '.woff2' && { 'access-control-allow-origin': '*' }),
    };
    let body = found.entry.body;
    if (compressible.has(extension) && body.byteLength >= minCompressBytes) {
      headers.vary = 'Accept-Encoding';
      const encoding = preferredEncoding(req.headers['accept-encoding']);
      if (encoding) {
        body = await compressedBody(found.entry, encoding);
        headers['content-encoding'] = encoding;
      }
    }
    if (req.headers['if-none-match'] === found.entry.etag && found.status === 200) {
      res.writeHead(304, headers);
      return void res.end();
    }
    headers['content-length'] = String(body.byteLength);
    res.writeHead(found.status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  };
}

/** The URL's path, decoded; undefined when it cannot be a file path. */
function decodePathname(url: string): string | undefined {
  const raw = new URL(url, 'http://localhost').pathname;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return undefined;
  return path.posix.normalize(decoded);
}

async function resolveFile(
  { rootDir, pagesDir }: { rootDir: string; pagesDir: string },
  pathname: string,
  apps: string[],
  load: (file: string) => Promise<FileEntry | undefined>,
): Promise<{ file: string; entry: FileEntry; status: number } | undefined> {
  const target = path.join(rootDir, pathname);
  // normalize() already folded "..", but never trust it alone with the file system.
  if (target !== rootDir && !target.startsWith(rootDir + path.sep)) return undefined;

  const page = path.join(pagesDir, pathname);
  const app = apps.find((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
  const html = (file: string) => (app ? file : file.replace(target, page));
  // What a publish writes besides its pages (its pictures, the sitemaps, robots.txt) comes from its folder, the rest from the build.
  const files = app ? [target] : [page, target];
  const candidates = pathname.endsWith('/')
    ? [html(path.join(target, 'index.html'))]
    : [...(target.endsWith('.html') ? [html(target)] : files), html(path.join(target, 'index.html'))];
  for (const file of candidates) {
    const entry = await load(file);
    if (entry) return { file, entry, status: 200 };
  }

  // A missing asset is a plain 404; a missing page is its app's page, or the fallback page, still a 404.
  const extension = path.extname(pathname).toLowerCase();
  if (extension && extension !== '.html' && extension in contentTypes) return undefined;
  if (app && !extension) {
    const file = path.join(rootDir, app, 'index.html');
    const entry = await load(file);
    if (entry) return { file, entry, status: 200 };
  }
  const file = path.join(pagesDir, fallbackPageFileIn(splitPageLanguage(pathname).language));
  const entry = await load(file);
  return entry && { file, entry, status: 404 };
}

/** Brotli, then gzip, as the client accepts them (q=0 refuses). */
function preferredEncoding(header: string | undefined): Encoding | undefined {
  if (!header) return undefined;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) : 1);
  }
  const allows = (name: Encoding) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return undefined;
}
