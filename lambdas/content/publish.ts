import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PublishProgress } from '../../shared/admin-api';
import { contentChanges, maxListedChanges } from '../../shared/content/changes';
import type { ContentPart } from '../../shared/content/content-parts';
import type { ContentOverrides } from '../../shared/content/model';
import { fallbackPageFile, fallbackPageFileIn } from '../../shared/content/renderer';
import { languages } from '../../shared/languages';
import type { ContentStore, PublishWork, StoredPublish } from './content-store';
import { withPublishedPhotos, type PublishedContent } from './photos';
import type { ReadPicture } from './pictures';
import { renderSite, type RenderedSite, type SiteBuild } from './render-site';
import { pageDigest, type LiveSite, type SiteFolder } from './site-folder';
import {
  bytesDigest,
  contentDigests,
  pageDigests,
  sameInputs,
  siteManifestFile,
  unchangedPages,
  type FileDigests,
  type SiteInputs,
  type SiteManifest,
} from './site-manifest';

/**
 * A publish: the pages rendered with the content, in memory first (a page
 * that fails to render stops the publish before anything is written), then
 * put into a folder of its own beside the live pages, and put live in one
 * step. Only the pages one of whose parts of the content changed are
 * rendered again, only the files whose bytes differ from the live site's are
 * written; the others are carried over from it, and photos already made are
 * not made again (./site-manifest.ts). A content the live site already
 * shows, with this build, is done at once. It reports how far it has gone
 * as it works.
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
  const work = workRecorder();
  const live = await work.timed('compare', () => site.liveSite());
  const content = await work.timed('photos', () => publishedPhotos(publish.overrides, readPicture, live, report));
  const inputs: SiteInputs = { build: build.id, overrides: content.overrides, photos: content.photos };
  const previous = await store.live();
  const finished = async (pages: number, changed: string[]) => {
    const done = {
      state: 'done' as const,
      pages,
      changed,
      changes: contentChanges(previous?.overrides ?? {}, publish.overrides).slice(0, maxListedChanges),
      durationMs: Math.round(performance.now() - started),
      work: work.summary(),
    };
    await store.updatePublish(publish.publishId, done);
    const { progress: _progress, ...summary } = publish;
    return { ...summary, ...done };
  };

  if (live?.manifest.inputs && sameInputs(live.manifest.inputs, inputs)) {
    // The live site is this content rendered by this build: nothing to write, nothing to put live.
    await store.setLive(publish.publishId);
    return finished(Object.keys(live.manifest.files).filter(isPage).length, []);
  }

  // A page of the live site rendered by this build from the same changes to the parts it read is the same page: it is carried over.
  const digestOf = contentDigests(content.overrides);
  const unchanged = live?.manifest.inputs?.build === build.id ? unchangedPages(live.manifest, digestOf) : undefined;
  const onPage = report && ((done: number, total: number) => report({ step: 'pages', done, total }));
  const rendered = await work.timed('render', () => renderSite(build, content.overrides, { unchanged, onPage }));
  const before = live ? pageDigests(live.manifest) : await work.timed('compare', () => buildPages(build, buildDir));
  await work.timed('photos', () => content.filesMade);
  const plan = sitePlan(inputs, rendered, content, live, digestOf);
  await work.timed('write', () => writeSite(site, publish.publishId, plan, live, report));
  work.files(plan.write.size, plan.carry.length, rendered.parts.size);
  await store.setLive(publish.publishId);
  const files = [...rendered.files.keys(), ...rendered.kept];
  try {
    await work.timed('goLive', () => site.goLive(publish.publishId, files));
  } catch (error) {
    // The store names the live publish for the next deploy: put back the one the site still shows.
    if (previous) await store.setLive(previous.publishId);
    throw error;
  }
  return finished(files.filter(isPage).length, changedPages(before, pageDigests(plan.manifest)));
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

/** The page addresses whose digest differs before and after, added and removed pages included, sorted. */
function changedPages(before: Map<string, string>, after: Map<string, string>): string[] {
  const files = new Set([...before.keys(), ...after.keys()].filter(isPage));
  return [...files]
    .filter((file) => before.get(file) !== after.get(file))
    .map((file) => (file.endsWith(fallbackPageFile) ? file : `/${file.replace(/\/?index\.html$/, '')}`))
    .sort();
}

/**
 * The live content's pages rendered again with this build (after a deploy,
 * or at `npm start`) and put live in a folder of their own: the pages then
 * load the build's scripts, and the build's defaults never come back over
 * published content. Without a publish, the build's defaults are rendered.
 * Every file is written and every photo made afresh: a deploy starts from
 * nothing the live site holds.
 */
export async function renderAgain({
  build,
  site,
  readPicture,
  live,
}: Pick<PublishRequest, 'build' | 'site' | 'readPicture'> & { live: StoredPublish | undefined }): Promise<{ folder: string; pages: number }> {
  const folder = `${live?.publishId ?? 'build'}~${Date.now().toString(36)}`;
  const content = await publishedPhotos(live?.overrides ?? {}, readPicture, undefined);
  const rendered = await renderSite(build, content.overrides);
  await content.filesMade;
  const plan = sitePlan({ build: build.id, overrides: content.overrides, photos: content.photos }, rendered, content, undefined, contentDigests(content.overrides));
  await writeSite(site, folder, plan, undefined);
  await site.goLive(folder, [...rendered.files.keys()]);
  return { folder, pages: rendered.files.size };
}

/** The content's chosen photos made into the site's formats, those the live site already has taken from it. */
function publishedPhotos(overrides: ContentOverrides, readPicture: ReadPicture, live: LiveSite | undefined, report?: PublishRequest['report']) {
  // A photo counts as made only when the live site holds all its files.
  const made = Object.fromEntries(
    Object.entries(live?.manifest.inputs?.photos ?? {}).filter(([, photo]) => photo.files.every((file) => live!.manifest.files[file])),
  );
  return withPublishedPhotos(overrides, readPicture, report && ((done, total) => report({ step: 'pictures', done, total })), made);
}

interface SitePlan {
  /** The files to write: those new or changed, and the manifest. */
  write: Map<string, string | Buffer>;
  /** The files the live site holds with the same bytes, to carry over. */
  carry: string[];
  manifest: SiteManifest;
}

/** Which of the site's files to write and which to carry over from the live site, and the new site's manifest. */
function sitePlan(
  inputs: SiteInputs,
  rendered: RenderedSite,
  content: PublishedContent,
  live: LiveSite | undefined,
  digestOf: (parts: readonly ContentPart[]) => string,
): SitePlan {
  const manifest: SiteManifest = { inputs, files: {} };
  const write = new Map<string, string | Buffer>();
  const carry: string[] = [];
  for (const [file, body] of [...rendered.files, ...content.files]) {
    const parts = rendered.parts.get(file);
    const digests: FileDigests = {
      sha256: bytesDigest(body),
      ...(isPage(file) && { page: pageDigest(body) }),
      ...(parts && { parts, content: digestOf(parts) }),
    };
    manifest.files[file] = digests;
    if (live?.manifest.files[file]?.sha256 === digests.sha256) carry.push(file);
    else write.set(file, body);
  }
  // The pages not rendered again: the live site's, as they are.
  for (const file of rendered.kept) {
    manifest.files[file] = live!.manifest.files[file]!;
    carry.push(file);
  }
  // The photos made before: their files are the live site's.
  for (const photo of Object.values(content.photos)) {
    for (const file of photo.files) {
      if (manifest.files[file] || !live?.manifest.files[file]) continue;
      manifest.files[file] = live.manifest.files[file];
      carry.push(file);
    }
  }
  write.set(siteManifestFile, JSON.stringify(manifest));
  return { write, carry, manifest };
}

function writeSite(site: SiteFolder, folder: string, { write, carry }: SitePlan, live: LiveSite | undefined, report?: PublishRequest['report']) {
  return site.write(folder, write, report && ((done) => report({ step: 'files', done, total: write.size })), live && { from: live.folder, files: carry });
}

/** What a publish spent its time on, for operators (kept with the publish, not shown to staff). */
function workRecorder() {
  const steps: Record<string, number> = {};
  const counts = { written: 0, carried: 0, rendered: 0 };
  return {
    async timed<T>(step: string, run: () => Promise<T>): Promise<T> {
      const start = performance.now();
      try {
        return await run();
      } finally {
        steps[step] = Math.round((steps[step] ?? 0) + performance.now() - start);
      }
    },
    files(written: number, carried: number, rendered: number) {
      Object.assign(counts, { written, carried, rendered });
    },
    summary: (): PublishWork => ({ steps: { ...steps }, ...counts }),
  };
}
