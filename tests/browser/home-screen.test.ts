import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { siteText } from '../../shared/content/site-text';
import { languages } from '../../shared/languages';
import { browserEnvironment } from '../support/environment';
import { visit } from '../support/visit';

/**
 * The site can be added to a phone's home screen: Chromium finds it
 * installable, with the site's name in each language and the dealer's mark
 * as icons in the design's colours.
 */

const env = browserEnvironment({ serviceWorkers: 'allow' });

interface Manifest {
  name: string;
  short_name: string;
  lang: string;
  start_url: string;
  display: string;
  theme_color: string;
  background_color: string;
  icons: { src: string; sizes: string; type: string; purpose: string }[];
}

describe('the home screen', () => {
  test('once a page has painted it names the manifest of the visitor’s language, and Chromium finds the site installable', async () => {
    const { page, errors } = await visit(env.browser, env.stack.siteUrl, '/tracteurs', 'en');
    await page.locator('head link[rel=manifest]').waitFor({ state: 'attached' });
    const cdp = await page.context().newCDPSession(page);
    const { url, errors: manifestErrors } = await cdp.send('Page.getAppManifest');
    expect(url).toBe(`${env.stack.siteUrl}/manifest.en.webmanifest`);
    expect(manifestErrors).toEqual([]);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('a manifest per language: the site’s name, standalone from the home page, the theme’s colours', async () => {
    const page = await (await fetch(`${env.stack.siteUrl}/`)).text();
    const themeColour = /<meta name="theme-color" content="([^"]+)"/.exec(page)?.[1];
    for (const language of languages) {
      const response = await fetch(`${env.stack.siteUrl}/manifest.${language}.webmanifest`);
      expect(response.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
      const manifest = (await response.json()) as Manifest;
      expect(manifest).toMatchObject({
        name: siteText.siteTitle[language],
        short_name: siteText.brand[language],
        lang: language,
        start_url: '/',
        display: 'standalone',
        theme_color: themeColour,
        background_color: '#f8faf7',
      });
    }
  });

  test('the icons are PNGs of their size, maskable ones and the apple-touch-icon filled to the edges', async () => {
    const manifest = (await (await fetch(`${env.stack.siteUrl}/manifest.ar.webmanifest`)).json()) as Manifest;
    const icons = [...manifest.icons, { src: '/apple-touch-icon.png', sizes: '180x180', type: 'image/png', purpose: 'apple-touch' }];
    expect(icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable', '180x180 apple-touch']),
    );
    for (const icon of icons) {
      const response = await fetch(`${env.stack.siteUrl}${icon.src}`);
      expect(response.headers.get('content-type'), icon.src).toBe('image/png');
      const image = sharp(Buffer.from(await response.arrayBuffer()));
      const { width, height, format } = await image.metadata();
      expect(`${width}x${height}`, icon.src).toBe(icon.sizes);
      expect(format).toBe('png');
      // The top-left pixel: see-through at the rounded corner of the plain icon, the theme's green where the launcher cuts its own shape.
      const { data } = await image.clone().ensureAlpha().extract({ left: 0, top: 0, width: 1, height: 1 }).raw().toBuffer({ resolveWithObject: true });
      const corner = `#${[...data.subarray(0, 3)].map((byte) => byte.toString(16).padStart(2, '0')).join('')}`;
      if (icon.purpose === 'any') expect(data[3], icon.src).toBe(0);
      else expect([corner, data[3]], icon.src).toEqual([manifest.theme_color, 255]);
    }
  });
});
