import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { addStaffUser, createCognitoClient, generatePassword } from '../../infra/local/cognito';
import type { Language, Localized } from '../../shared/languages';
import { adminWords, expectAdminPage, openAdmin, screens, signInWithForm, unexpectedErrors, type Screen } from '../support/admin';
import { seriousViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { stackEnvironment } from '../support/environment';
import { claimsOf, signedLikeCognitoLocal } from '../support/staff';
import { storeLanguage, waitForHydration } from '../support/visit';

/**
 * Staff sign-in through the real page against cognito-local (spec 000,
 * "Admin"), in the three languages on a phone and a desk: the way back to
 * the page asked for, the refusals, signing out, and a session kept alive by
 * its refresh token or ended when that fails.
 */

const env = stackEnvironment();

const words = {
  wrongPassword: { ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة.', fr: 'E-mail ou mot de passe incorrect.', en: 'Incorrect e-mail or password.' },
  emailRequired: { ar: 'حقل «البريد الإلكتروني» مطلوب', fr: 'Le champ « E-mail » est obligatoire', en: 'E-mail is required' },
  passwordRequired: { ar: 'حقل «كلمة المرور» مطلوب', fr: 'Le champ « Mot de passe » est obligatoire', en: 'Password is required' },
  sessionEnded: { ar: 'انتهت جلستك. سجّل الدخول من جديد.', fr: 'Votre session a pris fin. Reconnectez-vous.', en: 'Your session has ended. Sign in again.' },
} satisfies Record<string, Localized>;

const combinations: [Language, Screen][] = [
  ['ar', 'phone'],
  ['ar', 'desk'],
  ['fr', 'phone'],
  ['fr', 'desk'],
  ['en', 'phone'],
  ['en', 'desk'],
];

/** Holds every request matching `url` until `release()`. */
async function hold(page: Page, url: string | RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

describe('signing in', () => {
  test.each(combinations)(
    '%s on a %s: a spinner, the sign-in page and back to the page asked for; refusals; signing out',
    { timeout: 90_000 },
    async (language, screen) => {
      const browser = await launchBrowser();
      try {
        const { page, errors } = await browser.newPage();
        await page.setViewportSize(screens[screen]);
        await storeLanguage(page, env.stack.siteUrl, language);

        // While the session loads (the sign-in settings held back), a spinner says so.
        const releaseConfig = await hold(page, '**/admin/config.json');
        await page.goto(`${env.stack.siteUrl}/admin/orders?status=new`);
        await page.getByRole('status').getByText(adminWords.loading[language]).waitFor();
        releaseConfig();
        await page.waitForURL(`${env.stack.siteUrl}/admin/login?next=${encodeURIComponent('/orders?status=new')}`);
        await expectAdminPage(page, language, adminWords.signInTitle[language]);
        const email = page.getByLabel(adminWords.email[language]);
        expect(await email.getAttribute('type')).toBe('email');
        expect(await email.getAttribute('required')).not.toBeNull();
        expect(await page.getByLabel(adminWords.password[language]).getAttribute('required')).not.toBeNull();
        expect(await seriousViolations(page)).toEqual([]);

        const submit = page.getByRole('button', { name: adminWords.signIn[language] });
        await submit.click();
        await page.getByText(words.emailRequired[language]).waitFor();
        await page.getByText(words.passwordRequired[language]).waitFor();

        // A wrong password: "Loading..." while Cognito answers, then its refusal in the staff's language.
        await email.fill(env.stack.admin.email);
        await page.getByLabel(adminWords.password[language]).fill(`${env.stack.admin.password}-not`);
        const releaseCognito = await hold(page, `${env.stack.endpoints.cognito}/**`);
        await submit.click();
        const busy = page.getByRole('button', { name: adminWords.loading[language] });
        await busy.waitFor();
        expect(await busy.isDisabled()).toBe(true);
        releaseCognito();
        await page.getByRole('alert').getByText(words.wrongPassword[language]).waitFor();
        expect(await submit.isEnabled()).toBe(true);
        expect(await seriousViolations(page)).toEqual([]);

        await page.getByLabel(adminWords.password[language]).fill(env.stack.admin.password);
        await submit.click();
        await page.waitForURL(`${env.stack.siteUrl}/admin/orders?status=new`);
        await expectAdminPage(page, language, adminWords.orders[language]);

        // Signed in, the sign-in page leads to the dashboard.
        await page.goto(`${env.stack.siteUrl}/admin/login`);
        await page.waitForURL(`${env.stack.siteUrl}/admin`);
        await expectAdminPage(page, language, adminWords.dashboard[language]);

        await page.getByRole('button', { name: adminWords.signOut[language] }).click();
        await page.waitForURL(`${env.stack.siteUrl}/admin/login`);
        await page.goto(`${env.stack.siteUrl}/admin/products`);
        await page.waitForURL(`${env.stack.siteUrl}/admin/login?next=%2Fproducts`);
        expect(unexpectedErrors(errors)).toEqual([]);
      } finally {
        await browser.close();
      }
    },
  );

  test('a new staff member with a temporary password chooses their own first; without the admin group products are read-only', async () => {
    const email = `staff-${randomUUID().slice(0, 8)}@agri-dealer.test`;
    const temporary = generatePassword();
    const cognito = createCognitoClient(env.stack.endpoints.cognito);
    await addStaffUser(cognito, env.stack.cognito.userPoolId, { email, roles: ['staff'], password: temporary, temporary: true });
    cognito.destroy();

    const browser = await launchBrowser();
    try {
      const { page, errors } = await openAdmin(browser, env.stack, '/admin/login', { language: 'fr', screen: 'phone' });
      await signInWithForm(page, env.stack, 'fr', { email, password: temporary });
      await page.getByRole('heading', { level: 1, name: 'Choisissez un nouveau mot de passe' }).waitFor();
      await page.getByLabel('Nouveau mot de passe').fill(generatePassword());
      await page.getByRole('button', { name: 'Enregistrer et se connecter' }).click();
      await page.waitForURL(`${env.stack.siteUrl}/admin`);
      await expectAdminPage(page, 'fr', adminWords.dashboard.fr);

      await page.goto(`${env.stack.siteUrl}/admin/products`);
      await page.getByText('Seuls les administrateurs peuvent modifier les produits et les images.').waitFor();
      expect(await page.getByRole('link', { name: 'Nouveau produit' }).count()).toBe(0);
      expect(await page.getByRole('button', { name: /^Supprimer/ }).count()).toBe(0);
      expect(unexpectedErrors(errors)).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});

describe('where the admin’s code loads', () => {
  /** The scripts a page loads, and whether any holds Amplify's Cognito client. */
  async function scriptsOf(page: Page, open: () => Promise<unknown>) {
    const scripts: { url: string; body: string }[] = [];
    const responses: Promise<void>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') {
        responses.push(response.text().then((body) => void scripts.push({ url: new URL(response.url()).pathname, body })));
      }
    });
    await open();
    await page.waitForLoadState('networkidle');
    await Promise.all(responses);
    return { urls: scripts.map((script) => script.url), amplify: scripts.some((script) => script.body.includes('AWSCognitoIdentityProviderService')) };
  }

  test('the public pages, an order form open, load none of it; the admin loads it under /admin only', async () => {
    const browser = await launchBrowser();
    try {
      const { page } = await browser.newPage();
      const site = await scriptsOf(page, async () => {
        await page.goto(`${env.stack.siteUrl}/tracteurs`);
        await waitForHydration(page);
        await page.locator('main li').getByRole('button', { name: /^اطلب الآن / }).first().click();
        await page.getByRole('dialog').locator('form').waitFor();
        await page.goto(`${env.stack.siteUrl}/`);
      });
      expect(site.urls.length).toBeGreaterThan(3);
      expect(site.urls.filter((url) => url.startsWith('/assets/admin-'))).toEqual([]);
      expect(site.amplify).toBe(false);

      const { page: adminPage } = await browser.newPage();
      const adminScripts = await scriptsOf(adminPage, () => adminPage.goto(`${env.stack.siteUrl}/admin/login`));
      expect(adminScripts.urls.every((url) => url.startsWith('/assets/admin-'))).toBe(true);
      expect(adminScripts.amplify).toBe(true);
    } finally {
      await browser.close();
    }
  });
});

describe('the session', () => {
  /** The tokens Amplify keeps in the browser's storage, by kind. */
  async function storedTokens(page: Page) {
    return page.evaluate(() => {
      const tokens: Record<string, { key: string; value: string }> = {};
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i)!;
        const kind = key.match(/^CognitoIdentityServiceProvider\.[^.]+\..+\.(accessToken|idToken|refreshToken)$/)?.[1];
        if (kind) tokens[kind] = { key, value: localStorage.getItem(key)! };
      }
      return tokens;
    });
  }

  /** The stored access token, made expired an hour ago (signed with cognito-local's own key). */
  async function expireAccessToken(page: Page) {
    const { accessToken } = await storedTokens(page);
    const now = Math.floor(Date.now() / 1000);
    const expired = signedLikeCognitoLocal({ ...claimsOf(accessToken!.value), iat: now - 7200, exp: now - 3600 });
    await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [accessToken!.key, expired]);
  }

  test('an expired access token is renewed with the refresh token (REFRESH_TOKEN_AUTH), without asking to sign in', async () => {
    const browser = await launchBrowser();
    try {
      const { page, errors } = await openAdmin(browser, env.stack, '/admin/orders', { language: 'en', screen: 'desk' });
      await signInWithForm(page, env.stack, 'en');
      await expectAdminPage(page, 'en', adminWords.orders.en);
      await expireAccessToken(page);

      const apiCalls: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/admin/')) apiCalls.push(request.headers().authorization ?? '');
      });
      await page.reload();
      await expectAdminPage(page, 'en', adminWords.orders.en);
      await page.getByText(/orders? shown$/).waitFor();
      expect(page.url()).toBe(`${env.stack.siteUrl}/admin/orders`);
      const renewed = claimsOf((await storedTokens(page)).accessToken!.value);
      expect(renewed.exp as number).toBeGreaterThan(Date.now() / 1000);
      // Every call went out with the renewed token.
      expect(apiCalls.length).toBeGreaterThan(0);
      expect(apiCalls.every((header) => claimsOf(header.replace('Bearer ', '')).exp === renewed.exp)).toBe(true);
      expect(unexpectedErrors(errors)).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  test('a refused refresh ends the session; a token the API refuses (401) leads to the sign-in page and back', async () => {
    const browser = await launchBrowser();
    try {
      const { page } = await openAdmin(browser, env.stack, '/admin/media', { language: 'ar', screen: 'phone' });
      await signInWithForm(page, env.stack, 'ar');
      await expectAdminPage(page, 'ar', adminWords.media.ar);

      // The API refuses a token it cannot verify, even one Amplify believes valid.
      const { accessToken } = await storedTokens(page);
      const claims = claimsOf(accessToken!.value);
      const forged = `${accessToken!.value.split('.').slice(0, 2).join('.')}.${Buffer.from('not the signature').toString('base64url')}`;
      await page.evaluate(([key, value]) => localStorage.setItem(key!, value!), [accessToken!.key, forged]);
      await page.reload();
      await page.waitForURL(`${env.stack.siteUrl}/admin/login?next=%2Fmedia`);
      await page.getByText(words.sessionEnded.ar).waitFor();
      await signInWithForm(page, env.stack, 'ar');
      await page.waitForURL(`${env.stack.siteUrl}/admin/media`);
      expect(claimsOf((await storedTokens(page)).accessToken!.value).username).toBe(claims.username);

      // The refresh token is no longer known: Amplify drops the tokens and the session has ended.
      await expireAccessToken(page);
      const { refreshToken } = await storedTokens(page);
      await page.evaluate((key) => localStorage.setItem(key, 'a-refresh-token-cognito-does-not-know'), refreshToken!.key);
      await page.goto(`${env.stack.siteUrl}/admin/orders`);
      await page.waitForURL(`${env.stack.siteUrl}/admin/login?next=%2Forders`);
      await page.getByText(words.sessionEnded.ar).waitFor();
      expect(await storedTokens(page)).toEqual({});
    } finally {
      await browser.close();
    }
  });
});
