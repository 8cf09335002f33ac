import { beforeAll, describe, expect, test } from 'vitest';
import { tractors } from '../../shared/catalogue/tractors';
import { siteText } from '../../shared/content/site-text';
import { formatPriceDzd } from '../../web/shared/lib/format';
import { expectAdminPage, expectNoSidewaysScroll, openAdmin, signInOnce, unexpectedErrors } from '../support/admin';
import { browserEnvironment } from '../support/environment';
import { setS3Failure } from '../support/faults';
import { fixtureImages } from '../support/fixture-forms';
import { uploadMedia } from '../support/staff';
import { addressIn, forgetLanguageChoice, waitForHydration } from '../support/visit';

/**
 * The dealer edits the site through the real sign-in: a tractor's price,
 * Arabic availability label and photo, a home text in French; a preview,
 * then a publish, seen in the pages as served (HTML fetched, no script run)
 * and in each language; going back to an earlier publish; a failed publish
 * that leaves the site as it was.
 */

const env = browserEnvironment();
let token: string;

beforeAll(async () => {
  token = await signInOnce(env.browser, env.stack);
});

const html = async (path: string) => (await fetch(`${env.stack.siteUrl}${path}`)).text();
const tractor = tractors[1]!;
const newPrice = 3_456_000;
const arabicLabel = 'متوفر بعد أسبوعين';
const frenchTitle = 'Tracteurs et outils, livrés dans votre wilaya';

/** What a visitor reading in this language sees on a page, once it has started. */
async function visitorSees(path: string, language: 'ar' | 'fr' | 'en', locator: string): Promise<string> {
  const { page } = await env.browser.newPage();
  await forgetLanguageChoice(page);
  await page.goto(addressIn(`${env.stack.siteUrl}${path}`, language));
  await waitForHydration(page);
  const text = await page.locator(locator).first().innerText();
  await page.close();
  return text;
}

describe('the site content', () => {
  test('a tractor’s price, Arabic availability label and photo: previewed, published, in the prerendered /tracteurs in each language (English, desk)', async () => {
    const picture = await uploadMedia(env.stack, token, fixtureImages.png, 'image/png');
    const { page, errors } = await openAdmin(env.browser, env.stack, '/admin/catalogue', { language: 'en', screen: 'desk' });
    await expectAdminPage(page, 'en', 'Catalogue');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: tractor.name.en, exact: true }) });
    // Typed as staff type: the field emptied first, then key by key; each keeps exactly what was typed.
    const price = card.getByLabel('Price (DZD)');
    await price.fill('');
    await price.pressSequentially(String(newPrice));
    expect(await price.inputValue()).toBe(String(newPrice));
    await card.getByLabel('Available to order').uncheck();
    const label = card.getByRole('group', { name: 'Availability label' }).getByLabel('AR');
    await label.fill('');
    await label.pressSequentially(arabicLabel);
    expect(await label.inputValue()).toBe(arabicLabel);
    await card.getByLabel('Photo').selectOption({ label: picture.name });

    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.frameLocator('iframe[title="Preview of the draft"]');
    await expect.poll(() => preview.locator('main').textContent()).toContain(formatPriceDzd(newPrice, 'en'));
    // The page as it will be at its English address.
    await page.getByRole('heading', { name: 'Preview of the draft: /en/tracteurs' }).waitFor();
    expect(await preview.locator('html').getAttribute('lang')).toBe('en');
    expect(await preview.locator('link[rel=canonical]').getAttribute('href')).toMatch(/\/en\/tracteurs$/);

    await page.getByRole('button', { name: 'Save the draft' }).click();
    await page.getByRole('status').getByText('Draft saved.').waitFor();
    expect(await html('/tracteurs')).not.toContain(arabicLabel);

    await page.getByRole('region', { name: 'Publish' }).getByRole('button', { name: 'Publish' }).click();
    const done = page.getByRole('status').getByText(/pages published in/);
    await done.waitFor();
    expect(await done.innerText()).toContain('/tracteurs');

    const served = await html('/tracteurs');
    expect(served).toContain(formatPriceDzd(newPrice, 'ar'));
    expect(served).toContain(arabicLabel);
    expect(served).toContain(`/images/media/${picture.mediaId}.webp`);
    expect(served).not.toContain(formatPriceDzd(tractor.priceDzd, 'ar'));
    for (const language of ['fr', 'en'] as const) {
      expect(await visitorSees('/tracteurs', language, `main li:has-text("${tractor.name[language]}")`)).toContain(formatPriceDzd(newPrice, language));
    }
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.close();
  });

  test('a home text changed in French, published, then the earlier publish put back (French, phone)', async () => {
    const { page, errors } = await openAdmin(env.browser, env.stack, '/admin/translations', { language: 'fr', screen: 'phone' });
    await expectAdminPage(page, 'fr', 'Traductions');
    // A hundred texts at a time, every one reachable.
    const texts = page.getByRole('listitem').filter({ has: page.locator('textarea') });
    expect(await texts.count()).toBe(100);
    await page.getByRole('button', { name: 'Afficher plus' }).click();
    expect(await texts.count()).toBeGreaterThan(100);
    // The order forms' texts are listed with the site's, from their schemas.
    await page.getByLabel('Rechercher').fill('forms.definitions.fullName.label');
    const formLabel = page.getByRole('listitem').filter({ hasText: 'forms.definitions.fullName.label' }).getByLabel('FR');
    await expect.poll(() => formLabel.inputValue()).toBe('Nom complet');
    await page.getByLabel('Rechercher').fill('site.home.heroTitle');
    const row = page.getByRole('listitem').filter({ hasText: 'site.home.heroTitle' });
    await row.getByLabel('FR').fill(frenchTitle);
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
    await page.getByRole('status').getByText('Brouillon enregistré.').waitFor();
    await page.getByRole('region', { name: 'Publier' }).getByRole('button', { name: 'Publier' }).click();
    await page.getByRole('status').getByText(/pages publiées en/).waitFor();

    expect(await html('/')).toContain(frenchTitle);
    expect(await visitorSees('/', 'fr', 'h1')).toBe(frenchTitle);
    expect(await visitorSees('/', 'ar', 'h1')).toBe(siteText.home.heroTitle.ar);

    // The publishes, newest first: this one is live; the one before it (the tractor's) is put back.
    const history = page.getByRole('region', { name: 'Publier' }).getByRole('listitem');
    await expect.poll(() => history.count()).toBe(2);
    await history.nth(1).getByRole('button', { name: 'Revenir à cette version' }).click();
    // Asked first: the live pages and the draft change.
    const confirm = page.getByRole('dialog', { name: 'Revenir à cette version' });
    await confirm.getByText(/seront republiées/).waitFor();
    await confirm.getByRole('button', { name: 'Revenir à cette version' }).click();
    await page.getByRole('status').getByText(/pages publiées en/).waitFor();
    await expect.poll(async () => (await html('/')).includes(frenchTitle)).toBe(false);
    expect(await html('/tracteurs')).toContain(arabicLabel);
    await expect.poll(() => page.getByRole('listitem').filter({ hasText: 'site.home.heroTitle' }).getByLabel('FR').inputValue()).toBe(siteText.home.heroTitle.fr);
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.close();
  });

  test('the dealer’s phones and promotional banner, published, in the home page’s contact block, banner and structured data (English, phone)', async () => {
    const { page, errors } = await openAdmin(env.browser, env.stack, '/admin/dealer', { language: 'en', screen: 'phone' });
    await expectAdminPage(page, 'en', 'Dealer details');
    const phones = page.getByLabel('Phones (one a line)');
    await phones.fill('');
    await phones.pressSequentially('+213 555 12 34 56\n+213 36 11 22 33\n');
    await phones.blur();
    expect(await phones.inputValue()).toBe('+213 555 12 34 56\n+213 36 11 22 33');
    await page.getByRole('group', { name: 'Promotional banner' }).getByRole('group', { name: 'Text', exact: true }).getByLabel('FR').fill('Semoirs en stock à Sétif');
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Save the draft' }).click();
    await page.getByRole('status').getByText('Draft saved.').waitFor();
    await page.getByRole('region', { name: 'Publish' }).getByRole('button', { name: 'Publish' }).click();
    await page.getByRole('status').getByText(/pages published in/).waitFor();

    const home = await html('/');
    expect(home).toContain('href="tel:+213555123456"');
    expect(home).toContain('href="tel:+21336112233"');
    expect(home).toContain('"telephone":"+213 555 12 34 56"');
    expect(await visitorSees('/', 'fr', 'body')).toContain('Semoirs en stock à Sétif');
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.close();
  });

  test('a model added to a truck brand gets its page once published; a hidden brand loses its own (French, desk)', async () => {
    expect((await fetch(`${env.stack.siteUrl}/pieces-detachees/trucks/isuzu`)).status).toBe(200);
    const { page, errors } = await openAdmin(env.browser, env.stack, '/admin/catalogue', { language: 'fr', screen: 'desk' });
    await expectAdminPage(page, 'fr', 'Catalogue');
    await page.getByLabel('Liste').selectOption({ label: 'Marques de camions › JAC' });
    const add = page.getByRole('region', { name: 'Ajouter' });
    await add.getByLabel('Identifiant dans l’adresse').fill('n721');
    await add.getByLabel('FR', { exact: true }).fill('N721 Euro 5');
    await add.getByRole('button', { name: 'Ajouter' }).click();
    await page.getByRole('heading', { name: 'N721 Euro 5' }).waitFor();
    await page.getByLabel('Liste').selectOption({ label: 'Marques de camions' });
    // A brand added gets its own list of models; added by mistake, it is taken back.
    await add.getByLabel('Identifiant dans l’adresse').fill('renault');
    await add.getByLabel('FR', { exact: true }).fill('Renault Trucks');
    await add.getByRole('button', { name: 'Ajouter' }).click();
    const renault = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Renault Trucks' }) });
    await renault.waitFor();
    const renaultModels = page.getByLabel('Liste').locator('option', { hasText: 'Marques de camions › Renault Trucks' });
    expect(await renaultModels.count()).toBe(1);
    await renault.getByRole('button', { name: 'Retirer' }).click();
    await renault.waitFor({ state: 'detached' });
    expect(await renaultModels.count()).toBe(0);
    await page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Isuzu', exact: true }) }).getByLabel('Masqué sur le site').check();
    await page.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
    await page.getByRole('status').getByText('Brouillon enregistré.').waitFor();
    await page.getByRole('region', { name: 'Publier' }).getByRole('button', { name: 'Publier' }).click();
    await page.getByRole('status').getByText(/pages publiées en/).waitFor();

    // The model, written in French only, shows that name in every language.
    expect(await html('/pieces-detachees/trucks/jac')).toContain('N721 Euro 5');
    expect((await fetch(`${env.stack.siteUrl}/pieces-detachees/trucks/isuzu`)).status).toBe(404);
    expect(await html('/pieces-detachees/trucks')).not.toContain('href="/pieces-detachees/trucks/isuzu"');
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.close();
  });

  test('a publish that fails half-way says so and leaves the live pages unchanged (Arabic, phone)', async () => {
    const before = { tractors: await html('/tracteurs'), home: await html('/') };
    const picture = await uploadMedia(env.stack, token, fixtureImages.png, 'image/png');
    const { page } = await openAdmin(env.browser, env.stack, '/admin/catalogue', { language: 'ar', screen: 'phone' });
    await expectAdminPage(page, 'ar', 'الكتالوج');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: tractor.name.ar, exact: true }) });
    await card.getByLabel('السعر (دج)').fill('5000000');
    await card.getByLabel('الصورة').selectOption({ label: picture.name });
    await page.getByRole('button', { name: 'حفظ المسودة' }).click();
    await page.getByRole('status').getByText('حُفظت المسودة.').waitFor();
    // The publisher starts, then cannot read the chosen photo from storage.
    await setS3Failure(env.stack.endpoints.s3, { status: 500 });
    try {
      await page.getByRole('region', { name: 'نشر' }).getByRole('button', { name: 'نشر' }).click();
      await page.getByRole('alert').getByText('فشل النشر، والموقع لم يتغير.').waitFor();
    } finally {
      await setS3Failure(env.stack.endpoints.s3, undefined);
    }
    expect(await html('/tracteurs')).toBe(before.tractors);
    expect(await html('/')).toBe(before.home);
    await page.close();
  });
});
