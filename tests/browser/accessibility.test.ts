import AxeBuilder from '@axe-core/playwright';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { LocalStack } from '../../infra/local/stack';
import { cataloguePaths } from '../../web/app/catalogue/paths';
import { launchBrowser, type TestBrowser } from '../support/browser';
import { startTestStack } from '../support/local-stack';
import { removeTempDir } from '../support/temp-dir';
import { languages, load, visit, type Visit } from '../support/visit';

/**
 * axe-core on every public route, in every language: no serious or critical
 * violation of WCAG 2.1 A/AA. One tab per language, walking all routes.
 */

const publicPaths = ['/', '/tracteurs', '/thank-you', '/forms/part-truck', '/pas-de-page-ici', ...cataloguePaths()];

let stack: LocalStack;
let dataDir: string;
let browser: TestBrowser;

beforeAll(async () => {
  ({ stack, dataDir } = await startTestStack());
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
  await removeTempDir(dataDir);
});

async function seriousViolations({ page }: Visit): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
}

describe.each(languages)('accessibility in %s', (language) => {
  test(`every public route (${publicPaths.length}) has no serious or critical violation`, { timeout: 240_000 }, async () => {
    const first = await visit(browser, stack.siteUrl, publicPaths[0]!, language);
    const found: Record<string, string[]> = {};
    for (const path of publicPaths) {
      if (path !== publicPaths[0]) await load(first, `${stack.siteUrl}${path}`);
      const violations = await seriousViolations(first);
      if (violations.length > 0) found[path] = violations;
    }
    expect(found).toEqual({});
  });

  test('an open order form has no serious or critical violation', async () => {
    const visited = await visit(browser, stack.siteUrl, '/materiel-agricole/moussem-el-harth', language);
    await visited.page.locator('main li button').first().click();
    await visited.page.getByRole('dialog').locator('form').waitFor();
    // Errors shown too: submit the empty form.
    await visited.page.getByRole('dialog').locator('button[type=submit]').first().click();
    await visited.page.getByRole('dialog').locator('[id$="__error"]').first().waitFor();
    expect(await seriousViolations(visited)).toEqual([]);
  });
});
