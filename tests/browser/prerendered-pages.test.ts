import { describe, expect, test } from 'vitest';
import { languages, locales, textDirection, type Language } from '../../shared/languages';
import { pathInLanguage } from '../../shared/page-language';
import { prerenderedPaths } from '../../web/app/prerendered-paths';
import { stackEnvironment } from '../support/environment';
import { siteTitle } from '../support/visit';

/**
 * What a farmer on a weak network (and a link preview, and a search engine)
 * gets before any JavaScript runs: each public route is a prerendered page
 * in each language at its own address, in that language and direction, with
 * its own title, description, share tags and content, the same page's
 * addresses in the other languages, and styles inline.
 */

const env = stackEnvironment();
const paths = prerenderedPaths();

function meta(html: string, attribute: 'name' | 'property', key: string): string[] {
  return [...html.matchAll(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`, 'g'))].map((match) => match[1]!);
}

/** The `<link rel>` of the page's head, by `hreflang` for alternates ('' for the others). */
function links(html: string, rel: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [tag] of html.matchAll(new RegExp(`<link rel="${rel}"[^>]*>`, 'g'))) {
    found[/hreflang="([^"]+)"/i.exec(tag)?.[1] ?? ''] = /href="([^"]+)"/.exec(tag)![1]!;
  }
  return found;
}

const openGraphLocale = (language: Language) => locales[language].replace('-', '_');

describe('prerendered pages', () => {
  test.each(languages)(`all ${paths.length} public routes are static HTML in %s at their address, with their own title, description, share tags and alternates`, async (language) => {
    const titles = new Set<string>();
    for (const path of paths) {
      const address = pathInLanguage(path, language);
      const response = await fetch(`${env.stack.siteUrl}${address}`);
      expect(response.status, address).toBe(200);
      const html = await response.text();
      expect(html, address).toMatch(new RegExp(`^<!DOCTYPE html><html lang="${language}" dir="${textDirection(language)}">`));
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
      expect(title, address).toMatch(new RegExp(`${siteTitle[language]}$`));
      titles.add(title!);
      expect(meta(html, 'name', 'description')[0]?.length, address).toBeGreaterThan(20);
      expect(meta(html, 'property', 'og:title'), address).toEqual([title]);
      expect(meta(html, 'property', 'og:image')[0], address).toMatch(/^https?:\/\/.+\/share\.jpg$/);

      // The page's own address, and the same page in each language (x-default: the Arabic one).
      const origin = /<link rel="canonical" href="(https?:\/\/[^/"]+)/.exec(html)?.[1];
      expect(links(html, 'canonical'), address).toEqual({ '': `${origin}${address}` });
      expect(meta(html, 'property', 'og:url'), address).toEqual([`${origin}${address}`]);
      expect(links(html, 'alternate'), address).toEqual({
        ar: `${origin}${path}`,
        fr: `${origin}${pathInLanguage(path, 'fr')}`,
        en: `${origin}${pathInLanguage(path, 'en')}`,
        'x-default': `${origin}${path}`,
      });
      expect(meta(html, 'property', 'og:locale'), address).toEqual([openGraphLocale(language)]);
      expect(meta(html, 'property', 'og:locale:alternate').sort(), address).toEqual(languages.filter((other) => other !== language).map(openGraphLocale).sort());

      expect(html, address).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
      expect(html, address).toMatch(/<style>/);
      // The typeface is the site's own, never a font host's, and text shows before it arrives.
      for (const face of html.match(/@font-face\{[^}]*\}/g) ?? []) {
        expect(face, address).not.toMatch(/url\((https?:)?\/\//);
        if (face.includes('Cairo Variable')) expect(face, address).toMatch(/font-display:swap/);
      }
      expect(html, address).toMatch(/font-family:Cairo Fallback;[^}]*size-adjust:/);
      expect(html, address).not.toMatch(/<link rel="stylesheet" href="[^"]+"\/>/);
      // The icons need no script, and the tab icon no request; the web app manifest is named only once the page has
      // painted (their fetches would compete with the fonts).
      expect(html, address).toMatch(/<link rel="icon" href="data:image\/svg\+xml,%3Csvg[^"]+" type="image\/svg\+xml"><link rel="apple-touch-icon" href="\/apple-touch-icon.png">/);
      expect(html, address).not.toContain('rel="manifest"');
      // Its structured data, one block in its head, the dealer first (checked against Google's rules by tests/unit/structured-data.test.ts).
      const data = [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map(([, json]) => JSON.parse(json!) as unknown);
      expect(data, address).toHaveLength(1);
      expect(html.indexOf('application/ld+json'), address).toBeLessThan(html.indexOf('</head>'));
      expect([data[0]].flat()[0], address).toMatchObject({ '@type': 'LocalBusiness', url: `${origin}${pathInLanguage('/', language)}` });
    }
    // Pages sharing a template still say which page they are.
    expect(titles.size).toBe(paths.length);
  });

  test('every form has a prerendered page with its title, in each language', async () => {
    const titles = { ar: 'طلب قطعة غيار شاحنة', fr: 'Commander une pièce de camion', en: 'Order a truck spare part' };
    for (const language of languages) {
      const response = await fetch(`${env.stack.siteUrl}${pathInLanguage('/forms/part-truck', language)}?truckBrand=Toyota`); // a link staff send
      expect(response.status).toBe(200);
      expect(await response.text()).toMatch(new RegExp(`<html lang="${language}".*<h1[^>]*>${titles[language]}</h1>`, 's'));
    }
  });

  const notFoundTitle = { ar: 'الصفحة غير موجودة', fr: 'Page introuvable', en: 'Page not found' };

  test.each(languages)('an address without a page answers 404 with the not-found page in its language (%s), its own title, for the client to say what is missing', async (language) => {
    for (const path of ['/pas-de-page-ici', '/pieces-detachees/no-such-brand', '/forms/no-such-form']) {
      const address = pathInLanguage(path, language);
      const response = await fetch(`${env.stack.siteUrl}${address}`);
      expect(response.status, address).toBe(404);
      const html = await response.text();
      expect(html, address).toMatch(new RegExp(`^<!DOCTYPE html><html lang="${language}" dir="${textDirection(language)}">`));
      expect(html, address).toContain(`<title>${notFoundTitle[language]} | ${siteTitle[language]}</title>`);
      expect(html, address).toMatch(new RegExp(`<h1[^>]*>${notFoundTitle[language]}</h1>`));
      expect(html, address).toContain('<meta name="robots" content="noindex"/>');
      expect(html, address).not.toContain('application/ld+json');
      expect(html, address).toContain('<header');
      expect(html, address).toContain('window.__spaFallback = true');
      expect(html, address).toContain('<link rel="icon" href="data:image/svg+xml,');
      // Its links stay in the language; it names no address of its own for search engines.
      expect(html, address).toContain(`href="${pathInLanguage('/tracteurs', language)}"`);
      expect(html, address).not.toContain('rel="canonical"');
    }
  });

  test('the build’s own manifest is not published', async () => {
    expect((await fetch(`${env.stack.siteUrl}/.vite/manifest.json`)).status).toBe(404);
  });

  test('the share picture, robots.txt and the sitemaps it names are served', async () => {
    const image = await fetch(`${env.stack.siteUrl}/share.jpg`);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    const robots = await (await fetch(`${env.stack.siteUrl}/robots.txt`)).text();
    expect(robots).toContain('User-agent: *');
    const sitemap = /^Sitemap: https?:\/\/[^/]+(\/sitemap\.xml)$/m.exec(robots)?.[1];
    expect(sitemap).toBe('/sitemap.xml');
    const index = await fetch(`${env.stack.siteUrl}${sitemap}`);
    expect(index.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    for (const language of languages) expect(await index.clone().text()).toMatch(new RegExp(`<loc>https?://[^<]+/sitemap-${language}\\.xml</loc>`));
  });
});
