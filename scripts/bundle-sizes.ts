/**
 * npm run bundle:sizes [-- --out <cdk.out>]
 *
 * Synthesizes the stack (functions bundled by the local esbuild, offline) and
 * prints each function's package: its code, source map and form schemas (and
 * for the publisher, the web build and sharp's native modules), and the zip
 * Lambda receives. Fails when a zip is over the budget the README gives, so
 * that a dependency that bloats every function is noticed.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { deflateRawSync } from 'node:zlib';
import { repoRoot } from '../infra/paths';

/** The most a function's zip may weigh, in KiB (README, "Deploying to AWS"). */
export const zipBudgetKiB = 600;
/**
 * A function that makes photos (the site's publisher, the order submission)
 * carries sharp's native code for Linux on ARM (libvips, about 9 MB zipped),
 * and the publisher the web build's page renderer too: their own budget, far
 * under Lambda's 50 MB for a zip.
 */
export const photoMakingZipBudgetKiB = 12 * 1024;
/**
 * The orders' export writes Excel files with exceljs, bundled (about 700 KiB
 * zipped, loaded only for a workbook): its own budget (docs/decisions/0022-the-dealers-inbox.md).
 */
export const workbookZipBudgetKiB = 1_536;
/**
 * The delivery worker signs and encrypts the notifications on staff phones with web-push, whose
 * key handling brings asn1.js and bn.js (about 37 KiB zipped, 119 KiB with its source map): its own
 * budget (docs/decisions/0022-the-dealers-inbox.md).
 */
export const deliveryWorkerZipBudgetKiB = 700;

const usage = 'Usage: npm run bundle:sizes [-- --out <folder>]   (synthesizes the dev stage with -c waf=off, offline)';
const { values } = parseArgs({ options: { out: { type: 'string' }, help: { type: 'boolean', default: false } } });
if (values.help) {
  console.log(`${usage}\n\nPrints each Lambda package's code, source map, form schemas and zip size; fails over ${zipBudgetKiB} KiB zipped (a function carrying sharp: ${photoMakingZipBudgetKiB} KiB).`);
  process.exit(0);
}

const outdir = values.out ?? mkdtempSync(path.join(os.tmpdir(), 'agri-dealer-bundles-'));
execFileSync('npx', ['cdk', 'synth', '--quiet', '-c', 'waf=off', '--output', outdir], {
  cwd: repoRoot,
  env: { ...process.env, CDK_DISABLE_VERSION_CHECK: '1' },
  stdio: ['ignore', 'ignore', 'inherit'],
});

type Resource = { Type: string; Properties: { Description?: string }; Metadata?: Record<string, string> };
const template = JSON.parse(readFileSync(path.join(outdir, 'AgriDealer-dev.template.json'), 'utf8')) as { Resources: Record<string, Resource> };
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );

const rows: string[][] = [];
let overBudget = false;
for (const [id, resource] of Object.entries(template.Resources)) {
  const assetPath = resource.Metadata?.['aws:asset:path'];
  if (resource.Type !== 'AWS::Lambda::Function' || !assetPath || !id.match(/^(Api|Deliveries|Publisher)/)) continue;
  const dir = path.join(outdir, assetPath);
  const files = filesUnder(dir);
  const size = (match: (file: string) => boolean) => files.filter(match).reduce((sum, file) => sum + statSync(file).size, 0);
  // Lambda's zip: each file deflated.
  const zip = files.reduce((sum, file) => sum + deflateRawSync(readFileSync(file), { level: 9 }).byteLength, 0);
  const budget = files.some((file) => file.includes(`${path.sep}node_modules${path.sep}sharp${path.sep}`))
    ? photoMakingZipBudgetKiB
    : id.startsWith('ApiAdminOrdersExport')
      ? workbookZipBudgetKiB
      : id.startsWith('DeliveriesDeliverSubmissions')
        ? deliveryWorkerZipBudgetKiB
        : zipBudgetKiB;
  overBudget ||= zip > budget * 1024;
  const inside = (folder: string) => (file: string) => file.startsWith(path.join(dir, folder) + path.sep);
  rows.push([
    id.replace(/[0-9A-F]{8}$/, ''),
    kib(size((file) => file === path.join(dir, 'index.mjs'))),
    kib(size((file) => file.endsWith('.map'))),
    kib(size(inside('form-schemas'))),
    kib(size(inside('site-build'))),
    kib(size(inside('node_modules'))),
    `${kib(zip)} / ${kib(budget * 1024)}`,
  ]);
}
const header = ['function', 'code', 'source map', 'form schemas', 'web build', 'node_modules', 'zip / budget'];
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
for (const row of [header, ...rows]) console.log(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
if (!values.out) rmSync(outdir, { recursive: true, force: true });
if (overBudget) {
  console.error(`\nA function's zip is over its budget.`);
  process.exit(1);
}
