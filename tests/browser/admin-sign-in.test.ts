import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import decodeQR from 'qr/decode.js';
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, test } from 'vitest';
import { addStaffUser, createCognitoClient, generatePassword } from '../../infra/local/cognito';
import type { StaffRole } from '../../lambdas/routes';
import type { Language, Localized } from '../../shared/languages';
import { adminWords, expectAdminPage, expectNoSidewaysScroll, openAdmin, screens, signInWithForm, unexpectedErrors, type Screen } from '../support/admin';
import { seriousViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { stackEnvironment } from '../support/environment';
import { claimsOf, signedLikeCognitoLocal } from '../support/staff';
import { totpCode } from '../support/totp';
import { storeLanguage, waitForHydration } from '../support/visit';

/**
 * Staff sign-in through the real page against cognito-local (spec 000,
 * "Admin"), in the three languages on a phone and a desk: the way back to
 * the page asked for, the refusals, signing out, and a session kept alive by
 * its refresh token or ended when that fails; an authenticator app set up
 * and asked for (TOTP MFA).
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

describe('an authenticator app (TOTP MFA), against cognito-local', () => {
  const appWords = {
    setUpTitle: { ar: 'إعداد تطبيق المصادقة', fr: 'Configurer une application d’authentification', en: 'Set up an authenticator app' },
    codeTitle: { ar: 'رمز تطبيق المصادقة', fr: 'Code de l’application d’authentification', en: 'Authenticator app code' },
    code: { ar: 'الرمز المكوّن من 6 أرقام', fr: 'Code à 6 chiffres', en: '6-digit code' },
    qrCode: { ar: 'رمز QR لمسحه بتطبيق المصادقة', fr: 'Code QR à scanner avec l’application', en: 'QR code to scan with the app' },
    turnOn: { ar: 'تفعيل والمتابعة', fr: 'Activer et continuer', en: 'Turn on and continue' },
    confirm: { ar: 'تأكيد', fr: 'Valider', en: 'Confirm' },
    notNow: { ar: 'ليس الآن', fr: 'Plus tard', en: 'Not now' },
    link: { ar: 'تطبيق المصادقة', fr: 'Application d’authentification', en: 'Authenticator app' },
    turnedOn: {
      ar: 'تطبيق المصادقة مفعّل: سيُطلب رمزه عند كل دخول.',
      fr: 'L’application d’authentification est activée : son code sera demandé à chaque connexion.',
      en: 'Your authenticator app is on: its code will be asked for at every sign-in.',
    },
    wrongCode: {
      ar: 'هذا الرمز غير صحيح أو انتهت صلاحيته. اكتب الرمز الذي يعرضه التطبيق الآن.',
      fr: 'Ce code est faux ou a expiré. Tapez le code que l’application affiche maintenant.',
      en: 'This code is wrong or has expired. Type the code the app shows now.',
    },
    required: {
      ar: 'يدخل المسؤولون بكلمة المرور وبرمز من تطبيق مصادقة على الهاتف. أعدّه مرة واحدة للمتابعة.',
      fr: 'Les administrateurs se connectent avec leur mot de passe et un code d’une application d’authentification sur téléphone. Configurez-la une fois pour continuer.',
      en: 'Administrators sign in with their password and a code from an authenticator app on their phone. Set it up once to continue.',
    },
  } satisfies Record<string, Localized>;

  /** A new staff member of the local pool in these groups, with a permanent password. */
  async function newStaffMember(roles: StaffRole[]) {
    const member = { email: `mfa-${randomUUID().slice(0, 8)}@agri-dealer.test`, password: generatePassword() };
    const cognito = createCognitoClient(env.stack.endpoints.cognito);
    await addStaffUser(cognito, env.stack.cognito.userPoolId, { ...member, roles, temporary: false });
    cognito.destroy();
    return member;
  }

  /** The member's MFA as Cognito keeps it (AdminGetUser). */
  async function mfaOf(email: string) {
    const cognito = createCognitoClient(env.stack.endpoints.cognito);
    try {
      const user = await cognito.send(new AdminGetUserCommand({ UserPoolId: env.stack.cognito.userPoolId, Username: email }));
      return user.UserMFASettingList ?? [];
    } finally {
      cognito.destroy();
    }
  }

  /** A code one off the right one: wrong, whatever the clock. */
  const wrong = (code: string) => String((Number(code) + 500_000) % 1_000_000).padStart(6, '0');

  /** The text a phone's camera reads from the page's QR code: its SVG drawn on a canvas, decoded from the pixels. */
  async function scanQrCode(page: Page, name: string): Promise<string> {
    const svg = await page.getByRole('img', { name }).evaluate((element) => new XMLSerializer().serializeToString(element));
    const image = await page.evaluate(async (markup) => {
      const picture = new Image();
      picture.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}`;
      await picture.decode();
      const canvas = Object.assign(document.createElement('canvas'), { width: 400, height: 400 });
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#fff';
      context.fillRect(0, 0, 400, 400);
      context.drawImage(picture, 0, 0, 400, 400);
      return Array.from(context.getImageData(0, 0, 400, 400).data);
    }, svg);
    return decodeQR({ width: 400, height: 400, data: Uint8ClampedArray.from(image) });
  }

  /** Scans the QR code and reads the key the setup page shows, checks a wrong code is refused, then types the app's code. */
  async function setUpApp(page: Page, language: Language, email: string): Promise<string> {
    const secretKey = (await page.locator('main code').textContent())!.replace(/\s/g, '');
    expect(secretKey).toMatch(/^[A-Z2-7]{16,}$/);
    const host = new URL(env.stack.siteUrl).hostname;
    expect(await scanQrCode(page, appWords.qrCode[language])).toBe(`otpauth://totp/${host}:${email}?secret=${secretKey}&issuer=${host}`);
    const turnOn = page.getByRole('button', { name: appWords.turnOn[language] });
    await page.getByLabel(appWords.code[language]).fill(wrong(totpCode(secretKey)));
    await turnOn.click();
    await page.getByRole('alert').getByText(appWords.wrongCode[language]).waitFor();
    await page.getByLabel(appWords.code[language]).fill(totpCode(secretKey));
    await turnOn.click();
    return secretKey;
  }

  test('staff may set one up from any page; from then on its code is asked for at every sign-in, and a wrong code is refused', { timeout: 120_000 }, async () => {
    const member = await newStaffMember(['staff']);
    const browser = await launchBrowser();
    try {
      const { page, errors } = await openAdmin(browser, env.stack, '/admin/login', { language: 'fr', screen: 'phone' });

      // Optional: a password alone opens the admin, whose every page links to the setup; "Not now" goes back.
      await signInWithForm(page, env.stack, 'fr', member);
      await page.waitForURL(`${env.stack.siteUrl}/admin`);
      await expectAdminPage(page, 'fr', adminWords.dashboard.fr);
      await page.getByRole('link', { name: appWords.link.fr }).click();
      await expectAdminPage(page, 'fr', appWords.setUpTitle.fr);
      await expectNoSidewaysScroll(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: appWords.notNow.fr }).click();
      await page.waitForURL(`${env.stack.siteUrl}/admin`);
      expect(await mfaOf(member.email)).toEqual([]);

      await page.getByRole('link', { name: appWords.link.fr }).click();
      const secretKey = await setUpApp(page, 'fr', member.email);
      await page.getByRole('status').getByText(appWords.turnedOn.fr).waitFor();
      expect(await page.getByRole('link', { name: appWords.link.fr }).count()).toBe(0);
      expect(await mfaOf(member.email)).toEqual(['SOFTWARE_TOKEN_MFA']);

      // From then on Cognito asks for the app's code after the password.
      await page.goto(`${env.stack.siteUrl}/admin/orders`);
      await expectAdminPage(page, 'fr', adminWords.orders.fr);
      await page.getByRole('button', { name: adminWords.signOut.fr }).click();
      await page.waitForURL(`${env.stack.siteUrl}/admin/login?next=%2Forders`);
      await signInWithForm(page, env.stack, 'fr', member);
      await page.getByRole('heading', { level: 1, name: appWords.codeTitle.fr }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      const confirm = page.getByRole('button', { name: appWords.confirm.fr });
      await page.getByLabel(appWords.code.fr).fill(wrong(totpCode(secretKey)));
      await confirm.click();
      await page.getByRole('alert').getByText(appWords.wrongCode.fr).waitFor();
      await page.getByLabel(appWords.code.fr).fill(totpCode(secretKey));
      await confirm.click();
      await page.waitForURL(`${env.stack.siteUrl}/admin/orders`);
      await expectAdminPage(page, 'fr', adminWords.orders.fr);
      expect(unexpectedErrors(errors)).toEqual([]);
    } finally {
      await browser.close();
    }
  });

  test('with the settings of AWS (required of the admin group), an admin sets one up before any page, then goes where they asked', { timeout: 120_000 }, async () => {
    const member = await newStaffMember(['staff', 'admin']);
    const browser = await launchBrowser();
    try {
      const { page, errors } = await browser.newPage();
      await page.setViewportSize(screens.desk);
      // The local stack's settings leave it optional, so that its seeded admin signs in with a password alone.
      await page.route('**/admin/config.json', async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, json: { ...((await response.json()) as object), mfaRequiredFor: ['admin'] } });
      });
      await storeLanguage(page, env.stack.siteUrl, 'ar');
      await page.goto(`${env.stack.siteUrl}/admin/products`);
      await page.waitForURL(`${env.stack.siteUrl}/admin/login?next=%2Fproducts`);
      await signInWithForm(page, env.stack, 'ar', member);
      await page.getByRole('heading', { level: 1, name: appWords.setUpTitle.ar }).waitFor();
      await page.getByText(appWords.required.ar).waitFor();
      // Required: no "Not now", only signing out.
      expect(await page.getByRole('button', { name: appWords.notNow.ar }).count()).toBe(0);
      expect(await page.getByRole('button', { name: adminWords.signOut.ar }).count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);

      // Signed in with a password alone, no admin page opens: each leads back to the setup.
      await page.goto(`${env.stack.siteUrl}/admin/orders`);
      await page.waitForURL(`${env.stack.siteUrl}/admin/login?next=%2Forders`);
      await page.getByRole('heading', { level: 1, name: appWords.setUpTitle.ar }).waitFor();

      await setUpApp(page, 'ar', member.email);
      await page.waitForURL(`${env.stack.siteUrl}/admin/orders`);
      await expectAdminPage(page, 'ar', adminWords.orders.ar);
      expect(await mfaOf(member.email)).toEqual(['SOFTWARE_TOKEN_MFA']);
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
