/**
 * npm run perf — builds the site, serves it on the local stack and runs
 * Lighthouse (mobile, Debian Chromium) three times on each key page, in
 * Arabic, French and English. Reports the median run: the four category scores,
 * LCP, TBT, CLS, and the gzipped JavaScript and total bytes the page loads.
 * A benchmark, not a test: it prints and writes perf-results/lighthouse.md,
 * and fails nothing.
 *
 * Targets: every score 100, LCP ≤ 1.0 s, initial JS ≤ 110 KB gzipped.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startLocalStack } from '../../infra/local/stack';
import { pathInLanguage } from '../../shared/page-language';
import { chromiumArgs } from '../../tests/support/browser';
import { repoRoot } from '../../infra/paths';
import { gzippedSize, kb } from './lib/sizes';

const keyPages = ['/', '/tracteurs', '/materiel-agricole/moussem-el-harth', '/pieces-detachees/wheeled-tractors'];
/** Each key page in Arabic and at its French and English addresses (Latin text, left to right, its own font). */
const pages = [...keyPages, ...keyPages.map((page) => pathInLanguage(page, 'fr')), ...keyPages.map((page) => pathInLanguage(page, 'en'))];
const runsPerPage = Number(process.env.PERF_RUNS ?? 3);

interface Measure {
  scores: Record<'performance' | 'accessibility' | 'best-practices' | 'seo', number>;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
  totalBytes: number;
}

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
if (!process.argv.includes('--no-build')) execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });

const dataDir = await mkdtemp(path.join(tmpdir(), 'agri-dealer-perf-'));
const stack = await startLocalStack({
  dataDir,
  sitePort: 0,
  dynamoDbPort: 0,
  s3Port: 0,
  cognitoPort: 0,
  relayPort: 0,
  sesPort: 0,
  lambdaPort: 0,
  log: () => undefined,
});
const rows: string[] = [];
const results: Record<string, Measure> = {};

try {
  for (const page of pages) {
    const runs: Measure[] = [];
    for (let run = 0; run < runsPerPage; run++) runs.push(await audit(`${stack.siteUrl}${page}`));
    const median = runs.sort((a, b) => a.scores.performance - b.scores.performance || a.lcpMs - b.lcpMs)[Math.floor(runs.length / 2)]!;
    results[page] = median;
    const s = median.scores;
    rows.push(
      `| ${page} | ${s.performance} | ${s.accessibility} | ${s['best-practices']} | ${s.seo} | ${(median.lcpMs / 1000).toFixed(2)} s | ${Math.round(median.tbtMs)} ms | ${median.cls.toFixed(3)} | ${kb(median.jsBytes)} | ${kb(median.totalBytes)} |`,
    );
    console.log(rows.at(-1));
  }
} finally {
  await stack.stop();
  await rm(dataDir, { recursive: true, force: true });
}

const table = [
  `Lighthouse ${lighthouseVersion()} mobile, median of ${runsPerPage} runs, ${new Date().toISOString().slice(0, 10)}`,
  '',
  '| page | perf | a11y | best practices | SEO | LCP | TBT | CLS | JS loaded (gzip) | all bytes (transferred) |',
  '|---|---|---|---|---|---|---|---|---|---|',
  ...rows,
].join('\n');
console.log(`\n${table}`);
const out = path.join(repoRoot, 'perf-results');
await mkdir(out, { recursive: true });
await writeFile(path.join(out, 'lighthouse.md'), `${table}\n`);
await writeFile(path.join(out, 'lighthouse.json'), `${JSON.stringify(results, null, 2)}\n`);

async function audit(url: string): Promise<Measure> {
  const profile = await mkdtemp(path.join(tmpdir(), 'agri-dealer-lighthouse-'));
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: chromiumArgs,
    userDataDir: profile,
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error' });
    const lhr = result!.lhr;
    const score = (id: keyof Measure['scores']) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const requests = (lhr.audits['network-requests']?.details as { items?: { url: string; resourceType?: string }[] } | undefined)?.items ?? [];
    return {
      scores: { performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'), seo: score('seo') },
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      jsBytes: await gzippedSize(requests.filter((r) => r.resourceType === 'Script').map((r) => r.url)),
      totalBytes: numeric('total-byte-weight'),
    };
  } finally {
    chrome.kill();
    await rm(profile, { recursive: true, force: true });
  }
}



function lighthouseVersion(): string {
  return (execFileSync(process.execPath, ['-p', "require('lighthouse/package.json').version"], { cwd: repoRoot }) + '').trim();
}
