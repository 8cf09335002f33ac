import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { fallbackPageFileIn, pageFile } from '../../shared/content/renderer';
import { languages, textDirection, type Language } from '../../shared/languages';
import { pathInLanguage } from '../../shared/page-language';
import { prerenderedPaths } from '../../web/app/prerendered-paths';
import { repoRoot } from '../../infra/paths';

/**
 * Every page the build wrote (`npm run build`, build/web/client), in every
 * language, read as files: each is in its language and direction, names its
 * own address and the same page's addresses in the other languages, and
 * every link it makes to another page stays in its language. The sitemaps
 * list exactly these pages, with the same alternates.
 */

const client = path.join(repoRoot, 'build/web/client');
const paths = prerenderedPaths();
const read = (file: string) => readFile(path.join(client, file), 'utf8');

/** The addresses a page's links lead to, the language switch's aside (it leads to the other languages on purpose). */
function pageLinks(html: string): string[] {
  return [...html.matchAll(/<a [^>]*>/g)]
    .map(([tag]) => tag)
    .filter((tag) => !/hreflang=/i.test(tag))
    .map((tag) => /href="([^"]*)"/.exec(tag)?.[1] ?? '')
    .filter((href) => href.startsWith('/') && !href.startsWith('//'));
}

const inLanguage = (address: string, language: Language) =>
  language === 'ar' ? !/^\/(fr|en)(\/|#|\?|$)/.test(address) : new RegExp(`^/${language}(/|#|\\?|$)`).test(address);

describe('the built pages', () => {
  test.each(languages)(`all ${paths.length} pages in %s: language, own address, alternates, links in the language`, async (language) => {
    const origins = new Set<string>();
    for (const pagePath of paths) {
      const address = pathInLanguage(pagePath, language);
      const html = await read(pageFile(address));
      expect(html, address).toMatch(new RegExp(`^<!DOCTYPE html><html lang="${language}" dir="${textDirection(language)}">`));
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1] ?? '';
      const origin = canonical.slice(0, canonical.length - address.length);
      expect(canonical, address).toBe(`${origin}${address}`);
      origins.add(origin);
      const alternates = [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)].map(([, hreflang, href]) => `${hreflang} ${href}`);
      expect(alternates, address).toEqual([
        ...languages.map((other) => `${other} ${origin}${pathInLanguage(pagePath, other)}`),
        `x-default ${origin}${pagePath}`,
      ]);
      const links = pageLinks(html);
      expect(links.length, address).toBeGreaterThan(5);
      expect(links.filter((link) => !inLanguage(link, language)), address).toEqual([]);
    }
    expect(origins.size).toBe(1);
  });

  test.each(languages)('the fallback page in %s speaks its language and links in it', async (language) => {
    const html = await read(fallbackPageFileIn(language));
    expect(html).toMatch(new RegExp(`^<!DOCTYPE html><html lang="${language}" dir="${textDirection(language)}">`));
    expect(html).toContain('window.__spaFallback = true');
    expect(pageLinks(html).filter((link) => !inLanguage(link, language))).toEqual([]);
  });

  test('the sitemaps list every page once in each language, with the alternates the pages name', async () => {
    const index = await read('sitemap.xml');
    const sitemaps = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc!);
    const origin = new URL(sitemaps[0]!).origin;
    expect(sitemaps).toEqual(languages.map((language) => `${origin}/sitemap-${language}.xml`));
    expect(await read('robots.txt')).toContain(`Sitemap: ${origin}/sitemap.xml`);

    for (const language of languages) {
      const sitemap = await read(`sitemap-${language}.xml`);
      const entries = [...sitemap.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, entry]) => ({
        loc: /<loc>([^<]+)<\/loc>/.exec(entry!)![1]!,
        alternates: [...entry!.matchAll(/<xhtml:link rel="alternate" hreflang="([^"]+)" href="([^"]+)"\/>/g)].map(([, hreflang, href]) => `${hreflang} ${href}`),
      }));
      expect(entries.map((entry) => entry.loc).sort()).toEqual(paths.map((pagePath) => `${origin}${pathInLanguage(pagePath, language)}`).sort());
      for (const { loc, alternates } of entries) {
        const pagePath = paths.find((candidate) => `${origin}${pathInLanguage(candidate, language)}` === loc)!;
        expect(alternates, loc).toEqual([...languages.map((other) => `${other} ${origin}${pathInLanguage(pagePath, other)}`), `x-default ${origin}${pagePath}`]);
      }
    }
  });
});
