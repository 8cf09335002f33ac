/**
 * npm run bench:weight — the JavaScript a visitor downloads: on first load of
 * a page, and once they open the order form; and what the staff admin's
 * sign-in page loads (a build of its own, never loaded by the public pages).
 * Then the catalogue search: what using the field adds (its code and its
 * index, fetched only then) and what a query costs on a mid phone (Chromium's
 * CPU slowed 4×, the median and the slowest of 20 queries, the same queries
 * at full speed beside them).
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
let searchRow = '';

/** Queries as farmers type them: names in three languages, misspelt, with Arabic-Indic digits. */
const queries = ['massey 440', 'ماسى فيرجسون ٤٤٠', 'sonalika di 75', 'deuts agrolux', 'charrue disques', 'worldtrak 90', 'جرافه', 'rotavator', 'pulverisateur 600', 'موتور'];

async function measureSearch(): Promise<string> {
  const { page } = await browser.newPage();
  const loaded = new Set<string>();
  page.on('response', (response) => loaded.add(response.url()));
  await page.goto(`${stack.siteUrl}/`, { waitUntil: 'networkidle' });
  const before = new Set(loaded);
  await page.locator('header').getByRole('button', { name: 'بحث', exact: true }).click();
  const field = page.locator('header').getByRole('searchbox');
  await field.fill(queries[0]!);
  await page.locator('header [role=search] li a').first().waitFor();
  const added = [...loaded].filter((url) => !before.has(url));
  const code = added.filter((url) => url.endsWith('.js'));
  const index = added.filter((url) => url.endsWith('/search-index.json'));

  const timings = async () => {
    await page.evaluate(() => performance.clearMeasures('catalogue-search'));
    for (const query of [...queries, ...queries]) {
      await field.fill(query);
      await page.waitForTimeout(50);
    }
    const durations = await page.evaluate(() => performance.getEntriesByName('catalogue-search').map((entry) => entry.duration));
    durations.sort((a, b) => a - b);
    // A query runs at each render of the results; the slowest per query typed is what the farmer waits.
    return { median: durations[Math.floor(durations.length / 2)]!, slowest: durations.at(-1)! };
  };
  const fast = await timings();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const slow = await timings();
  await page.close();
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return `| index (${index.length} file) + code (${code.length} files), on first use | ${kb(await gzippedSize(index))} + ${kb(await gzippedSize(code))} | ${ms(slow.median)} / ${ms(slow.slowest)} | ${ms(fast.median)} / ${ms(fast.slowest)} |`;
}



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
  searchRow = await measureSearch();
} finally {
  await browser.close();
  await stack.stop();
  await removeTempDir(dataDir);
}

const table = [
  '| page | JS on first load (gzip) | JS after opening the order form (gzip) |',
  '|---|---|---|',
  ...rows,
  '',
  '| catalogue search | gzip | query time, CPU 4× slower (median / slowest of 20) | same queries at full speed |',
  '|---|---|---|---|',
  searchRow,
].join('\n');
console.log(table);
const out = path.join(repoRoot, 'perf-results');
await mkdir(out, { recursive: true });
await writeFile(path.join(out, 'page-weight.md'), `${table}\n`);
