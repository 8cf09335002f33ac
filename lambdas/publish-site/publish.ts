import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PublishSummary } from '../../shared/admin-api';
import type { ContentOverrides } from '../../shared/content/model';
import { fallbackPageFile, fallbackPageFileIn } from '../../shared/content/renderer';
import { languages } from '../../shared/languages';
import type { ContentStore, StoredPublish } from '../lib/content-store';
import { withPublishedPhotos } from './photos';
import type { ReadPicture } from './pictures';
import { renderSite, type SiteBuild } from './render-site';
import type { SiteFolder } from './site-folder';

/**
 * A publish: every page rendered with the content, in memory first (a page
 * that fails to render stops the publish before anything is written), then
 * written beside the live pages, recorded, and put live in one step.
 */
export interface PublishRequest {
  build: SiteBuild;
  /** The web build's folder (`build/web`): its prerendered pages are the site before the first publish. */
  buildDir: string;
  site: SiteFolder;
  store: ContentStore;
  overrides: ContentOverrides;
  /** The library pictures' originals, for the photos staff chose. */
  readPicture: ReadPicture;
  publishedBy: string;
  restoredFrom?: string;
}

export async function publishSite({ build, buildDir, site, store, overrides, readPicture, publishedBy, restoredFrom }: PublishRequest): Promise<StoredPublish> {
  const started = performance.now();
  const publishedAt = new Date().toISOString();
  const publishId = `${publishedAt}~${randomBytes(3).toString('hex')}`;
  const { pages, files } = await renderContent(build, overrides, readPicture);
  const before = (await site.livePages()) ?? (await buildPages(build, buildDir));
  await site.write(publishId, new Map<string, string | Buffer>([...pages, ...files]));
  const publish: StoredPublish = {
    publishId,
    publishedAt,
    publishedBy,
    pages: [...pages.keys()].filter(isPage).length,
    changed: changedPages(before, pages),
    durationMs: Math.round(performance.now() - started),
    ...(restoredFrom && { restoredFrom }),
    overrides,
  };
  await store.addPublish(publish);
  await site.goLive(publishId);
  await store.setLive(publishId);
  return publish;
}

/** The pages the build prerendered, as served before any publish. */
async function buildPages(build: SiteBuild, buildDir: string): Promise<Map<string, string>> {
  const files = [...build.renderer.publishedPages({}).map((page) => page.file), ...languages.map(fallbackPageFileIn)];
  const pages = new Map<string, string>();
  for (const file of files) pages.set(file, await readFile(path.join(buildDir, 'client', file), 'utf8').catch(() => ''));
  return pages;
}

/** A page's HTML (each language's fallback page included), not a sitemap. */
const isPage = (file: string) => file.endsWith('.html');

/** The page addresses whose HTML differs, added and removed pages included, sorted. */
function changedPages(before: Map<string, string>, after: Map<string, string>): string[] {
  const files = new Set([...before.keys(), ...after.keys()].filter(isPage));
  return [...files]
    .filter((file) => before.get(file) !== after.get(file))
    .map((file) => (file.endsWith(fallbackPageFile) ? file : `/${file.replace(/\/?index\.html$/, '')}`))
    .sort();
}

export type { PublishSummary };

/**
 * A publish's pages rendered again with this build (after a deploy, or at
 * `npm start`) and put live: the pages then load the build's scripts, and
 * the build's defaults never come back over published content.
 */
export async function renderAgain({
  build,
  site,
  readPicture,
  publish,
}: Pick<PublishRequest, 'build' | 'site' | 'readPicture'> & { publish: StoredPublish }): Promise<void> {
  const folder = `${publish.publishId}~${Date.now().toString(36)}`;
  const { pages, files } = await renderContent(build, publish.overrides, readPicture);
  await site.write(folder, new Map<string, string | Buffer>([...pages, ...files]));
  await site.goLive(folder);
}

/** The pages and picture files of a content, its chosen photos made into the build's formats. */
async function renderContent(build: SiteBuild, overrides: ContentOverrides, readPicture: ReadPicture) {
  const published = await withPublishedPhotos(overrides, readPicture);
  return { pages: await renderSite(build, published.overrides), files: published.files };
}
