import { describe, expect, test } from 'vitest';
import type { Language } from '../../shared/languages';
import { defaultCatalogue } from '../../shared/catalogue/defaults';
import { cataloguePaths, sparePartSectionPath } from '../../shared/catalogue/paths';
import { languages, load, visit } from '../support/visit';
import { launchBrowser } from '../support/browser';
import { seriousViolations } from '../support/axe';
import { browserEnvironment } from '../support/environment';

/**
 * axe-core, WCAG 2.1 A/AA, no serious or critical violation, on every public
 * route at its own address (`/fr/tracteurs`). The pages that are the only
 * one of their kind are checked in every language; the others, in turn, in
 * one language each: every kind of page (a category, a brand, a model…) has
 * enough routes in a row that each kind is checked in Arabic, right to left,
 * and in French and English, without checking each of the 75 routes three
 * times.
 */

const publicPaths = ['/', '/thank-you', '/forms/part-truck', '/pas-de-page-ici', ...cataloguePaths(defaultCatalogue)];
const onlyOfTheirKind = [
  ...publicPaths.slice(0, 4),
  '/tracteurs',
  '/materiel-agricole',
  '/materiel-agricole/autres',
  // The spare-part sections, each laid out its own way.
  ...defaultCatalogue.sparePartSections.map(({ id }) => sparePartSectionPath(id)),
  '/pieces-detachees',
];
const walks: { language: Language; paths: string[] }[] = languages.map((language, turn) => ({
  language,
  paths: publicPaths.filter((path, index) => onlyOfTheirKind.includes(path) || index % languages.length === turn),
}));

const env = browserEnvironment();

describe('accessibility', () => {
  // The walks run side by side, each in its own browser.
  test(`every public route (${publicPaths.length}), in ar, fr or en in turn, has no serious or critical violation`, { timeout: 300_000 }, async () => {
    const found = await Promise.all(
      walks.map(async ({ language, paths }) => {
        const browser = await launchBrowser();
        try {
          const tab = await visit(browser, env.stack.siteUrl, paths[0]!, language);
          const violations: Record<string, string[]> = {};
          for (const path of paths) {
            if (path !== paths[0]) await load(tab, `${env.stack.siteUrl}${path}`);
            const serious = await seriousViolations(tab.page);
            if (serious.length > 0) violations[`${language} ${path}`] = serious;
          }
          return violations;
        } finally {
          await browser.close();
        }
      }),
    );
    expect(Object.assign({}, ...found)).toEqual({});
  });

  test.each(languages)('an open order form, with its errors shown, has no serious or critical violation (%s)', async (language) => {
    const visited = await visit(env.browser, env.stack.siteUrl, '/materiel-agricole/moussem-el-harth', language);
    await visited.page.locator('main li button').first().click();
    await visited.page.getByRole('dialog').locator('form').waitFor();
    await visited.page.getByRole('dialog').locator('button[type=submit]').first().click();
    await visited.page.getByRole('dialog').locator('[id$="__error"]').first().waitFor();
    expect(await seriousViolations(visited.page)).toEqual([]);
  });
});
