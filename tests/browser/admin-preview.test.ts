import { beforeAll, describe, expect, test } from 'vitest';
import type { ContentResponse } from '../../shared/admin-api';
import { tractors } from '../../shared/catalogue/tractors';
import { siteText } from '../../shared/content/site-text';
import { formatPriceDzd } from '../../web/shared/lib/format';
import { adminJson, expectAdminPage, expectNoSidewaysScroll, openAdmin, signInOnce, unexpectedErrors } from '../support/admin';
import { browserEnvironment } from '../support/environment';

/**
 * The preview of a draft says it is the draft, and which of the draft's
 * changes show on the page previewed, each with its value on the live site
 * beside the draft's; a page the draft does not change is said to be as
 * published. Through the real sign-in, in Arabic on a phone and in French
 * on a desk.
 */

const env = browserEnvironment();
let token: string;

beforeAll(async () => {
  token = await signInOnce(env.browser, env.stack);
  // A draft saved earlier changes the home page's title in French only.
  await adminJson<ContentResponse>(env.stack, token, '/api/admin/content/draft', { method: 'PUT', body: JSON.stringify({ texts: { 'site.home.heroTitle': { fr: homeTitle } } }) });
});

const tractor = tractors[1]!;
const homeTitle = 'Tracteurs et outils, livrés dans votre wilaya';

describe('the preview of a draft', () => {
  test('a page the draft leaves alone is said to be as published; a price changed on screen is said with the live price beside the draft’s, in order, nothing scrolling sideways (Arabic, phone)', async () => {
    const { page, errors } = await openAdmin(env.browser, env.stack, '/admin/catalogue', { language: 'ar', screen: 'phone' });
    await expectAdminPage(page, 'ar', 'الكتالوج');
    const bar = page.getByRole('note', { name: 'هذه هي المسودة، لا الموقع المنشور.' });

    // The French title does not show on the Arabic page.
    await page.getByRole('button', { name: 'معاينة', exact: true }).click();
    await bar.getByText('هذه الصفحة كما هي منشورة: المسودة لا تغيّر فيها شيئًا.').waitFor();

    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: tractor.name.ar, exact: true }) });
    await card.getByLabel('السعر (دج)').fill('3 250 000');
    await page.getByRole('button', { name: 'معاينة', exact: true }).click();
    const change = bar.getByRole('listitem').filter({ hasText: `سعر ${tractor.name.ar}` });
    await change.waitFor();
    const [live, draft] = [change.locator('del'), change.locator('ins')];
    expect(await live.innerText()).toBe(formatPriceDzd(tractor.priceDzd, 'ar'));
    expect(await draft.innerText()).toBe(formatPriceDzd(3_250_000, 'ar'));
    // Read from the right: the live price first (on a line above, or to the right on the same line), the arrow pointing to the draft's.
    const [liveBox, draftBox] = [(await live.boundingBox())!, (await draft.boundingBox())!];
    const sameLine = Math.abs(liveBox.y - draftBox.y) < liveBox.height / 2;
    expect(sameLine ? liveBox.x > draftBox.x : liveBox.y < draftBox.y).toBe(true);
    expect(await change.innerText()).toContain('←');
    expect(await bar.getByRole('listitem').count()).toBe(1);
    await expect.poll(() => page.frameLocator('iframe[title="معاينة المسودة"]').locator('main').textContent()).toContain(formatPriceDzd(3_250_000, 'ar'));
    await expectNoSidewaysScroll(page);
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.close();
  });

  test('each page lists the draft’s changes it shows, and only those: the price on /fr/tracteurs, the title on /fr (French, desk)', async () => {
    const { page, errors } = await openAdmin(env.browser, env.stack, '/admin/catalogue', { language: 'fr', screen: 'desk' });
    await expectAdminPage(page, 'fr', 'Catalogue');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: tractor.name.fr, exact: true }) });
    await card.getByLabel('Prix (DA)').fill('3 250 000');
    await page.getByRole('button', { name: 'Aperçu', exact: true }).click();
    const bar = page.getByRole('note', { name: 'Ceci est le brouillon, pas le site en ligne.' });
    const price = `Prix de ${tractor.name.fr}: ${formatPriceDzd(tractor.priceDzd, 'fr')} → ${formatPriceDzd(3_250_000, 'fr')}`;
    await bar.getByText('Ce que le brouillon change sur cette page (en ligne → brouillon) :').waitFor();
    expect((await bar.getByRole('listitem').allInnerTexts()).map(normalSpaces)).toEqual([normalSpaces(price)]);
    await page.getByRole('heading', { name: 'Aperçu du brouillon: /fr/tracteurs' }).waitFor();

    // The home page, previewed from the dealer details (the same draft, the edit kept): the title, from the live one to the draft's.
    await page.getByRole('navigation').getByRole('link', { name: 'Coordonnées' }).click();
    await expectAdminPage(page, 'fr', 'Coordonnées');
    await page.getByRole('button', { name: 'Aperçu', exact: true }).click();
    await page.getByRole('heading', { name: 'Aperçu du brouillon: /fr' }).waitFor();
    const title = bar.getByRole('listitem').filter({ hasText: /^Texte: Accueil/ });
    await title.waitFor();
    expect(normalSpaces(await title.innerText())).toContain(normalSpaces(`(FR): ${siteText.home.heroTitle.fr} → ${homeTitle}`));
    // The tractor's price does not show on the home page.
    expect(await bar.getByRole('listitem').count()).toBe(1);
    await expect.poll(() => page.frameLocator('iframe[title="Aperçu du brouillon"]').locator('h1').first().textContent()).toBe(homeTitle);
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.close();
  });
});

/** French writes thin and no-break spaces in numbers and before colons: compared as plain spaces. */
function normalSpaces(text: string): string {
  return text.replace(/[\u00a0\u202f]/g, ' ');
}
