import { beforeAll, describe, expect, test } from 'vitest';
import { tractors } from '../../shared/catalogue/tractors';
import type { PageContent } from '../../shared/content/renderer';
import { formatPriceDzd } from '../../web/shared/lib/format';
import { browserEnvironment } from '../support/environment';
import { publishContent, signIn } from '../support/staff';
import { visit, waitForHydration } from '../support/visit';

/**
 * A published page carries staff's changes to what it shows, and no other:
 * a price changes the pages showing it, not the home page. What a page does
 * not carry, the browser takes from the site's content file: a page opened
 * from it within the site, an order form's texts, all as published.
 */

const env = browserEnvironment();
let token: string;

beforeAll(async () => {
  token = await signIn(env.stack, env.stack.admin.email, env.stack.admin.password);
});

/** The content data a page as served carries. */
async function carried(address: string): Promise<PageContent> {
  const html = await fetch(`${env.stack.siteUrl}${address}`).then((response) => response.text());
  const data = /<script type="application\/json" id="site-content">([^<]*)<\/script>/.exec(html)?.[1];
  expect(data, address).toBeDefined();
  return JSON.parse(data!) as PageContent;
}

describe('the content a published page carries', () => {
  test('the home page carries no price, yet the tractors opened from it and their order form show what staff published (French, phone)', async () => {
    const tractor = tractors[0]!;
    const price = 3_456_000;
    const label = 'Nom et prénom du client';
    await publishContent(env.stack, token, {
      catalogue: { tractors: { changed: { [tractor.id]: { priceDzd: price } } } },
      texts: { 'forms.definitions.fullName.label': { fr: label } },
    });

    const home = await carried('/fr');
    expect(home.parts).not.toContain('list:tractors');
    expect(home.overrides).toEqual({});
    const tractorsPage = await carried('/fr/tracteurs');
    expect(tractorsPage.parts).toContain('list:tractors');
    expect(tractorsPage.overrides).toEqual({ catalogue: { tractors: { changed: { [tractor.id]: { priceDzd: price } } } } });

    const { page, errors } = await visit(env.browser, env.stack.siteUrl, '/', 'fr');
    await waitForHydration(page);
    // Followed within the page's app, not loaded anew: the marker stays.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await page.locator('a[href="/fr/tracteurs"]').first().click();
    await page.getByText(formatPriceDzd(price, 'fr')).first().waitFor();
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);

    await page.getByRole('button', { name: `Commander ${tractor.name.fr}` }).click();
    await page.getByRole('dialog').getByLabel(label).waitFor();
    expect(errors).toEqual([]);
  });
});
