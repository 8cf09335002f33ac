import { describe, expect, it } from 'vitest';
import { defaultCatalogue } from '../../shared/catalogue/defaults';
import { cataloguePaths, truckBrandPath } from '../../shared/catalogue/paths';
import { languages } from '../../shared/languages';
import { pathInLanguage } from '../../shared/page-language';
import { liveKey, maxValueBytes, routingEntries } from '../../lambdas/content/site-routing';
import { pageRoutingFunctionCode } from '../../infra/aws/constructs/page-routing';
import { edgeRouting, type EdgeRequest, type EdgeResponse } from '../support/edge-routing';

/**
 * The CDN's page routing, from the same source CloudFront runs, against the
 * key value store's entries as the publisher writes them: every page in
 * every language from the live site's folder, any other address its
 * language's not-found page with 404, the stored language before anything
 * is served, and no page listed in the function's code.
 */

const pages = ['/', '/thank-you', ...cataloguePaths(defaultCatalogue)];
const filesOf = (paths: string[]) => [
  ...paths.flatMap((path) => languages.map((language) => `${pathInLanguage(path, language).slice(1)}${path === '/' && language === 'ar' ? '' : '/'}index.html`)),
  ...languages.map((language) => `${language === 'ar' ? '' : `${language}/`}__spa-fallback.html`),
];

function siteStore(...sites: [folder: string, paths: string[]][]) {
  const store = new Map<string, string>();
  for (const [folder, paths] of sites) for (const { key, value } of routingEntries(folder, filesOf(paths))) store.set(key, value);
  store.set(liveKey, sites.at(-1)![0]);
  return store;
}

const uriOf = async (edge: ReturnType<typeof edgeRouting>, request: EdgeRequest) => ((await edge.request(request)) as EdgeRequest).uri;

describe('the page routing function', () => {
  const edge = edgeRouting(siteStore(['2026-11-25T10:00:00.000Z~abc123', pages]));
  const site = '/sites/2026-11-25T10:00:00.000Z~abc123';

  it('serves every page of the live site, in every language, from its folder', async () => {
    for (const path of pages) {
      for (const language of languages) {
        const address = pathInLanguage(path, language);
        const expected = `${site}${address === '/' ? '' : address}/index.html`;
        expect(await uriOf(edge, { uri: address }), address).toBe(expected);
        expect(await uriOf(edge, { uri: `${address}/`.replace('//', '/') }), `${address}/`).toBe(expected);
        expect(await edge.status(address), address).toBe(200);
      }
    }
  });

  it('serves any other address its language’s not-found page, with 404', async () => {
    expect(await uriOf(edge, { uri: '/pieces-detachees/no-such-brand' })).toBe(`${site}/__spa-fallback.html`);
    expect(await uriOf(edge, { uri: '/fr/pieces-detachees/trucks/nope' })).toBe(`${site}/fr/__spa-fallback.html`);
    expect(await uriOf(edge, { uri: '/en/administration' })).toBe(`${site}/en/__spa-fallback.html`);
    expect(await edge.status('/fr/pieces-detachees/trucks/nope')).toBe(404);
    expect(await edge.status(`${site}/en/__spa-fallback.html`)).toBe(404);
  });

  it('leaves the build’s files as they are, and takes a publish’s pictures and sitemaps from the live site', async () => {
    for (const uri of ['/assets/entry.client-abc123.js', '/favicon.svg', '/robots.txt', '/images/catalogue/rake-640.webp', '/admin/config.json']) {
      expect(await uriOf(edge, { uri })).toBe(uri);
    }
    expect(await uriOf(edge, { uri: '/images/media/0b9f0a64.webp' })).toBe(`${site}/images/media/0b9f0a64.webp`);
    expect(await uriOf(edge, { uri: '/sitemap-fr.xml' })).toBe(`${site}/sitemap-fr.xml`);
    expect(await edge.status('/assets/missing.js', 403)).toBe(403);
  });

  it('serves the admin’s page for every address below /admin', async () => {
    for (const uri of ['/admin', '/admin/', '/admin/orders', '/admin/orders/0b9f0a64-8a25-4c3e-9e1f-6f0b1c2d3e4f']) {
      expect(await uriOf(edge, { uri })).toBe('/admin/index.html');
      expect(await edge.status(uri)).toBe(200);
    }
  });

  it('sends a visitor to their stored language, or the one a switch link names (storing it), keeping the other parameters', async () => {
    const stored = (await edge.request({ uri: '/tracteurs', cookies: { lang: { value: 'fr' } }, querystring: { utm_source: { value: 'facebook' } } })) as EdgeResponse;
    expect(stored).toMatchObject({ statusCode: 302, headers: { location: { value: '/fr/tracteurs?utm_source=facebook' }, 'cache-control': { value: 'no-store' } } });
    expect(stored.cookies).toBeUndefined();

    const chosen = (await edge.request({ uri: '/fr/tracteurs', cookies: { lang: { value: 'fr' } }, querystring: { lang: { value: 'ar' } } })) as EdgeResponse;
    expect(chosen).toMatchObject({ statusCode: 302, headers: { location: { value: '/tracteurs' } } });
    expect(chosen.cookies?.lang).toEqual({ value: 'ar', attributes: 'Path=/; Max-Age=31536000; SameSite=Lax; Secure' });

    expect(await uriOf(edge, { uri: '/en', cookies: { lang: { value: 'en' } } })).toBe(`${site}/en/index.html`);
    expect(await uriOf(edge, { uri: '/admin/orders', cookies: { lang: { value: 'fr' } } })).toBe('/admin/index.html');
  });

  it('finds pages in lists longer than one value of the store', async () => {
    const models = Array.from({ length: 300 }, (_, i) => truckBrandPath(`brand-number-${i}`));
    const entries = routingEntries('big', filesOf([...pages, ...models]));
    expect(entries.every(({ value }) => Buffer.byteLength(value) <= maxValueBytes)).toBe(true);
    const big = edgeRouting(siteStore(['big', [...pages, ...models]]));
    for (const path of [models[0]!, models[150]!, models[299]!]) expect(await uriOf(big, { uri: `/en${path}` })).toBe(`/sites/big/en${path}/index.html`);
    expect(await uriOf(big, { uri: '/en/pieces-detachees/trucks/brand-number-300' })).toBe('/sites/big/en/__spa-fallback.html');
  });

  it('follows the live pointer: a page added by the new site is served, one it removed is not', async () => {
    const added = truckBrandPath('new-brand');
    const store = siteStore(['old', pages], ['new', [...pages.filter((path) => path !== '/thank-you'), added]]);
    const switched = edgeRouting(store);
    expect(await uriOf(switched, { uri: added })).toBe(`/sites/new${added}/index.html`);
    expect(await uriOf(switched, { uri: '/fr/thank-you' })).toBe('/sites/new/fr/__spa-fallback.html');
    store.set(liveKey, 'old');
    expect(await uriOf(switched, { uri: '/fr/thank-you' })).toBe('/sites/old/fr/thank-you/index.html');
  });

  it('lists no page: its code stays the same size whatever the catalogue, far under CloudFront’s 10 KB', () => {
    const code = pageRoutingFunctionCode({ apps: ['/admin'] });
    expect(Buffer.byteLength(code)).toBeLessThan(6 * 1024);
    expect(code).not.toContain('tracteurs');
    // CloudFront Functions run ES 5.1 with a few later features: none of these.
    expect(code).not.toMatch(/\?\.|\?\?|\.\.\.[a-z]/);
  });
});
