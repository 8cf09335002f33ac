import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PublishProgress } from '../../shared/admin-api';
import { contentChanges, maxListedChanges } from '../../shared/content/changes';
import type { ContentOverrides } from '../../shared/content/model';
import { fallbackPageFile, fallbackPageFileIn } from '../../shared/content/renderer';
import { languages } from '../../shared/languages';
import type { ContentStore, StoredPublish } from './content-store';
import { withPublishedPhotos } from './photos';
import type { ReadPicture } from './pictures';
import { renderSite, type SiteBuild } from './render-site';
import { pageDigest, type SiteFolder } from './site-folder';

/**
 * A publish: every page rendered with the content, in memory first (a page
 * that fails to render stops the publish before anything is written), then
 * written into a folder of its own beside the live pages, and put live in
 * one step. It reports how far it has gone as it works.
 */
export interface PublishRequest {
  build: SiteBuild;
  /** The web build's folder (`build/web`): its prerendered pages are the site before the first publish. */
  buildDir: string;
  site: SiteFolder;
  store: ContentStore;
  /** The publish, as recorded when it started (running). */
  publish: StoredPublish;
  /** The library pictures' originals, for the photos staff chose. */
  readPicture: ReadPicture;
  /** Told how far the publish has gone, after each picture, page and file; awaited. */
  report?: (progress: PublishProgress) => unknown;
}

/** Runs the publish and records it done; throws, with the live site unchanged, when a step fails. */
export async function publishSite({ build, buildDir, site, store, publish, readPicture, report }: PublishRequest): Promise<StoredPublish> {
  const started = performance.now();
  const { pages, files } = await renderContent(build, publish.overrides, readPicture, report);
  const before = (await site.livePages()) ?? (await buildPages(build, buildDir));
  await writeSite(site, publish.publishId, pages, files, report);
  const previous = await store.live();
  await store.setLive(publish.publishId);
  try {
    await site.goLive(publish.publishId, [...pages.keys()]);
  } catch (error) {
    // The store names the live publish for the next deploy: put back the one the site still shows.
    if (previous) await store.setLive(previous.publishId);
    throw error;
  }
  const done = {
    state: 'done' as const,
    pages: [...pages.keys()].filter(isPage).length,
    changed: changedPages(before, pages),
    changes: contentChanges(previous?.overrides ?? {}, publish.overrides).slice(0, maxListedChanges),
    durationMs: Math.round(performance.now() - started),
  };
  await store.updatePublish(publish.publishId, done);
  const { progress: _progress, ...summary } = publish;
  return { ...summary, ...done };
}

/** Digests of the pages the build prerendered, as served before any publish. */
async function buildPages(build: SiteBuild, buildDir: string): Promise<Map<string, string>> {
  const files = [...build.renderer.publishedPages({}).map((page) => page.file), ...languages.map(fallbackPageFileIn)];
  const pages = new Map<string, string>();
  for (const file of files) pages.set(file, pageDigest(await readFile(path.join(buildDir, 'client', file), 'utf8').catch(() => '')));
  return pages;
}

/** A page's HTML (each language's fallback page included), not a sitemap. */
const isPage = (file: string) => file.endsWith('.html');

/** The page addresses whose HTML differs from the digests before, added and removed pages included, sorted. */
function changedPages(before: Map<string, string>, after: Map<string, string>): string[] {
  const files = new Set([...before.keys(), ...after.keys()].filter(isPage));
  return [...files]
    .filter((file) => before.get(file) !== (after.has(file) ? pageDigest(after.get(file)!) : undefined))
    .map((file) => (file.endsWith(fallbackPageFile) ? file : `/${file.replace(/\/?index\.html$/, '')}`))
    .sort();
}

/**
 * The live content's pages rendered again with this build (after a deploy,
 * or at `npm start`) and put live in a folder of their own: the pages then
 * load the build's scripts, and the build's defaults never come back over
 * published content. Without a publish, the build's defaults are rendered.
 */
export async function renderAgain({
  build,
  site,
  readPicture,
  live,
}: Pick<PublishRequest, 'build' | 'site' | 'readPicture'> & { live: StoredPublish | undefined }): Promise<{ folder: string; pages: number }> {
  const folder = `${live?.publishId ?? 'build'}~${Date.now().toString(36)}`;
  const { pages, files } = await renderContent(build, live?.overrides ?? {}, readPicture);
  await writeSite(site, folder, pages, files);
  await site.goLive(folder, [...pages.keys()]);
  return { folder, pages: pages.size };
}

/** The pages and picture files of a content, its chosen photos made into the build's formats. */
async function renderContent(build: SiteBuild, overrides: ContentOverrides, readPicture: ReadPicture, report?: PublishRequest['report']) {
  const published = await withPublishedPhotos(overrides, readPicture, report && ((done, total) => report({ step: 'pictures', done, total })));
  const pages = await renderSite(build, published.overrides, report && ((done, total) => report({ step: 'pages', done, total })));
  return { pages, files: published.files };
}

function writeSite(site: SiteFolder, folder: string, pages: Map<string, string>, files: Map<string, Buffer>, report?: PublishRequest['report']) {
  const all = new Map<string, string | Buffer>([...pages, ...files]);
  return site.write(folder, all, report && ((done) => report({ step: 'files', done, total: all.size })));
}
