/**
 * npm run bench:weight — the JavaScript a visitor downloads: on first load of
 * a page, and once they open the order form; and what the staff admin's
 * sign-in page loads (a build of its own, never loaded by the public pages).
 * Sizes are gzip (level 6) of the files as served, so runs compare across
 * builds. Needs `npm run build` first.
 *
 * Writes the table to perf-results/page-weight.md too.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { launchBrowser } from '../../tests/support/browser';
import { startTestStack } from '../../tests/support/local-stack';
import { removeTempDir } from '../../tests/support/temp-dir';
import { repoRoot } from '../../infra/paths';
import { gzippedSize, kb } from './lib/sizes';

interface Scenario {
  page: string;
  /** Opens the order form; its clicks are measured separately. */
  openForm?: string;
}

const scenarios: Scenario[] = [
  { page: '/' },
  { page: '/tracteurs', openForm: 'main li button:has-text("اطلب الآن")' },
  { page: '/admin/login' },
];

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
const { stack, dataDir } = await startTestStack();
const browser = await launchBrowser();
const rows: string[] = [];



try {
  for (const scenario of scenarios) {
    const { page } = await browser.newPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') scripts.add(response.url());
    });
    await page.goto(`${stack.siteUrl}${scenario.page}`, { waitUntil: 'networkidle' });
    const initial = new Set(scripts);
    let afterForm = '–';
    if (scenario.openForm) {
      await page.locator(scenario.openForm).first().click();
      await page.getByRole('dialog').locator('form').waitFor();
      await page.waitForLoadState('networkidle');
      const added = new Set([...scripts].filter((url) => !initial.has(url)));
      afterForm = `${kb(await gzippedSize(scripts))} (+${kb(await gzippedSize(added))} in ${added.size} files)`;
    }
    rows.push(`| ${scenario.page} | ${kb(await gzippedSize(initial))} (${initial.size} files) | ${afterForm} |`);
    await page.close();
  }
} finally {
  await browser.close();
  await stack.stop();
  await removeTempDir(dataDir);
}

const table = [
  '| page | JS on first load (gzip) | JS after opening the order form (gzip) |',
  '|---|---|---|',
  ...rows,
].join('\n');
console.log(table);
const out = path.join(repoRoot, 'perf-results');
await mkdir(out, { recursive: true });
await writeFile(path.join(out, 'page-weight.md'), `${table}\n`);
