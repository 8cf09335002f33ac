import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { message } from '../../lambdas/lib/messages';
import type { ContentResponse, MediaPage, ProductInput, PublishSummary } from '../../shared/admin-api';
import { tractors } from '../../shared/catalogue/tractors';
import { formatPriceDzd } from '../../web/shared/lib/format';
import type { Product } from '../../shared/products';
import { adminJson, adminWords, expectAdminPage, expectNoSidewaysScroll, openAdmin, signInOnce, unexpectedErrors } from '../support/admin';
import { seriousViolations } from '../support/axe';
import { browserEnvironment } from '../support/environment';
import { fixtureImages } from '../support/fixture-forms';
import { adminFetch } from '../support/staff';
import { addressIn, forgetLanguageChoice, waitForHydration } from '../support/visit';

/**
 * Products and the picture library through the real sign-in: pictures
 * uploaded with their progress, described and copied; a product made with the
 * schema-driven editor and a picture, featured on the home page at once;
 * a picture kept while a product shows it; the spec's failure messages.
 */

const env = browserEnvironment();
let token: string;

beforeAll(async () => {
  token = await signInOnce(env.browser, env.stack);
  await env.browser.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.stack.siteUrl });
});

const api = <T>(path: string, init: RequestInit = {}) => adminJson<T>(env.stack, token, path, init);

const mediaNamed = async (name: string) => (await api<MediaPage>('/api/admin/media')).items.find((item) => item.name === name);

/** The home page's featured products, as a visitor who arrives now sees them: each card's name and picture. */
async function featuredOnHome(language: 'ar' | 'fr' | 'en'): Promise<Map<string, string | null>> {
  const { page } = await env.browser.newPage();
  await forgetLanguageChoice(page);
  // Routing a request turns the browser's cache off for it: this visitor comes after the list's one-minute cache.
  await page.route('**/api/products', (route) => route.continue());
  await page.goto(addressIn(`${env.stack.siteUrl}/`, language));
  await waitForHydration(page);
  const cards = page.locator('#featured li');
  await cards.locator('h3').first().waitFor();
  const featured = new Map<string, string | null>();
  for (const card of await cards.all()) {
    const picture = card.locator('img');
    featured.set(await card.locator('h3').innerText(), (await picture.count()) > 0 ? await picture.getAttribute('src') : null);
  }
  await page.close();
  return featured;
}

/** Uploads files on the media page and waits until each is in the library. */
async function upload(page: Page, files: string[], done: string) {
  await page.locator('input[type=file]').setInputFiles(files);
  await page.getByRole('status').getByText(done).waitFor();
}

describe('the picture library', () => {
  test('pictures are uploaded with each one’s progress, described in three languages and their address copied (English, desk)', async () => {
    const { page, errors } = await openAdmin(env.browser, env.stack, '/admin/media', { language: 'en', screen: 'desk' });
    await expectAdminPage(page, 'en', adminWords.media.en);
    await upload(page, [fixtureImages.jpeg, fixtureImages.png], 'Uploaded: 2/2');
    const uploads = page.getByRole('list', { name: 'Uploads' });
    for (const name of ['tiny.jpg', 'tiny.png']) {
      expect(await uploads.getByRole('progressbar', { name: `Uploading ${name}` }).getAttribute('value')).toBe('1');
    }
    const item = (await mediaNamed('tiny.png'))!;
    expect(item).toMatchObject({ contentType: 'image/png', createdBy: env.stack.admin.email });
    expect((await fetch(`${env.stack.siteUrl}${item.url}`)).headers.get('content-type')).toBe('image/png');

    const card = page.getByRole('listitem').filter({ has: page.getByText('tiny.png', { exact: true }) });
    await card.getByLabel('in Arabic').fill('جرار أحمر');
    await card.getByLabel('in French').fill('Tracteur rouge');
    await card.getByLabel('in English').fill('Red tractor');
    await card.getByRole('button', { name: 'Save the texts' }).click();
    await page.getByRole('status').getByText('Texts saved.').waitFor();
    expect((await mediaNamed('tiny.png'))!.alt).toEqual({ ar: 'جرار أحمر', fr: 'Tracteur rouge', en: 'Red tractor' });
    await card.getByRole('img', { name: 'Red tractor' }).waitFor();

    await card.getByRole('button', { name: 'Copy the address' }).click();
    await page.getByRole('status').getByText('Address copied.').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${env.stack.siteUrl}${item.url}`);
    expect(await seriousViolations(page)).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('products', () => {
  test('a product made in the editor with a library picture is featured on the home page at once; the picture stays while it is used; deleting the product takes it off (Arabic, phone)', async () => {
    const name = { ar: `جرار ${randomUUID().slice(0, 5)}`, fr: 'Tracteur d’essai', en: 'Test tractor' };
    const { page, errors } = await openAdmin(env.browser, env.stack, '/admin/media', { language: 'ar', screen: 'phone' });
    await upload(page, [fixtureImages.jpeg], 'تم الرفع: 1/1');
    const picture = (await api<MediaPage>('/api/admin/media')).items[0]!;
    await api(`/api/admin/media/${picture.mediaId}`, { method: 'PATCH', body: JSON.stringify({ alt: { ar: `صورة ${name.ar}` } }) });

    await page.goto(`${env.stack.siteUrl}/admin/products/new`);
    await expectAdminPage(page, 'ar', 'منتج جديد');
    await page.getByRole('button', { name: 'إنشاء المنتج' }).click();
    for (const required of ['حقل «الاسم بالعربية» مطلوب', 'حقل «الفئة» مطلوب', 'حقل «صفحة الطلب» مطلوب']) {
      await page.getByText(required).waitFor();
    }
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByLabel('الاسم بالعربية').fill(name.ar);
    await page.getByLabel('الاسم بالفرنسية').fill(name.fr);
    await page.getByLabel('الاسم بالإنجليزية').fill(name.en);
    await page.getByLabel('الوصف بالعربية').fill('جرار متعدد الاستعمالات');
    await page.getByLabel('السعر (دج)').fill('2500000');
    // Chosen from named lists, not typed as the code writes them.
    await page.getByRole('combobox', { name: 'الفئة', exact: true }).selectOption({ label: 'الجرارات' });
    await page.getByRole('combobox', { name: /^صفحة الطلب/ }).selectOption({ label: 'الجرارات' });
    await page.getByLabel('معروض في الصفحة الرئيسية').check();
    await page.getByRole('button', { name: 'الصورة: اختيار صورة' }).click();
    const picker = page.getByRole('dialog', { name: 'اختيار صورة' });
    await picker.getByRole('button', { name: `استعمال صورة ${name.ar}` }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await picker.getByRole('button', { name: `استعمال صورة ${name.ar}` }).click();
    await page.getByRole('img', { name: `الصورة الحالية: صورة ${name.ar}` }).waitFor();
    await page.getByRole('button', { name: 'إنشاء المنتج' }).click();

    await page.waitForURL(`${env.stack.siteUrl}/admin/products`);
    await page.getByRole('status').getByText(`حُفظ المنتج «${name.ar}».`).waitFor();
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: name.ar }) });
    expect(await card.locator('img').getAttribute('src')).toBe(picture.url);
    await expectNoSidewaysScroll(page);
    expect(await seriousViolations(page)).toEqual([]);

    const stored = (await api<{ products: Product[] }>('/api/admin/products')).products.find((product) => product.name.ar === name.ar)!;
    expect(stored).toMatchObject({ name, category: 'tractors', path: '/tracteurs', priceDzd: 2_500_000, featured: true, available: true, pictureId: picture.mediaId, pictureUrl: picture.url });
    expect((await featuredOnHome('ar')).get(name.ar)).toBe(picture.url);

    // The picture cannot go while the product shows it.
    await page.goto(`${env.stack.siteUrl}/admin/media`);
    const pictureCard = page.getByRole('listitem').filter({ has: page.getByRole('img', { name: `صورة ${name.ar}` }) });
    await pictureCard.getByRole('button', { name: /^حذف/ }).click();
    await page.getByRole('dialog', { name: 'حذف' }).getByRole('button', { name: 'حذف' }).click();
    const refusal = pictureCard.getByRole('alert');
    await refusal.getByText(message('mediaInUse', 'ar')).waitFor();
    await refusal.getByRole('link', { name: name.ar }).waitFor();
    expect((await fetch(`${env.stack.siteUrl}${picture.url}`)).status).toBe(200);

    await page.goto(`${env.stack.siteUrl}/admin/products`);
    await page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: name.ar }) }).getByRole('button', { name: `حذف ${name.ar}` }).click();
    const confirm = page.getByRole('dialog', { name: 'حذف' });
    await confirm.getByText(`حذف المنتج «${name.ar}»؟ يختفي من الموقع فورًا.`).waitFor();
    await confirm.getByRole('button', { name: 'حذف' }).click();
    await page.getByRole('status').getByText(`حُذف المنتج «${name.ar}».`).waitFor();
    expect((await featuredOnHome('ar')).has(name.ar)).toBe(false);

    await page.goto(`${env.stack.siteUrl}/admin/media`);
    await pictureCard.getByRole('button', { name: /^حذف/ }).click();
    await page.getByRole('dialog', { name: 'حذف' }).getByRole('button', { name: 'حذف' }).click();
    await page.getByRole('status').getByText(`حُذفت الصورة «${picture.name}».`).waitFor();
    expect((await fetch(`${env.stack.siteUrl}${picture.url}`)).status).toBe(404);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  test('a product is changed in the editor; a product gone meanwhile says “Failed to update product” and why (French, phone)', async () => {
    const input: ProductInput = { name: { ar: 'محراث', fr: `Charrue ${randomUUID().slice(0, 5)}`, en: 'Plough' }, category: 'equipment', path: '/materiel-agricole', available: true, featured: false };
    const { product } = await api<{ product: Product }>('/api/admin/products', { method: 'POST', body: JSON.stringify(input) });

    const { page, errors } = await openAdmin(env.browser, env.stack, `/admin/products/${product.productId}`, { language: 'fr', screen: 'phone' });
    await expectAdminPage(page, 'fr', `Modifier le produit: ${input.name.fr}`);
    expect(await page.getByLabel('Nom en français').inputValue()).toBe(input.name.fr);
    await page.getByLabel('Prix (DA)').fill('180000');
    await page.getByLabel('Disponible').uncheck();
    await page.getByRole('button', { name: 'Enregistrer les changements' }).click();
    await page.getByRole('status').getByText(`Le produit « ${input.name.fr} » est enregistré.`).waitFor();
    const changed = (await api<{ products: Product[] }>('/api/admin/products')).products.find((item) => item.productId === product.productId);
    expect(changed).toMatchObject({ priceDzd: 180_000, available: false, createdAt: product.createdAt });

    await page.goto(`${env.stack.siteUrl}/admin/products/${product.productId}`);
    await page.getByLabel('Prix (DA)').fill('175000');
    await adminFetch(env.stack, token, `/api/admin/products/${product.productId}`, { method: 'DELETE' });
    await page.getByRole('button', { name: 'Enregistrer les changements' }).click();
    await page.getByRole('alert').getByText(`${message('productUpdateFailed', 'fr')}: ${message('productNotFound', 'fr')}`).waitFor();
    expect(message('productUpdateFailed', 'en')).toBe('Failed to update product');
    expect(await seriousViolations(page)).toEqual([]);
    expect(unexpectedErrors(errors)).toEqual([]);
  });

  test('the list is newest first, by category and then subcategory, kept in the address (English, desk)', async () => {
    const { page, errors } = await openAdmin(env.browser, env.stack, '/admin/products', { language: 'en', screen: 'desk' });
    await expectAdminPage(page, 'en', adminWords.products.en);
    const rows = page.locator('main tbody th');
    await rows.first().waitFor();
    // Each row's name, then the catalogue entry it shows.
    const names = () => rows.evaluateAll((cells) => cells.map((cell) => cell.firstChild?.textContent ?? ''));
    const all = (await api<{ products: Product[] }>('/api/admin/products')).products;
    expect(await names()).toEqual(all.map((product) => product.name.en));

    await page.getByLabel('Category', { exact: true }).selectOption('equipment');
    await page.waitForURL(/\?category=equipment$/);
    await page.getByLabel('Subcategory').selectOption('moussem-el-rach');
    await page.waitForURL(/\?category=equipment&subcategory=moussem-el-rach$/);
    const expected = all.filter((product) => product.category === 'equipment' && product.subcategory === 'moussem-el-rach');
    expect(expected.length).toBeGreaterThan(0);
    await expect.poll(names).toEqual(expected.map((product) => product.name.en));
    expect(await seriousViolations(page)).toEqual([]);

    await page.goBack();
    await expect.poll(() => rows.count()).toBe(all.filter((product) => product.category === 'equipment').length);
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});

describe('one truth for a catalogue entry', () => {
  test('the product list and editor show the entry’s published price and availability, the draft’s marked until published; a product chosen by its entry’s name is filed and ordered where the entry is (French, desk)', async () => {
    const tractor = tractors[0]!;
    const content = await api<ContentResponse>('/api/admin/content');
    const draft = { catalogue: { tractors: { changed: { [tractor.id]: { priceDzd: 3_999_000, available: false } } } } };
    await api(`/api/admin/content/draft?basedOn=${encodeURIComponent(content.savedAt ?? 'none')}`, { method: 'PUT', body: JSON.stringify(draft) });

    const { page, errors } = await openAdmin(env.browser, env.stack, '/admin/products', { language: 'fr', screen: 'desk' });
    await expectAdminPage(page, 'fr', 'Produits');
    const row = page.locator('main tbody tr').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${tractor.name.fr}`) }) });
    // The site's values, and the draft's beside them, marked.
    await row.getByText(`Du catalogue : Tracteurs › ${tractor.name.fr}`).waitFor();
    expect(await row.innerText()).toContain(formatPriceDzd(tractor.priceDzd, 'fr'));
    await row.getByText(`Brouillon : ${formatPriceDzd(3_999_000, 'fr')}`).waitFor();
    await row.getByText('Brouillon : Non').waitFor();

    await row.getByRole('link', { name: /^Modifier/ }).click();
    const onSite = page.getByText('Ce produit prend le nom, le prix, la disponibilité et la photo').locator('..');
    await onSite.waitFor();
    expect(await onSite.innerText()).toContain(`Brouillon : ${formatPriceDzd(3_999_000, 'fr')}`);
    expect(await page.getByRole('combobox', { name: /^Article du catalogue/ }).inputValue()).toBe(`tractors#${tractor.id}`);

    // Once published, the list shows the new values, and nothing is left to mark.
    let publish = await api<PublishSummary>('/api/admin/content/publish', { method: 'POST' });
    while (publish.state === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 200));
      publish = await api<PublishSummary>(`/api/admin/content/publishes/${encodeURIComponent(publish.publishId)}`);
    }
    expect(publish.state).toBe('done');
    await page.goto(`${env.stack.siteUrl}/admin/products`);
    await expect.poll(() => row.innerText()).toContain(formatPriceDzd(3_999_000, 'fr'));
    expect(await row.innerText()).not.toContain('Brouillon');
    expect(await row.locator('td').nth(3).innerText()).toBe('Non');

    // A new product: its catalogue entry found by a word of its name, which files it and orders it where the entry is.
    await page.goto(`${env.stack.siteUrl}/admin/products/new`);
    await expectAdminPage(page, 'fr', 'Nouveau produit');
    await page.getByRole('searchbox', { name: 'Rechercher : Article du catalogue' }).fill('lieuse');
    const entries = page.getByRole('combobox', { name: /^Article du catalogue/ });
    expect(await entries.locator('option').allInnerTexts()).toEqual([
      'Aucun : saisir le nom et le prix ici',
      'Matériel agricole › Récolte › Moissonneuse-lieuse',
      'Pièces de matériel agricole › Récolte › Moissonneuse-lieuse',
    ]);
    await entries.selectOption({ label: 'Matériel agricole › Récolte › Moissonneuse-lieuse' });
    expect(await page.getByRole('combobox', { name: /^Catégorie/ }).locator('option:checked').innerText()).toBe('Matériel agricole');
    expect(await page.getByRole('combobox', { name: /^Sous-catégorie/ }).locator('option:checked').innerText()).toBe('Récolte');
    expect(await page.getByRole('combobox', { name: /^Page de commande/ }).locator('option:checked').innerText()).toBe('Matériel agricole › Récolte');
    const name = { ar: 'حاصدة', fr: `Lieuse ${randomUUID().slice(0, 5)}`, en: 'Binder' };
    await page.getByLabel('Nom en arabe').fill(name.ar);
    await page.getByLabel('Nom en français').fill(name.fr);
    await page.getByLabel('Nom en anglais').fill(name.en);
    await page.getByRole('button', { name: 'Créer le produit' }).click();
    await page.getByRole('status').getByText(`Le produit « ${name.fr} » est enregistré.`).waitFor();
    const stored = (await api<{ products: Product[] }>('/api/admin/products')).products.find((product) => product.catalogueEntry === 'equipmentCategories/moussem-el-hassad/items#lieuse' && product.productId !== 'equipment-lieuse');
    expect(stored).toMatchObject({ category: 'equipment', subcategory: 'moussem-el-hassad', path: '/materiel-agricole/moussem-el-hassad' });
    expect(unexpectedErrors(errors)).toEqual([]);
  });
});
