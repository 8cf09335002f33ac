import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, test } from 'vitest';
import { adminWords, openAdmin, signInOnce } from '../support/admin';
import { browserEnvironment } from '../support/environment';
import { fixtureImages } from '../support/fixture-forms';
import { fillSparePartOrder, forgetLanguageChoice, visit, waitForHydration } from '../support/visit';

/**
 * The built site in Chromium with the headers CloudFront sends (the local
 * site server uses the same definition, infra/security-headers.ts): walking
 * the pages, the contact map, an order with two photos and the admin's view
 * of it breaks no rule of the Content-Security-Policy.
 */

const env = browserEnvironment();

interface Violation {
  page: string;
  directive: string;
  blocked: string;
}

const violations: Violation[] = [];

beforeAll(async () => {
  // Every tab of the test's browser reports each violation it sees, from its first script on.
  await env.browser.context.exposeBinding('reportViolation', ({ page }, violation: Omit<Violation, 'page'>) => {
    violations.push({ page: page.url(), ...violation });
  });
  await env.browser.context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation(v: { directive: string; blocked: string }): void }).reportViolation;
      void report({ directive: event.effectiveDirective, blocked: event.blockedURI || event.sample });
    });
  });
});

describe('Content-Security-Policy', () => {
  test('pages carry the policy, and a script it does not allow is refused and reported', async () => {
    const { page } = await visit(env.browser, env.stack.siteUrl, '/', 'fr');
    const response = await page.request.get(`${env.stack.siteUrl}/tracteurs`);
    const policy = response.headers()['content-security-policy'] ?? '';
    expect(policy).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]{44}')+;/);
    expect(policy).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);

    const before = violations.length;
    const ran = await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.head.append(script);
      return (window as unknown as { injected?: boolean }).injected ?? false;
    });
    expect(ran).toBe(false);
    await expect.poll(() => violations.slice(before).map((v) => v.directive)).toEqual(['script-src-elem']);
    violations.length = before;
  });

  test('the catalogue, the contact map, an order with two photos and the admin showing it break no rule', async () => {
    const start = violations.length;
    const home = await visit(env.browser, env.stack.siteUrl, '/', 'fr');
    await home.page.getByRole('link', { name: 'Contactez-nous' }).first().click();
    const map = home.page.locator('#contact iframe[title="Notre emplacement sur la carte"]');
    await map.waitFor({ state: 'attached' });
    // The frame's request is allowed (or refused) before it leaves the browser.
    await expect.poll(() => map.evaluate((frame: HTMLIFrameElement) => frame.src)).toContain('openstreetmap.org/export/embed.html');
    await home.page.waitForTimeout(500);

    for (const path of ['/tracteurs', '/materiel-agricole', '/pieces-detachees', '/pieces-detachees/wheeled-tractors', '/no-such-page']) {
      await visit(env.browser, env.stack.siteUrl, path, 'ar');
    }

    // The order: photos shrunk in a worker, uploaded straight to the bucket, the order sent, the thanks.
    const { page, errors } = await env.browser.newPage();
    await page.goto(`${env.stack.siteUrl}/forms/part-wheeled-tractor?tractorName=${encodeURIComponent('Sonalika DI75 4x4')}`);
    await waitForHydration(page);
    await forgetLanguageChoice(page);
    await page.getByRole('link', { name: 'Français' }).click();
    const name = `Rachid Ouali ${randomUUID().slice(0, 6)}`;
    await fillSparePartOrder(page, name);
    await page.locator('input[type=file]').setInputFiles([fixtureImages.jpeg, fixtureImages.png]);
    await expect.poll(() => page.getByRole('img', { name: /^Photo \d$/ }).count()).toBe(2);
    const sent = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/submissions'));
    await page.getByRole('button', { name: 'Envoyer la commande' }).click();
    const { submissionId } = (await sent).postDataJSON() as { submissionId: string };
    await page.waitForURL('**/thank-you');
    await page.getByRole('heading', { name: 'Merci !' }).waitFor();
    expect(errors).toEqual([]);

    // The staff sign in (the user pool's endpoint) and open the order with its two photos.
    await signInOnce(env.browser, env.stack);
    const admin = await openAdmin(env.browser, env.stack, `/admin/orders/${submissionId}`, { language: 'fr', screen: 'desk' });
    await admin.page.getByText(name).first().waitFor();
    const photos = admin.page.locator('img[src*="/photos/"]');
    await expect.poll(() => photos.count()).toBe(2);
    await expect
      .poll(() => photos.evaluateAll((images: HTMLImageElement[]) => images.every((image) => image.complete && image.naturalWidth > 0)))
      .toBe(true);
    await admin.page.getByRole('button', { name: adminWords.signOut.fr }).first().waitFor();

    expect(violations.slice(start)).toEqual([]);
  });
});
