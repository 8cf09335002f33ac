import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { openAdmin, screens, signInWithForm } from '../support/admin';
import { seriousViolations } from '../support/axe';
import { launchBrowser } from '../support/browser';
import { stackEnvironment } from '../support/environment';
import { fixtureImages } from '../support/fixture-forms';
import { signIn, uploadMedia } from '../support/staff';
import { languages } from '../support/visit';

/**
 * axe-core on every page of the staff admin, in every language, on a 360 px
 * phone and a desk: no serious or critical violation of WCAG 2.1 A/AA, with
 * an order, products and a picture to show.
 */

const env = stackEnvironment();
let adminPaths: string[];

beforeAll(async () => {
  const orderId = randomUUID();
  const sent = await fetch(`${env.stack.siteUrl}/api/forms/tractor-order/submissions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ submissionId: orderId, data: { tractorModel: 'DI75 4x2', fullName: 'Karim Benali', wilaya: 'Setif', phone: '0661 12 34 56' } }),
  });
  expect(sent.status).toBe(201);
  await uploadMedia(env.stack, await signIn(env.stack, env.stack.admin.email, env.stack.admin.password), fixtureImages.png, 'image/png');
  const productId = (await (await fetch(`${env.stack.siteUrl}/api/products`)).json()).products[0].productId as string;
  adminPaths = ['/admin', '/admin/orders', `/admin/orders/${orderId}`, '/admin/products', '/admin/products/new', `/admin/products/${productId}`, '/admin/media', '/admin/translations', '/admin/catalogue', '/admin/dealer', '/admin/notifications'];
});

describe('accessibility of the admin', () => {
  // The languages run side by side, each in its own browser.
  test.concurrent.for(languages)('every admin page in %s, on a phone and a desk, has no serious or critical violation', { timeout: 180_000 }, async (language, { expect }) => {
    const browser = await launchBrowser();
    try {
      const { page } = await openAdmin(browser, env.stack, '/admin/login', { language, screen: 'phone' });
      await signInWithForm(page, env.stack, language);
      await page.waitForURL(`${env.stack.siteUrl}/admin`);
      const violations: Record<string, string[]> = {};
      for (const screen of ['phone', 'desk'] as const) {
        await page.setViewportSize(screens[screen]);
        for (const path of adminPaths) {
          await page.goto(`${env.stack.siteUrl}${path}`);
          await page.locator('main h1').waitFor();
          // The page's data is in: no spinner left.
          await page.locator('main [role=status] .animate-spin').waitFor({ state: 'detached' });
          const serious = await seriousViolations(page);
          if (serious.length > 0) violations[`${screen} ${path}`] = serious;
        }
      }
      expect(violations).toEqual({});
    } finally {
      await browser.close();
    }
  });
});
