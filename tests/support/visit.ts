import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { Language, Localized } from '../../shared/languages';
import { languageCookie, pathInLanguage } from '../../shared/page-language';
import type { TestBrowser } from './browser';

/**
 * What the catalogue browser tests share: open a page at its address in a
 * language (`/fr/tracteurs`), wait until React has taken over the prerendered HTML (or the route has
 * replaced the loading frame), open an Order button's modal and read its fields.
 */

export const languages: Language[] = ['ar', 'fr', 'en'];

export const siteTitle: Localized = { ar: 'قطع ومعدات فلاحية', fr: 'Pièce et Matériel Agricole', en: 'Agricultural Parts and Equipment' };
export const orderLabel: Localized = { ar: 'اطلب الآن', fr: 'Commander', en: 'Order' };
export const unavailableLabel: Localized = { ar: 'غير متوفر', fr: 'Indisponible', en: 'Unavailable' };
export const viewModelsLabel: Localized = { ar: 'عرض الموديلات', fr: 'Voir les modèles', en: 'View models' };
export const sendLabel: Localized = { ar: 'إرسال الطلب', fr: 'Envoyer la commande', en: 'Send Order' };
export const orderSentText: Localized = {
  ar: 'تم إرسال طلبك بنجاح!',
  fr: 'Votre commande a été envoyée avec succès !',
  en: 'Your order has been sent successfully!',
};
export const categoryNotFound: Localized = { ar: 'الفئة غير موجودة', fr: 'Catégorie non trouvée', en: 'Category not found' };
export const brandNotFound: Localized = { ar: 'العلامة غير موجودة', fr: 'Marque non trouvée', en: 'Brand not found' };

export interface Visit {
  page: Page;
  errors: string[];
  language: Language;
}

/**
 * Opens the page at `path` (its Arabic address, query included) at its
 * address in `language` and waits until the page is interactive in that language.
 */
export async function visit(browser: TestBrowser, siteUrl: string, path: string, language: Language): Promise<Visit> {
  const { page, errors } = await browser.newPage();
  await forgetLanguageChoice(page);
  const visited = { page, errors, language };
  await load(visited, `${siteUrl}${path}`);
  return visited;
}

/** The address of the page at `url` (an Arabic address) in `language`: `…/tracteurs?x=1` → `…/fr/tracteurs?x=1`. */
export function addressIn(url: string, language: Language): string {
  const address = new URL(url);
  address.pathname = pathInLanguage(address.pathname, language);
  return address.href;
}

/**
 * The visitor's stored language choice (the `lang` cookie), as a returning
 * visitor has it: what the staff admin shows, and where the site's page
 * addresses send them.
 */
export async function storeLanguage(page: Page, siteUrl: string, language: Language): Promise<void> {
  await page.context().addCookies([{ name: languageCookie, value: language, url: siteUrl }]);
}

/** A first visit: no stored choice (from an earlier test in the same browser) sends the tab elsewhere, the address alone says the language. */
export async function forgetLanguageChoice(page: Page): Promise<void> {
  await page.context().clearCookies({ name: languageCookie });
}

/** Loads another page (`url`, its Arabic address) in the same tab, at its address in the visit's language, as a visitor following a link. */
export async function load({ page, language }: Visit, url: string) {
  await page.goto(addressIn(url, language));
  await waitForHydration(page);
  await expect
    .poll(() => page.evaluate(() => [document.documentElement.lang, document.documentElement.dir]))
    .toEqual([language, language === 'ar' ? 'rtl' : 'ltr']);
}

/**
 * Waits until React has taken over the page: the scripts start after the
 * first paint, and a test's next step expects the page to answer at once.
 */
export async function waitForHydration(page: Page) {
  // hydrateRoot marks the document as soon as React listens to its events.
  await page.waitForFunction(() => Object.keys(document).some((key) => key.startsWith('_reactListening')));
  // The fallback page (addresses without a page of their own) shows the loading frame until the page's code has run.
  await page.waitForFunction(() => Boolean(document.querySelector('main h1')?.textContent?.trim()));
}

/** Title, heading and direction of a page in the visitor's language. */
export async function expectPageTitle({ page, language }: Visit, title: string) {
  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
  expect(await page.title()).toBe(`${title} | ${siteTitle[language]}`);
}

/** The cards of the page's grid, by their heading. */
export function cardNames(page: Page): Promise<string[]> {
  return page.locator('main li h2').allTextContents();
}

export function card(page: Page, name: string): Locator {
  return page.locator('main li').filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
}

/** The Order buttons of the page's cards (each named "Order <item>" for screen readers). */
export function orderButtons({ page, language }: Visit): Locator {
  return page.locator('main li').getByRole('button', { name: new RegExp(`^${orderLabel[language]} `) });
}

export function unavailableLabels({ page, language }: Visit): Locator {
  return page.locator('main li').getByText(unavailableLabel[language], { exact: true });
}

/** Clicks a button that opens the order modal and waits for the modal's form. */
export async function openOrder(page: Page, button: Locator, expectedTitle: string): Promise<Locator> {
  await button.click();
  const dialog = page.getByRole('dialog', { name: expectedTitle });
  await dialog.locator('form').waitFor();
  return dialog;
}

/** The read-only context field of an open form, with its value. */
export async function expectFixedField(scope: Locator, field: string, value: string) {
  const input = scope.locator(`#root_${field}`);
  await expect.poll(() => input.inputValue()).toBe(value);
  expect(await input.getAttribute('readonly')).not.toBeNull();
}

/** A field the visitor types (an empty, editable context field). */
export async function expectFreeField(scope: Locator, field: string) {
  const input = scope.locator(`#root_${field}`);
  await input.waitFor();
  expect(await input.inputValue()).toBe('');
  expect(await input.getAttribute('readonly')).toBeNull();
}

export async function closeDialog(page: Page) {
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('dialog').isVisible()).toBe(false);
}

/** The link of a card, by its visible label. */
export async function cardLinkHref(page: Page, cardName: string, label: string): Promise<string | null> {
  return card(page, cardName)
    .getByRole('link', { name: new RegExp(`^${label}`) })
    .getAttribute('href');
}

/** Fills the wheeled-tractor spare-part form (in French) but its photos: a hydraulic pump for a tractor of 2015, from Batna. */
export async function fillSparePartOrder(page: Page, name: string): Promise<void> {
  await page.getByLabel('Nom de la pièce').fill('Pompe hydraulique');
  await page.getByLabel('Année du tracteur').fill('2015');
  await page.getByLabel('Nom complet').fill(name);
  await page.getByLabel('Téléphone').fill('0555 11 22 33');
  await page.getByLabel('Wilaya').selectOption('Batna');
  await page.getByLabel('Emplacement de la pièce').selectOption('Other');
  await page.getByLabel("Précisez l'emplacement").fill('Sous la cabine');
}
