import { mkdir, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sendJson } from '../../infra/local/http-utils';
import { startSiteServer, type SiteServer } from '../../infra/local/site-server';
import { createStaticSite } from '../../infra/local/static-site';
import { photoContentSecurityPolicy } from '../../infra/photos';
import { apiContentSecurityPolicy, pageContentSecurityPolicy } from '../../infra/security-headers';
import { makeTempDir, removeTempDir } from '../support/temp-dir';

/**
 * The site origin on a small fake build: static pages in each language and
 * the stored choice's redirect, assets, each language's fallback page, the
 * admin's page, /api, /photos, /media and admin config routing.
 */

const bigScript = `console.log(${JSON.stringify('tracteur '.repeat(400))});\n`;
const adminConfig = { region: 'eu-west-3', userPoolId: 'local_pool', userPoolClientId: 'client', userPoolEndpoint: 'http://127.0.0.1:9229' };
const pagePolicy = () => pageContentSecurityPolicy({ scriptHashes: ["'sha256-page'"], connectSources: ['http://127.0.0.1:4569'] });
let dir: string;
let server: SiteServer;
let bareServer: SiteServer;

beforeAll(async () => {
  dir = await makeTempDir('site');
  const root = path.join(dir, 'client');
  await mkdir(path.join(root, 'tracteurs'), { recursive: true });
  await mkdir(path.join(root, 'assets'), { recursive: true });
  await mkdir(path.join(root, 'admin'), { recursive: true });
  await writeFile(path.join(root, 'admin', 'index.html'), '<!doctype html><title>admin</title>');
  await writeFile(path.join(root, 'index.html'), '<!doctype html><title>home</title>');
  await writeFile(path.join(root, 'tracteurs', 'index.html'), '<!doctype html><title>tracteurs</title>');
  await writeFile(path.join(root, '__spa-fallback.html'), '<!doctype html><title>fallback</title>');
  for (const language of ['fr', 'en']) {
    await mkdir(path.join(root, language, 'tracteurs'), { recursive: true });
    await writeFile(path.join(root, language, 'index.html'), `<!doctype html><title>home ${language}</title>`);
    await writeFile(path.join(root, language, 'tracteurs', 'index.html'), `<!doctype html><title>tracteurs ${language}</title>`);
    await writeFile(path.join(root, language, '__spa-fallback.html'), `<!doctype html><title>fallback ${language}</title>`);
  }
  await writeFile(path.join(root, 'assets', 'app-3f9a.js'), bigScript);
  await writeFile(path.join(root, 'assets', 'logo.webp'), Buffer.from([0x52, 0x49, 0x46, 0x46]));
  await writeFile(path.join(dir, 'secret.txt'), 'outside the web root');

  const api = async (_req: unknown, res: Parameters<typeof sendJson>[0]) => sendJson(res, 200, { api: true });
  const photos = async (_req: unknown, res: Parameters<typeof sendJson>[0]) => sendJson(res, 200, { photos: true });
  server = await startSiteServer(0, () => undefined);
  server.ready({ api, photos, site: createStaticSite({ root, apps: ['/admin'] }), adminConfig, pagePolicy });
  bareServer = await startSiteServer(0, () => undefined);
  bareServer.ready({ api, photos, site: createStaticSite({ root: path.join(dir, 'not-built') }), adminConfig, pagePolicy });
});

afterAll(async () => {
  await server?.close();
  await bareServer?.close();
  await removeTempDir(dir);
});

const get = (url: string, init: RequestInit = {}) => fetch(`${server.url}${url}`, init);

/** A request with the path sent exactly as written (fetch would resolve "..") and no decompression. */
function rawGet(target: SiteServer, rawPath: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: target.port, path: rawPath, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('pages', () => {
  test.each([
    ['/', 'home'],
    ['/tracteurs', 'tracteurs'],
    ['/tracteurs/', 'tracteurs'],
    ['/tracteurs?model=di75', 'tracteurs'],
  ])('%s serves its prerendered page', async (url, title) => {
    const response = await get(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain(`<title>${title}</title>`);
  });

  test('an address without a prerendered page answers 404 with the fallback page', async () => {
    const response = await get('/pieces-detachees/filtre-a-huile');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toContain('<title>fallback</title>');
  });

  test('a missing asset is a 404, not HTML', async () => {
    const response = await get('/assets/missing-1234.js');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  });

  test('paths outside the build folder are never served', async () => {
    for (const rawPath of ['/../secret.txt', '/%2e%2e/secret.txt', '/..%2fsecret.txt', '/assets/..%2f..%2fsecret.txt']) {
      const response = await rawGet(server, rawPath);
      expect(response.body.toString()).not.toContain('outside the web root');
    }
    expect((await rawGet(server, '/%00')).status).toBe(400);
  });
});

describe('pages in each language', () => {
  const cookie = (language: string) => ({ cookie: `theme=dark; lang=${language}` });
  const noRedirect = { redirect: 'manual' } as const;

  test.each([
    ['/fr', 'home fr'],
    ['/en/tracteurs', 'tracteurs en'],
    ['/fr/tracteurs/', 'tracteurs fr'],
  ])('%s serves its prerendered page', async (url, title) => {
    const response = await get(url, noRedirect);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(`<title>${title}</title>`);
  });

  test('an address without a page answers 404 with the fallback page of its language', async () => {
    for (const [url, title] of [['/fr/pas-de-page', 'fallback fr'], ['/en/forms/nope', 'fallback en'], ['/frites', 'fallback']]) {
      const response = await get(url!, noRedirect);
      expect(response.status, url).toBe(404);
      expect(await response.text(), url).toContain(`<title>${title}</title>`);
    }
  });

  test('a stored choice sends a page address to the same page in that language before anything is served, and is not stored again', async () => {
    for (const [url, language, location] of [
      ['/tracteurs', 'fr', '/fr/tracteurs'],
      ['/', 'en', '/en'],
      ['/fr/tracteurs?model=di75&x=%C3%A9', 'ar', '/tracteurs?model=di75&x=%C3%A9'],
      ['/en/pas-de-page', 'fr', '/fr/pas-de-page'],
    ]) {
      const response = await get(url!, { ...noRedirect, headers: cookie(language!) });
      expect(response.status, url).toBe(302);
      expect(response.headers.get('location'), url).toBe(location);
      expect(response.headers.get('cache-control'), url).toBe('no-store');
      expect(response.headers.get('set-cookie'), url).toBeNull();
    }
    const there = await get('/fr/tracteurs', { ...noRedirect, headers: cookie('fr') });
    expect(there.status).toBe(200);
    expect(await there.text()).toContain('<title>tracteurs fr</title>');
  });

  test('a switch link’s choice (?lang=) is stored for a year and followed, before the stored one, to the clean address', async () => {
    for (const [url, stored, location] of [
      ['/tracteurs?lang=fr', undefined, '/fr/tracteurs'],
      ['/fr/tracteurs?model=di75&lang=en', 'fr', '/en/tracteurs?model=di75'],
      ['/en?lang=en', 'ar', '/en'],
      ['/fr/pas-de-page?lang=ar&x=1', undefined, '/pas-de-page?x=1'],
    ]) {
      const response = await get(url!, { ...noRedirect, headers: stored ? cookie(stored) : {} });
      expect(response.status, url).toBe(302);
      expect(response.headers.get('location'), url).toBe(location);
      expect(response.headers.get('cache-control'), url).toBe('no-store');
      const language = new URL(url!, 'http://site').searchParams.get('lang');
      expect(response.headers.get('set-cookie'), url).toBe(`lang=${language}; Path=/; Max-Age=31536000; SameSite=Lax`);
    }
  });

  test('an unknown or missing choice changes nothing', async () => {
    for (const headers of [{}, cookie('de'), cookie('')]) {
      const response = await get('/tracteurs?lang=de', { ...noRedirect, headers });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<title>tracteurs</title>');
    }
  });

  test('files, the admin, the API and pictures are never sent elsewhere', async () => {
    for (const url of ['/assets/logo.webp?lang=fr', '/admin/orders?lang=fr', '/api/products?lang=fr', '/photos/o/a.jpg', '/media/m.png', '/uploads/x/y.jpg', '/robots.txt']) {
      const response = await get(url, { ...noRedirect, headers: cookie('fr') });
      expect(response.status, url).not.toBe(302);
      expect(response.headers.get('set-cookie'), url).toBeNull();
    }
  });
});

describe('assets', () => {
  test('hashed assets are cached for a year with the right type', async () => {
    const response = await get('/assets/logo.webp');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  test('text is compressed with brotli or gzip when accepted, and sent plain otherwise', async () => {
    const brotli = await rawGet(server, '/assets/app-3f9a.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(brotliDecompressSync(brotli.body).toString()).toBe(bigScript);
    expect(brotli.body.byteLength).toBeLessThan(bigScript.length / 4);

    const gzip = await rawGet(server, '/assets/app-3f9a.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.body).toString()).toBe(bigScript);

    const plain = await rawGet(server, '/assets/app-3f9a.js', { 'accept-encoding': 'br;q=0, identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(bigScript);
  });

  test('HEAD sends the headers only, and a matching ETag answers 304', async () => {
    const head = await get('/assets/app-3f9a.js', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
    expect(await head.text()).toBe('');

    const etag = head.headers.get('etag') ?? '';
    expect(etag).not.toBe('');
    expect((await get('/assets/app-3f9a.js', { headers: { 'if-none-match': etag } })).status).toBe(304);
  });

  test('other methods are refused with 405', async () => {
    const response = await get('/tracteurs', { method: 'POST', body: 'x' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('the admin', () => {
  test.each(['/admin', '/admin/', '/admin/login?next=%2Forders', '/admin/orders', '/admin/orders/0b9f0a64-8a25-4c3e-9e1f-6f0b1c2d3e4f'])(
    '%s serves the admin’s page, 200, revalidated on each load',
    async (url) => {
      const response = await get(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<title>admin</title>');
    },
  );

  test('a missing file under /admin is a 404, and an address that only starts like it is not the admin', async () => {
    const missing = await get('/admin/assets/missing-1234.js');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^text\/plain/);
    const elsewhere = await get('/administration');
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.text()).toContain('<title>fallback</title>');
  });
});

test('/api goes to the API, not to the files', async () => {
  expect(await (await get('/api/anything')).json()).toEqual({ api: true });
  expect(await (await get('/apiary')).text()).toContain('<title>fallback</title>');
});

test('/photos/ and /media/ go to the bucket (kept photos, picture library), not to the files; the uploads are not served', async () => {
  expect(await (await get('/photos/0b9f0a64-8a25-4c3e-9e1f-6f0b1c2d3e4f/images-1.jpg')).json()).toEqual({ photos: true });
  expect(await (await get('/media/0b9f0a64-8a25-4c3e-9e1f-6f0b1c2d3e4f.webp')).json()).toEqual({ photos: true });
  expect(await (await get('/photos')).text()).toContain('<title>fallback</title>');
  // The bucket's other objects are the files' business: a path that is no file is a 404.
  expect((await get('/uploads/some-form/photo.jpg')).status).toBe(404);
});

test('without a build the site explains how to make one', async () => {
  const response = await fetch(`${bareServer.url}/tracteurs`);
  expect(response.status).toBe(503);
  expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
  expect(await response.text()).toContain('npm run build');
});

test('/admin/config.json is the sign-in configuration of the admin pages, revalidated on each load', async () => {
  const response = await get('/admin/config.json');
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-cache');
  expect(await response.json()).toEqual(adminConfig);
});

describe('security headers, as CloudFront adds them', () => {
  test.each([
    ['a page', '/tracteurs', pagePolicy()],
    ['the fallback page', '/pieces-detachees/filtre-a-huile', pagePolicy()],
    ['an asset', '/assets/app-3f9a.js', pagePolicy()],
    ['the API', '/api/products', apiContentSecurityPolicy],
    ['a photo', '/photos/abc/images-1.jpg', photoContentSecurityPolicy],
  ])('%s', async (_what, url, policy) => {
    const { headers } = await get(url);
    expect(headers.get('content-security-policy')).toBe(policy);
    expect(headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains; preload');
    expect(headers.get('x-frame-options')).toBe('DENY');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('permissions-policy')).toContain('camera=()');
  });

  test("the pages' policy allows the build's inline scripts by hash, never any inline script or eval", () => {
    const policy = pagePolicy();
    const scriptSources = /script-src ([^;]*)/.exec(policy)?.[1];
    expect(scriptSources).toBe("'self' 'sha256-page'");
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).toContain("connect-src 'self' http://127.0.0.1:4569");
    expect(policy).toContain("frame-ancestors 'none'");
  });
});
