/**
 * npm run bench:publish — publishes through the API of a fresh local stack,
 * as staff do, and follows each publish until it is done: a first publish
 * (the publisher's first run, its build loaded), a price change, one new
 * photo (a 2,400 × 1,600 JPEG), a text on every page (the footer's), the
 * same content again (nothing changed), and a rollback (the price change's
 * publish put back). For each: the wall time from the request to the
 * publish seen done (asked every 50 ms), the publisher's own time, and its
 * steps, pages rendered and files written or carried over, as it recorded
 * them with the publish. Baselines measured in the same run, in this process: every page
 * rendered once, and a whole publish as it was before publishes were
 * incremental (the photo made, every page rendered, every file written into
 * a new folder). Targets on a 2-core machine: price change ≤ 3 s wall, one new
 * photo ≤ 8 s, nothing changed ≤ 1 s. A benchmark, not a test: it prints
 * and writes perf-results/publish.md, and fails nothing.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { startLocalStack } from '../../infra/local/stack';
import { repoRoot } from '../../infra/paths';
import { createContentStore } from '../../lambdas/content/content-store';
import { withPublishedPhotos } from '../../lambdas/content/photos';
import { loadSiteBuild, renderSite } from '../../lambdas/content/render-site';
import { createSiteFolder } from '../../lambdas/content/site-folder';
import type { ContentResponse, PublishSummary } from '../../shared/admin-api';
import { tractors } from '../../shared/catalogue/tractors';
import type { ContentOverrides } from '../../shared/content/model';
import { freePorts } from '../../tests/support/local-stack';
import { adminFetch, signIn, uploadMedia } from '../../tests/support/staff';
import { documentClient } from '../../tests/support/submissions';

const targets: Record<string, number> = { 'a price change': 3_000, 'one new photo': 8_000, 'nothing changed': 1_000 };

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
process.env.POWERTOOLS_LOG_LEVEL ??= 'ERROR';

const dataDir = await mkdtemp(path.join(tmpdir(), 'agri-dealer-bench-publish-'));
const stack = await startLocalStack({ dataDir, ...freePorts, log: () => undefined });
const store = createContentStore(documentClient(stack), stack.tables.content);
const rows: string[][] = [];

try {
  const token = await signIn(stack, stack.admin.email, stack.admin.password);
  const api = async <T>(route: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
    const response = await adminFetch(stack, token, route, { method: init.method ?? 'GET', body: init.body === undefined ? undefined : JSON.stringify(init.body) });
    if (!response.ok) throw new Error(`${route} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  };

  /** Starts a publish and asks for it every 50 ms until it has ended: the wall time, and what it recorded. */
  const follow = async (label: string, start: () => Promise<PublishSummary>) => {
    const began = performance.now();
    let summary = await start();
    while (summary.state === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 50));
      summary = await api<PublishSummary>(`/api/admin/content/publishes/${encodeURIComponent(summary.publishId)}`);
    }
    const wallMs = performance.now() - began;
    if (summary.state !== 'done') throw new Error(`${label}: the publish ${summary.state}: ${summary.failure ?? ''}`);
    const work = (await store.publish(summary.publishId))?.work;
    const target = targets[label];
    rows.push([
      label,
      seconds(wallMs),
      seconds(summary.durationMs ?? 0),
      Object.entries(work?.steps ?? {}).map(([step, ms]) => `${step} ${seconds(ms)}`).join(', ') || '—',
      work ? `${work.written} / ${work.carried}` : '—',
      String(work?.rendered ?? '—'),
      String(summary.changed?.length ?? 0),
      target === undefined ? '' : wallMs <= target ? `≤ ${seconds(target)} s: met` : `≤ ${seconds(target)} s: MISSED`,
    ]);
    console.log(rows.at(-1)!.join(' | '));
    return summary;
  };
  const publishDraft = (label: string, draft: ContentOverrides) =>
    follow(label, async () => {
      const { savedAt } = await api<ContentResponse>('/api/admin/content');
      return api<PublishSummary>('/api/admin/content/publish', { method: 'POST', body: { draft, basedOn: savedAt ?? null } });
    });

  const tractor = tractors[1]!;
  await publishDraft('first publish (the publisher starts)', { texts: { 'site.home.heroTitle': { fr: 'Le matériel agricole, près de chez vous' } } });
  const priced: ContentOverrides = {
    texts: { 'site.home.heroTitle': { fr: 'Le matériel agricole, près de chez vous' } },
    catalogue: { tractors: { changed: { [tractor.id]: { priceDzd: 3_333_000 } } } },
  };
  const priceChange = await publishDraft('a price change', priced);

  const photoFile = path.join(dataDir, 'tractor.jpg');
  const noise = await sharp({ create: { width: 2_400, height: 1_600, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma: 40 } } }).png().toBuffer();
  await writeFile(photoFile, await sharp(noise).blur(3).jpeg({ quality: 85 }).toBuffer());
  const picture = await uploadMedia(stack, token, photoFile, 'image/jpeg');
  const withPhoto: ContentOverrides = {
    ...priced,
    catalogue: { tractors: { changed: { [tractor.id]: { priceDzd: 3_333_000, photo: { mediaId: picture.mediaId } } } } },
  };
  await publishDraft('one new photo', withPhoto);
  const footer: ContentOverrides = { ...withPhoto, texts: { ...withPhoto.texts, 'site.footer.rights': { fr: '© 2026 Matériel Agricole. Tous droits réservés.' } } };
  await publishDraft('a text on every page', footer);
  await publishDraft('nothing changed', footer);
  await follow('a rollback (to the price change)', () =>
    api<PublishSummary>(`/api/admin/content/publishes/${encodeURIComponent(priceChange.publishId)}/restore`, { method: 'POST', body: {} }),
  );

  // Baselines, in this process: rendering every page, and a whole publish of the last content as before.
  const build = await loadSiteBuild(path.join(repoRoot, 'build', 'web'));
  await renderSite(build, priced);
  const renderStart = performance.now();
  const { files } = await renderSite(build, priced);
  const renderMs = performance.now() - renderStart;
  const bytes = [...files.values()].reduce((sum, body) => sum + Buffer.byteLength(body), 0);
  rows.push([`baseline: every page rendered (${files.size} files, ${(bytes / 1e6).toFixed(1)} MB), in this process`, '', seconds(renderMs), '', '', String(htmlFiles(files)), '', '']);
  const photoBytes = await readFile(photoFile);
  const wholeStart = performance.now();
  const steps: Record<string, number> = {};
  let at = performance.now();
  const content = await withPublishedPhotos(footer, async () => photoBytes);
  await content.filesMade;
  steps.photos = performance.now() - at;
  at = performance.now();
  const { files: pages } = await renderSite(build, content.overrides);
  steps.render = performance.now() - at;
  at = performance.now();
  const whole = new Map<string, string | Buffer>([...pages, ...content.files]);
  await createSiteFolder(path.join(dataDir, 'baseline')).write('whole', whole);
  steps.write = performance.now() - at;
  rows.push([
    'baseline: a whole publish as before (the photo made, every page rendered, every file written), in this process',
    '',
    seconds(performance.now() - wholeStart),
    Object.entries(steps).map(([step, ms]) => `${step} ${seconds(ms)}`).join(', '),
    `${whole.size} / 0`,
    String(htmlFiles(pages)),
    '',
    '',
  ]);
} finally {
  await stack.stop();
  await rm(dataDir, { recursive: true, force: true });
}

function htmlFiles(files: Map<string, unknown>): number {
  return [...files.keys()].filter((file) => file.endsWith('.html')).length;
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(2);
}

const header = ['publish', 'wall (s)', 'publisher (s)', 'publisher steps (s)', 'files written / carried over', 'pages rendered', 'pages changed', 'target'];
const table = [header, header.map(() => '---'), ...rows].map((row) => `| ${row.join(' | ')} |`).join('\n');
console.log(`\n${table}`);
const out = path.join(repoRoot, 'perf-results');
await mkdir(out, { recursive: true });
await writeFile(path.join(out, 'publish.md'), `# npm run bench:publish\n\n${new Date().toISOString()}\n\n${table}\n`);
