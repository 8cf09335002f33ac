import { describe, expect, test } from 'vitest';
import { defaultCatalogue } from '../../shared/catalogue/defaults';
import { cataloguePaths } from '../../shared/catalogue/paths';
import { languages, load, visit } from '../support/visit';
import { launchBrowser } from '../support/browser';
import { seriousViolations } from '../support/axe';
import { browserEnvironment } from '../support/environment';

/**
 * axe-core on every public route, in every language, each at its own
 * address (`/fr/tracteurs`): no serious or critical violation of WCAG 2.1
 * A/AA. One tab per language, walking all routes.
 */

const publicPaths = ['/', '/thank-you', '/forms/part-truck', '/pas-de-page-ici', ...cataloguePaths(defaultCatalogue)];

const env = browserEnvironment();

describe('accessibility', () => {
  // The three languages walk their addresses side by side, each in its own browser.
  test(`every public route (${publicPaths.length}) in ar, fr and en has no serious or critical violation`, { timeout: 300_000 }, async () => {
    const found = await Promise.all(
      languages.map(async (language) => {
        const browser = await launchBrowser();
        const tab = await visit(browser, env.stack.siteUrl, publicPaths[0]!, language);
        const violations: Record<string, string[]> = {};
        for (const path of publicPaths) {
          if (path !== publicPaths[0]) await load(tab, `${env.stack.siteUrl}${path}`);
          const serious = await seriousViolations(tab.page);
          if (serious.length > 0) violations[`${language} ${path}`] = serious;
        }
        await browser.close();
        return violations;
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
