import { randomUUID } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { writtenRows } from '../support/sheets';
import { visit } from '../support/visit';
import { browserEnvironment } from '../support/environment';

/** The home page as a visitor uses it: banner, sections, featured products, contact form, newsletter. */

const env = browserEnvironment();

describe('home page', () => {
  test('shows the dealership banner, the categories, the figures and the featured products', async () => {
    const { page, errors } = await visit(env.browser, env.stack.siteUrl, '/', 'en');
    await page.getByText('Official Sonalika tractor dealership in Algeria').waitFor();
    for (const figure of ['25+', '500+', '50+', '99%']) await page.getByText(figure, { exact: true }).waitFor();
    const categoryLinks = page.locator('#products a');
    expect(await categoryLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual([
      '/en/tracteurs',
      '/en/pieces-detachees',
      '/en/materiel-agricole',
      '/en/materiel-agricole/autres',
      '/en/pieces-detachees/ghiyar-3itad-zira3i',
    ]);
    // Featured products come from GET /api/products (seeded on first start).
    const featured = page.locator('#featured li h3');
    await expect.poll(() => featured.count()).toBeGreaterThan(0);
    const productLinks = page.locator('#featured').getByRole('link', { name: /^View product / });
    expect(await productLinks.count()).toBe(await featured.count());
    // A product names its Arabic address: the link is the English page, at the product's own card.
    for (const href of await productLinks.evaluateAll((links) => links.map((a) => a.getAttribute('href')))) expect(href).toMatch(/^\/en\/[^#]+#[\w-]+$/);
    expect(errors).toEqual([]);
  });

  test('"View product" opens the item: its card, in view below the header, marked as the one asked for (360 px)', async () => {
    const { page, errors } = await visit(env.browser, env.stack.siteUrl, '/', 'fr');
    await page.setViewportSize({ width: 360, height: 640 });
    await page.locator('#featured').getByRole('link', { name: 'Voir le produit DI75 4x2' }).click();
    await page.waitForURL('**/fr/tracteurs#di75-4x2');
    const card = page.locator('li#di75-4x2');
    await expect.poll(() => card.evaluate((element) => Math.round(element.getBoundingClientRect().top)), { timeout: 10_000 }).toBeGreaterThan(60);
    const top = await card.evaluate((element) => element.getBoundingClientRect().top);
    expect(top).toBeLessThan(640);
    expect(await card.getAttribute('class')).toContain('ring-4');
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
  });

  test('moving between pages: no reload, a new page starts at its top, a section link lands on its section', async () => {
    const { page, errors } = await visit(env.browser, env.stack.siteUrl, '/', 'en');
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));

    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.locator('footer a[href="/en/tracteurs"]').first().click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Tractors');
    expect(await page.title()).toBe('Tractors | Agricultural Parts and Equipment');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.locator('footer a[href="/en#contact"]').first().click();
    await page.locator('#contact').waitFor();
    // The section sits just below the sticky header.
    await expect.poll(() => page.evaluate(() => Math.round(document.getElementById('contact')!.getBoundingClientRect().top))).toBeLessThanOrEqual(100);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { stillTheSamePage?: boolean }).stillTheSamePage)).toBe(true);
    expect(errors).toEqual([]);
  });

  test('the phone menu closes once a link in it is followed, on a tap outside it, and with Escape', async () => {
    const { page, errors } = await visit(env.browser, env.stack.siteUrl, '/pieces-detachees', 'en');
    const menu = page.locator('header details');
    const open = async () => {
      await page.locator('header summary').click();
      await expect.poll(() => menu.evaluate((element: HTMLDetailsElement) => element.open)).toBe(true);
    };
    const closed = () => expect.poll(() => menu.evaluate((element: HTMLDetailsElement) => element.open)).toBe(false);

    await open();
    await menu.getByRole('link', { name: 'Contact' }).click();
    await page.waitForURL('**/en#contact');
    await closed();

    await open();
    await page.getByRole('heading', { level: 2 }).first().click({ force: true });
    await closed();

    await open();
    await page.keyboard.press('Escape');
    await closed();
    expect(errors).toEqual([]);
  });

  test('a page whose code does not arrive keeps the site frame, says so in the visitor’s language, and loads on retry', async () => {
    const { page } = await visit(env.browser, env.stack.siteUrl, '/', 'fr');
    const tractorsPageCode = /\/assets\/tractors-[\w-]+\.js$/;
    await page.route(tractorsPageCode, (route) => route.abort('internetdisconnected'));
    await page.locator('footer a[href="/fr/tracteurs"]').first().click();
    const alert = page.getByRole('alert');
    await alert.getByText('Impossible de charger la page. Vérifiez votre connexion et réessayez.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/fr/tracteurs');
    expect(await page.locator('header').isVisible()).toBe(true);

    await page.unroute(tractorsPageCode);
    await alert.getByRole('button', { name: 'Réessayer' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Tracteurs');
  });

  test('the banner shows on the home page only', async () => {
    const { page } = await visit(env.browser, env.stack.siteUrl, '/tracteurs', 'fr');
    expect(await page.getByText('Concessionnaire officiel des tracteurs Sonalika en Algérie').count()).toBe(0);
  });

  test('"Contact us" leads to the contact block, whose map and form load only there; the message is sent', async () => {
    const { page } = await visit(env.browser, env.stack.siteUrl, '/', 'fr');
    expect(await page.locator('#contact iframe').count()).toBe(0);
    await page.getByRole('link', { name: 'Contactez-nous' }).first().click();
    await page.locator('#contact iframe[title="Notre emplacement sur la carte"]').waitFor({ state: 'attached' });

    const name = `Nadia Ferhat ${randomUUID().slice(0, 6)}`;
    const form = page.locator('#contact form');
    await form.getByLabel('Nom').first().fill(name);
    await form.getByLabel('E-mail').fill('nadia@example.com');
    await form.getByLabel('Message').fill('Avez-vous des pneus pour Sonalika DI75 ?');
    await form.getByRole('button', { name: 'Envoyer le message' }).click();
    await page.getByText('Votre message a été envoyé, nous vous répondrons bientôt.').waitFor();

    const rows = await writtenRows(env.stack.sheetsDir, 'contact-message', (row) => row[0] === name);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.slice(0, 4)).toEqual([name, 'nadia@example.com', '', 'Avez-vous des pneus pour Sonalika DI75 ?']);
  });

  test('the footer subscription sends the address, and says what is wrong in the visitor’s language', async () => {
    const { page } = await visit(env.browser, env.stack.siteUrl, '/tracteurs', 'ar');
    const footer = page.locator('footer');
    await footer.getByRole('button', { name: 'اشترك' }).click();
    await footer.getByText('حقل «البريد الإلكتروني» مطلوب').waitFor();

    const email = `farmer-${randomUUID().slice(0, 6)}@example.com`;
    await footer.getByLabel('بريدك الإلكتروني').fill(email);
    await footer.getByRole('button', { name: 'اشترك' }).click();
    await footer.getByText('شكرًا! تم تسجيل اشتراكك.').waitFor();
    expect(await writtenRows(env.stack.sheetsDir, 'newsletter-subscription', (row) => row[0] === email)).toHaveLength(1);
  });
});
