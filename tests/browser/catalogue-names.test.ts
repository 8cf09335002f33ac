import type { Locator } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { splitPageLanguage } from '../../shared/page-language';
import { browserEnvironment } from '../support/environment';
import { languages, load, visit, type Visit } from '../support/visit';

/**
 * A thing keeps one name wherever a visitor meets it: a card that opens a
 * section is named like the section's page, and every page a hub's card
 * opens leads back by the hub's own title, in every language.
 */

const env = browserEnvironment();

/** The name each card shows and the address it leads to. */
async function cardLinks(cards: Locator, name: (card: Locator) => Locator): Promise<{ name: string; href: string }[]> {
  const found: { name: string; href: string }[] = [];
  for (const card of await cards.all()) {
    const link = card.locator('a').first();
    found.push({ name: (await name(card).textContent())!.trim(), href: (await link.getAttribute('href'))! });
  }
  return found;
}

const heading = ({ page }: Visit) => page.getByRole('heading', { level: 1 }).textContent().then((text) => text!.trim());

/** The home page's three product categories (its two other cards, tools and accessories, are shortcuts into a section's page). */
const sections = ['/tracteurs', '/pieces-detachees', '/materiel-agricole'];
/** A link's page at its Arabic address, as `load` takes it (the visit's language is added back). */
const arabicAddress = (href: string) => new URL(splitPageLanguage(new URL(href, env.stack.siteUrl).pathname).path, env.stack.siteUrl).href;
const withoutLanguage = (href: string) => new URL(arabicAddress(href)).pathname;

describe('names across pages', () => {
  test.each(languages)('a card that opens a section is named like the section’s page (%s)', async (language) => {
    const home = await visit(env.browser, env.stack.siteUrl, '/', language);
    const homeCards = (await cardLinks(home.page.locator('#products li'), (card) => card.locator('a > span > span').first())).filter(({ href }) =>
      sections.includes(withoutLanguage(href)),
    );
    expect(homeCards.map(({ href }) => withoutLanguage(href))).toEqual(sections);

    await load(home, `${env.stack.siteUrl}/pieces-detachees`);
    const hubCards = await cardLinks(home.page.locator('main li'), (card) => card.getByRole('heading', { level: 2 }));
    expect(hubCards).toHaveLength(6);

    for (const { name, href } of [...homeCards, ...hubCards]) {
      await load(home, arabicAddress(href));
      expect(await heading(home), href).toBe(name);
    }
    expect(home.errors).toEqual([]);
  });

  test.each(languages)('each page a hub’s card opens leads back by the hub’s title (%s)', async (language) => {
    for (const path of ['/materiel-agricole', '/pieces-detachees', '/pieces-detachees/ghiyar-3itad-zira3i']) {
      const hub = await visit(env.browser, env.stack.siteUrl, path, language);
      const title = await heading(hub);
      const hubPath = new URL(hub.page.url()).pathname;
      const cards = await cardLinks(hub.page.locator('main li'), (card) => card.getByRole('heading', { level: 2 }));
      expect(cards.length, path).toBeGreaterThanOrEqual(5);
      for (const { href } of cards) {
        await load(hub, arabicAddress(href));
        const back = (await hub.page.locator(`main a[href="${hubPath}"]`).first().textContent())!.trim();
        // "Back to agricultural equipment", "Retour au matériel agricole", "العودة إلى العتاد الفلاحي".
        expect(back.toLocaleLowerCase(language).endsWith(title.toLocaleLowerCase(language)), `${href}: "${back}" ends with "${title}"`).toBe(true);
      }
      expect(hub.errors).toEqual([]);
      await hub.page.close();
    }
  });
});
