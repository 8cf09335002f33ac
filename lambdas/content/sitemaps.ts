import type { PublishedPage } from '../../shared/content/renderer';
import { languages, type Language } from '../../shared/languages';
import { alternateAddresses, pathInLanguage } from '../../shared/page-language';

/**
 * What tells search engines about every page in every language, written
 * with the pages themselves: `sitemap.xml`, an index of one sitemap per
 * language (`sitemap-fr.xml`), each page listed with its `xhtml:link`
 * alternates (the same ones its HTML names), and `robots.txt`, which points
 * to the index.
 */
export function sitemapFiles(siteUrl: string, pages: PublishedPage[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const language of languages) {
    const urls = pages.filter((page) => page.language === language).map((page) => sitemapEntry(siteUrl, page.path, language));
    files.set(sitemapFile(language), xml(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join('')}</urlset>`));
  }
  const sitemaps = languages.map((language) => `  <sitemap><loc>${escapeXml(`${siteUrl}/${sitemapFile(language)}`)}</loc></sitemap>\n`);
  files.set(sitemapIndexFile, xml(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${sitemaps.join('')}</sitemapindex>`));
  files.set('robots.txt', `User-agent: *\nAllow: /\nDisallow: /admin\n\nSitemap: ${siteUrl}/${sitemapIndexFile}\n`);
  return files;
}

export const sitemapIndexFile = 'sitemap.xml';

export function sitemapFile(language: Language): string {
  return `sitemap-${language}.xml`;
}

function sitemapEntry(siteUrl: string, path: string, language: Language): string {
  const alternates = alternateAddresses(path).map(
    ({ hreflang, address }) => `    <xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(siteUrl + address)}"/>\n`,
  );
  return `  <url>\n    <loc>${escapeXml(siteUrl + pathInLanguage(path, language))}</loc>\n${alternates.join('')}  </url>\n`;
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
