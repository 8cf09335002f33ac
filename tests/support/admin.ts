import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { LocalStack } from '../../infra/local/stack';
import type { Language, Localized } from '../../shared/languages';
import type { TestBrowser } from './browser';
import { adminFetch, signIn } from './staff';
import { storeLanguage } from './visit';

/**
 * What the staff admin's browser tests share: a tab of the admin in a
 * language and at a screen width, the real sign-in page, and the words they
 * look for, written out here rather than imported, so that a changed text
 * shows up as a failing test.
 */

export const screens = {
  phone: { width: 360, height: 780 },
  desk: { width: 1280, height: 900 },
} as const;

export type Screen = keyof typeof screens;

export const adminWords = {
  signInTitle: { ar: 'دخول الموظفين', fr: 'Connexion du personnel', en: 'Staff sign-in' },
  email: { ar: 'البريد الإلكتروني', fr: 'E-mail', en: 'E-mail' },
  password: { ar: 'كلمة المرور', fr: 'Mot de passe', en: 'Password' },
  signIn: { ar: 'تسجيل الدخول', fr: 'Se connecter', en: 'Sign in' },
  loading: { ar: 'جاري التحميل...', fr: 'Chargement...', en: 'Loading...' },
  signOut: { ar: 'تسجيل الخروج', fr: 'Se déconnecter', en: 'Sign out' },
  dashboard: { ar: 'لوحة التحكم', fr: 'Tableau de bord', en: 'Dashboard' },
  orders: { ar: 'الطلبات', fr: 'Demandes', en: 'Orders' },
  products: { ar: 'المنتجات', fr: 'Produits', en: 'Products' },
  media: { ar: 'الصور', fr: 'Médiathèque', en: 'Media' },
  translations: { ar: 'الترجمات', fr: 'Traductions', en: 'Translations' },
} satisfies Record<string, Localized>;

/** A new tab on an admin address, as a staff member whose language is stored, on a phone or a desk. */
export async function openAdmin(
  browser: TestBrowser,
  stack: LocalStack,
  path: string,
  { language, screen }: { language: Language; screen: Screen },
): Promise<{ page: Page; errors: string[] }> {
  const tab = await browser.newPage();
  await tab.page.setViewportSize(screens[screen]);
  await storeLanguage(tab.page, stack.siteUrl, language);
  await tab.page.goto(`${stack.siteUrl}${path}`);
  return tab;
}

/** Signs in on the sign-in page the tab is on, with the local stack's admin unless told otherwise. */
export async function signInWithForm(
  page: Page,
  stack: LocalStack,
  language: Language,
  credentials: { email: string; password: string } = stack.admin,
): Promise<void> {
  await page.getByRole('heading', { level: 1, name: adminWords.signInTitle[language] }).waitFor();
  await page.getByLabel(adminWords.email[language]).fill(credentials.email);
  await page.getByLabel(adminWords.password[language]).fill(credentials.password);
  await page.getByRole('button', { name: adminWords.signIn[language] }).click();
}

/**
 * Signs the test file's browser in once, through the sign-in page (the
 * session stays in the browser's storage for every tab), and answers an
 * access token for the test's own API calls.
 */
export async function signInOnce(browser: TestBrowser, stack: LocalStack): Promise<string> {
  const { page } = await openAdmin(browser, stack, '/admin/login', { language: 'en', screen: 'desk' });
  await signInWithForm(page, stack, 'en');
  await page.waitForURL(`${stack.siteUrl}/admin`);
  await page.close();
  return signIn(stack, stack.admin.email, stack.admin.password);
}

/** An admin API call that must succeed; its JSON answer. */
export async function adminJson<T>(stack: LocalStack, token: string, path: string, init: RequestInit = {}): Promise<T> {
  const response = await adminFetch(stack, token, path, init);
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as T;
}

/** Waits for an admin page's heading, in the page's language and direction. */
export async function expectAdminPage(page: Page, language: Language, title: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
  expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
    language,
    language === 'ar' ? 'rtl' : 'ltr',
  ]);
  expect(await page.title()).toContain(title);
}

/** Nothing sticks out sideways: the page fits the screen's width (a 360 px phone). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
}

/** Page errors, without the failed requests a test provokes on purpose (a wrong password, a refused change). */
export function unexpectedErrors(errors: string[]): string[] {
  return errors.filter((error) => !error.startsWith('Failed to load resource'));
}

/** The orders the inbox lists (its cards or its table rows), by their names, once the list has said how many. */
export async function listedOrderNames(page: Page): Promise<string[]> {
  await page.getByRole('status').filter({ hasText: /\d/ }).first().waitFor();
  return page.locator('main ul li a[href^="/admin/orders/"], main tbody a[href^="/admin/orders/"]').evaluateAll((links) =>
    links.map((link) => (link.firstChild?.textContent ?? '').trim()),
  );
}
