import { describe, expect, test } from 'vitest';
import { prerenderedPaths } from '../../web/app/prerendered-paths';
import { stackEnvironment } from '../support/environment';

/**
 * What a farmer on a weak network (and a link preview) gets before any
 * JavaScript runs: each public route is a prerendered Arabic page with its own
 * title, description, Open Graph tags and content, styles inline.
 */

const env = stackEnvironment();
const paths = prerenderedPaths();

function meta(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  return new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`).exec(html)?.[1];
}

describe('prerendered pages', () => {
  test(`all ${paths.length} public routes are static Arabic HTML with their own title, description and share tags`, async () => {
    const titles = new Set<string>();
    for (const path of paths) {
      const response = await fetch(`${env.stack.siteUrl}${path}`);
      expect(response.status, path).toBe(200);
      const html = await response.text();
      expect(html, path).toMatch(/^<!DOCTYPE html><html lang="ar" dir="rtl">/);
      const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
      expect(title, path).toMatch(/قطع ومعدات فلاحية$/);
      titles.add(title!);
      expect(meta(html, 'name', 'description')?.length, path).toBeGreaterThan(20);
      expect(meta(html, 'property', 'og:title'), path).toBe(title);
      expect(meta(html, 'property', 'og:image'), path).toMatch(/^https?:\/\/.+\/share\.jpg$/);
      expect(meta(html, 'property', 'og:url'), path).toMatch(new RegExp(`${path === '/' ? '/' : path}$`));
      expect(html, path).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
      expect(html, path).toMatch(/<style>/);
      // The typeface is the site's own, never a font host's, and text shows before it arrives.
      for (const face of html.match(/@font-face\{[^}]*\}/g) ?? []) {
        expect(face, path).not.toMatch(/url\((https?:)?\/\//);
        if (face.includes('Cairo Variable')) expect(face, path).toMatch(/font-display:swap/);
      }
      expect(html, path).toMatch(/font-family:Cairo Fallback;[^}]*size-adjust:/);
      expect(html, path).not.toMatch(/<link rel="stylesheet" href="[^"]+"\/>/);
    }
    // Pages sharing a template still say which page they are.
    expect(titles.size).toBe(paths.length);
  });

  test('every form has a prerendered page with its title', async () => {
    const response = await fetch(`${env.stack.siteUrl}/forms/part-truck?truckBrand=Toyota`); // a link staff send
    expect(response.status).toBe(200);
    expect(await response.text()).toMatch(/<h1[^>]*>طلب قطعة غيار شاحنة<\/h1>/);
  });

  test('an address without a page answers 404 with the site frame and title, for the client to say what is missing', async () => {
    for (const path of ['/pas-de-page-ici', '/pieces-detachees/no-such-brand', '/forms/no-such-form']) {
      const response = await fetch(`${env.stack.siteUrl}${path}`);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html, path).toMatch(/^<!DOCTYPE html><html lang="ar" dir="rtl">/);
      expect(html, path).toContain('<title>قطع ومعدات فلاحية</title>');
      expect(html, path).toContain('<header');
      expect(html, path).toContain('window.__spaFallback = true');
    }
  });

  test('the build’s own manifest is not published', async () => {
    expect((await fetch(`${env.stack.siteUrl}/.vite/manifest.json`)).status).toBe(404);
  });

  test('the share picture and robots.txt are served', async () => {
    const image = await fetch(`${env.stack.siteUrl}/share.jpg`);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect((await image.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
    expect(await (await fetch(`${env.stack.siteUrl}/robots.txt`)).text()).toContain('User-agent: *');
  });
});
