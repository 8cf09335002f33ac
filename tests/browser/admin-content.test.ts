import { beforeAll, describe, expect, test } from 'vitest';
import { tractors } from '../../shared/catalogue/tractors';
import { siteText } from '../../shared/content/site-text';
import { formatPriceDzd } from '../../web/shared/lib/format';
import type { ContentResponse } from '../../shared/admin-api';
import { readWholeNumber } from '../../shared/text/whole-number';
import { adminJson, expectAdminPage, expectNoSidewaysScroll, openAdmin, signInOnce, unexpectedErrors } from '../support/admin';
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

/** How long a publish (every page rendered) may take on a loaded machine. */
const publishTimeoutMs = 120_000;

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
    // The photo chosen from the library's thumbnails; until published, the card says the site shows another.
    await card.getByRole('button', { name: 'Photo: Choose a picture' }).click();
    await page.getByRole('dialog', { name: 'Choose a picture' }).locator(`button:has(img[src="${picture.url}"])`).click();
    await card.getByRole('img', { name: 'Current picture: tiny.png' }).waitFor();
    await card.getByText('Changed, not published yet').waitFor();
    await card.getByText(`On the site: ${formatPriceDzd(tractor.priceDzd, 'en')}`).waitFor();

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
    await page.getByRole('status').getByText(/pages published in/).waitFor();
    // What changed, in staff's words: the price from the old to the new, the pages by address and their languages.
    const said = await page.getByRole('region', { name: 'Publish' }).getByRole('status').innerText();
    expect(said).toContain(`Price of ${tractor.name.en}: ${formatPriceDzd(tractor.priceDzd, 'en')} → ${formatPriceDzd(newPrice, 'en')}`);
    expect(said).toContain(`Availability of ${tractor.name.en}: Yes → No`);
    expect(said).toContain(`Photo of ${tractor.name.en}: changed`);
    expect(said).toContain('/tracteurs in 3 languages');
    // The draft is live now: no stale "draft saved" line, nothing more to publish.
    expect(await page.getByText('Draft saved.').count()).toBe(0);
    await page.getByText('The site already shows this draft: nothing to publish.').waitFor();

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
    // The order forms' texts are listed with the site's, from their schemas, under their form, named for staff, never by a key.
    const search = page.getByRole('searchbox', { name: 'Rechercher' });
    await search.fill('champs communs nom complet');
    const shared = page.getByRole('region', { name: 'Formulaires de commande › Champs communs' });
    const formLabel = shared.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Nom du champ Nom complet' }) });
    await expect.poll(() => formLabel.getByLabel('FR').inputValue()).toBe('Nom complet');
    expect(await page.locator('main').innerText()).not.toMatch(/forms\.definitions|site\.home/);
    // A home text, found by its words, under the home page's part.
    await search.fill(siteText.home.heroTitle.fr.toLowerCase());
    const home = page.getByRole('region', { name: 'Accueil', exact: true });
    const row = home.getByRole('listitem').filter({ has: page.getByRole('heading', { name: siteText.home.heroTitle.fr }) });
    await row.getByLabel('FR').fill(frenchTitle);
    // The page it shows on, previewed with the edit.
    await home.getByRole('button', { name: 'Voir sur la page' }).click();
    await page.getByRole('heading', { name: 'Aperçu du brouillon: /fr' }).waitFor();
    await expect.poll(() => page.frameLocator('iframe[title="Aperçu du brouillon"]').locator('h1').first().textContent()).toBe(frenchTitle);
    await expectNoSidewaysScroll(page);
    await page.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
    await page.getByRole('status').getByText('Brouillon enregistré.').waitFor();
    await page.getByRole('region', { name: 'Publier' }).getByRole('button', { name: 'Publier' }).click();
    await page.getByRole('status').getByText(/pages publiées en/).waitFor();

    expect(await html('/')).toContain(frenchTitle);
    expect(await visitorSees('/', 'fr', 'h1')).toBe(frenchTitle);
    expect(await visitorSees('/', 'ar', 'h1')).toBe(siteText.home.heroTitle.ar);

    // This one is live; the one before it (the tractor's) is put back.
    // The publishes, newest first, down to the site's original content.
    const history = page.getByRole('region', { name: 'Publier' }).getByRole('list', { name: 'Publications' }).getByRole('listitem');
    await expect.poll(() => history.count()).toBe(3);
    expect(await history.nth(2).innerText()).toContain('Le contenu d’origine du site');
    await history.nth(1).getByRole('button', { name: 'Revenir à cette version' }).click();
    // Asked first: the live pages and the draft change.
    const confirm = page.getByRole('dialog', { name: 'Revenir à cette version' });
    await confirm.getByText(/seront republiées/).waitFor();
    await confirm.getByRole('button', { name: 'Revenir à cette version' }).click();
    await page.getByRole('status').getByText(/pages publiées en/).waitFor();
    await expect.poll(async () => (await html('/')).includes(frenchTitle)).toBe(false);
    expect(await html('/tracteurs')).toContain(arabicLabel);
    await expect.poll(() => row.getByLabel('FR').inputValue()).toBe(siteText.home.heroTitle.fr);
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

  test('a price typed as the site shows it is saved and published in one action and shown back formatted; a reload or leaving with unsaved edits asks first (Arabic, phone)', async () => {
    const other = tractors[2]!;
    const { page, errors } = await openAdmin(env.browser, env.stack, '/admin/catalogue', { language: 'ar', screen: 'phone' });
    await expectAdminPage(page, 'ar', 'الكتالوج');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: other.name.ar, exact: true }) });
    const price = card.getByLabel('السعر (دج)');
    const panel = page.getByRole('region', { name: 'نشر' });

    // Something that is no number: "Save and publish" sends nothing, says what to type under the field and takes the focus there.
    await price.fill('ثلاثة ملايين');
    await panel.getByRole('button', { name: 'حفظ ونشر' }).click();
    await card.getByText('اكتب عددًا من الدنانير أكبر من 0، مثلًا 3.250.000').waitFor();
    await expect.poll(() => price.evaluate((field) => field === document.activeElement)).toBe(true);
    const box = (await price.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(780);

    // As the site shows prices, in Arabic-Indic digits with the currency: read, then shown back formatted.
    await price.fill('٣ ٢٥٠ ٠٠٠ دج');
    await price.blur();
    const formatted = await page.evaluate(() => new Intl.NumberFormat('ar-DZ').format(3_250_000));
    expect(await price.inputValue()).toBe(formatted);
    expect(await card.getByText('اكتب عددًا').count()).toBe(0);
    await panel.getByText('تعديلاتك غير محفوظة بعد').waitFor();
    await expectNoSidewaysScroll(page);
    await panel.getByLabel('ملاحظة (اختيارية)').fill('أسعار نوفمبر');
    await panel.getByRole('button', { name: 'حفظ ونشر' }).click();
    const said = panel.getByRole('status');
    // Every page is rendered again: on a loaded 2-core machine that can take a while.
    await said.getByText(/نُشرت \d+ صفح(ة|ات)/).waitFor({ timeout: publishTimeoutMs });
    expect(await said.innerText()).toContain(`سعر ${other.name.ar}: ${formatPriceDzd(other.priceDzd, 'ar')} → ${formatPriceDzd(3_250_000, 'ar')}`);
    await panel.getByText('الموقع يعرض هذه المسودة: لا شيء للنشر.').waitFor();
    expect(await panel.getByRole('button', { name: 'نشر', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByText('حُفظت المسودة.').count()).toBe(0);
    await expectNoSidewaysScroll(page);
    // The history names it first, with its note, its author and its date; the site's original content last.
    const history = panel.getByRole('list', { name: 'عمليات النشر' }).getByRole('listitem');
    await expect.poll(() => history.first().innerText()).toContain('أسعار نوفمبر');
    expect(await history.first().innerText()).toContain(env.stack.admin.email);
    expect(await history.first().locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await history.last().innerText()).toContain('المحتوى الأصلي للموقع');
    expect(await html('/tracteurs')).toContain(formatPriceDzd(3_250_000, 'ar'));
    const { draft } = await adminJson<ContentResponse>(env.stack, token, '/api/admin/content');
    expect(draft.catalogue?.tractors?.changed?.[other.id]?.priceDzd).toBe(3_250_000);

    // An edit not saved: changing the language keeps it on screen; a reload asks first.
    await price.fill('4 000 000');
    await page.getByRole('button', { name: 'Français' }).click();
    await expectAdminPage(page, 'fr', 'Catalogue');
    const frenchCard = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: other.name.fr, exact: true }) });
    expect(readWholeNumber(await frenchCard.getByLabel('Prix (DA)').inputValue())).toBe(4_000_000);
    await page.getByRole('button', { name: 'العربية' }).click();
    await expectAdminPage(page, 'ar', 'الكتالوج');
    const asked = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    void page.reload().catch(() => undefined);
    expect(await asked).toBe('beforeunload');
    expect(readWholeNumber(await price.inputValue())).toBe(4_000_000);

    // Leaving for another page asks too: staying keeps the edit, dropping it leaves.
    const menu = page.getByRole('navigation', { name: 'قائمة الإدارة' });
    await menu.getByRole('link', { name: 'الطلبات' }).click();
    const leaving = page.getByRole('dialog', { name: 'تعديلات غير محفوظة' });
    await leaving.getByRole('button', { name: 'البقاء في الصفحة' }).click();
    await leaving.waitFor({ state: 'detached' });
    expect(readWholeNumber(await price.inputValue())).toBe(4_000_000);
    // Going to another page of the same draft keeps the edits without asking.
    await menu.getByRole('link', { name: 'معلومات الوكالة' }).click();
    await expectAdminPage(page, 'ar', 'معلومات الوكالة');
    await page.getByRole('region', { name: 'نشر' }).getByText('تعديلاتك غير محفوظة بعد').waitFor();
    await menu.getByRole('link', { name: 'الطلبات' }).click();
    await leaving.getByRole('button', { name: 'التخلي عن التعديلات' }).click();
    await expectAdminPage(page, 'ar', 'الطلبات');
    await menu.getByRole('link', { name: 'الكتالوج' }).click();
    await expectAdminPage(page, 'ar', 'الكتالوج');
    expect(await price.inputValue()).toBe(formatted);
    expect(unexpectedErrors(errors)).toEqual([]);
    await page.close();
  }, 3 * publishTimeoutMs);

  test('a price that cannot be read is refused before anything is sent, its message beside the field, which takes the focus; corrected, it saves (French, desk)', async () => {
    const other = tractors[3]!;
    const { page, errors } = await openAdmin(env.browser, env.stack, '/admin/catalogue', { language: 'fr', screen: 'desk' });
    await expectAdminPage(page, 'fr', 'Catalogue');
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: other.name.fr, exact: true }) });
    const price = card.getByLabel('Prix (DA)');
    const message = 'Écrivez un nombre de dinars supérieur à 0, par exemple 3 250 000';
    const before = await adminJson<ContentResponse>(env.stack, token, '/api/admin/content');

    await price.fill('3,5 millions');
    // Said once the field is left, before any save.
    await price.blur();
    await card.getByText(message).waitFor();
    await page.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
    await expect.poll(() => price.evaluate((field) => field === document.activeElement)).toBe(true);
    expect(await price.getAttribute('aria-invalid')).toBe('true');
    expect(await price.evaluate((field) => document.getElementById(field.getAttribute('aria-describedby')!)?.textContent)).toBe(message);
    // The list of problems names where, in staff's words.
    await page.getByRole('alert').getByText(`Catalogue › Tracteurs › ${other.name.fr} › Prix (DA): ${message}`).waitFor();
    expect((await adminJson<ContentResponse>(env.stack, token, '/api/admin/content')).savedAt).toBe(before.savedAt);

    await price.fill('3.250.000');
    await expect.poll(() => card.getByText(message).count()).toBe(0);
    await page.getByRole('button', { name: 'Enregistrer le brouillon' }).click();
    await page.getByRole('status').getByText('Brouillon enregistré.').waitFor();
    expect(await price.inputValue()).toMatch(/^3\s250\s000$/);
    const { draft } = await adminJson<ContentResponse>(env.stack, token, '/api/admin/content');
    expect(draft.catalogue?.tractors?.changed?.[other.id]?.priceDzd).toBe(3_250_000);
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
    await card.getByRole('button', { name: /^الصورة: / }).click();
    await page.getByRole('dialog', { name: 'اختيار صورة' }).locator(`button:has(img[src="${picture.url}"])`).click();
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
