import { describe, expect, it } from 'vitest';
import type { PublishProgress } from '../../shared/admin-api';
import { asSeen, publishStalledAfterMs, type ContentStore, type PublishChanges, type StoredPublish } from '../../lambdas/content/content-store';
import { publishSite } from '../../lambdas/content/publish';
import type { SiteBuild } from '../../lambdas/content/render-site';
import { manifestOfPages, type LiveSite, type SiteFolder } from '../../lambdas/content/site-folder';
import type { SiteManifest } from '../../lambdas/content/site-manifest';
import type { PageRenderer } from '../../shared/content/renderer';

/**
 * A publish either puts every page live or leaves the live site as it was:
 * a page that fails to render writes nothing, and a site that cannot be put
 * live leaves the earlier publish named live. It says how far it has gone.
 */

const paths = ['/', '/tracteurs', '/thank-you'];

function build(failOn?: string, id = 'build-1'): SiteBuild {
  const renderer: PageRenderer = {
    siteUrl: 'https://dealer.example',
    publishedPages: () => paths.map((path) => ({ path, language: 'ar', file: `${path.slice(1)}${path === '/' ? '' : '/'}index.html` })),
    renderPage: async (path, { overrides }) => {
      if (path === failOn) throw new Error(`${path} failed to render`);
      // Only the tractors page shows the content: the dealer's details.
      const shown = path === '/tracteurs' ? JSON.stringify(overrides.dealer ?? {}) : '';
      return { html: `<html><head></head><body>${path ?? 'fallback'}${shown}</body></html>`, parts: path === '/tracteurs' ? ['dealer'] : [] };
    },
    completePage: (html) => html,
    pageSource: () => 'app/routes/page.tsx',
    dataFiles: () => ({ 'search-index.json': '[]' }),
  };
  return { id, renderer, entryFile: 'assets/entry.js', chunks: { 'app/routes/page.tsx': { file: 'assets/page.js' } }, inlineStyles: '' };
}

function recorder(options: { failRecording?: boolean; failGoingLive?: boolean } = {}) {
  const steps: string[] = [];
  const written = new Map<string, string | Buffer>();
  let live: LiveSite | undefined = { folder: 'earlier', manifest: manifestOfPages([['index.html', 'old home']]) };
  const site: SiteFolder = {
    liveSite: async () => live,
    write: async (folder, files, onWritten, carried) => {
      for (let done = 1; done <= files.size; done++) await onWritten?.(done);
      for (const [file, body] of files) written.set(`${folder}/${file}`, body);
      steps.push(`write ${files.size} files${carried ? `, carry ${carried.files.length} from ${carried.from}` : ''}`);
    },
    goLive: async (folder) => {
      if (options.failGoingLive) throw new Error('routing store down');
      steps.push(`go live ${folder}`);
      live = { folder, manifest: JSON.parse(written.get(`${folder}/site-manifest.json`) as string) as SiteManifest };
    },
  };
  const store = {
    live: async () => ({ publishId: 'earlier' }),
    setLive: async (publishId: string) => void steps.push(`set live ${publishId}`),
    updatePublish: async (publishId: string, changes: PublishChanges) => {
      if (options.failRecording) throw new Error('store down');
      steps.push(`record ${publishId} ${changes.state} ${changes.pages}`);
    },
  } as unknown as ContentStore;
  return { steps, written, site, store };
}

const running: StoredPublish = { publishId: 'new', publishedAt: '2026-11-25T10:00:00.000Z', publishedBy: 'admin@agri-dealer.test', state: 'running', overrides: {} };

const request = (site: SiteFolder, store: ContentStore, siteBuild: SiteBuild, report?: (progress: PublishProgress) => void) => ({
  build: siteBuild,
  buildDir: '/nowhere',
  site,
  store,
  publish: running,
  readPicture: async () => undefined,
  report,
});

describe('publishSite', () => {
  it('writes every page, names it live in the store, puts it live, then records it done, and says what changed', async () => {
    const { steps, site, store } = recorder();
    const publish = await publishSite(request(site, store, build()));
    // The pages, each language's fallback page, then the sitemaps and robots.txt, which are not pages.
    // Twelve files and the site's manifest; the live site shares none of them.
    expect(steps).toEqual(['write 13 files, carry 0 from earlier', 'set live new', 'go live new', 'record new done 6']);
    expect(publish).toMatchObject({
      state: 'done',
      pages: 6,
      changed: ['/', '/thank-you', '/tracteurs', '__spa-fallback.html', 'en/__spa-fallback.html', 'fr/__spa-fallback.html'],
    });
  });

  it("reports how far it has gone: every page (each language's fallback page included), then every file written", async () => {
    const { site, store } = recorder();
    const reported: PublishProgress[] = [];
    await publishSite(request(site, store, build(), (progress) => void reported.push(progress)));
    expect(reported.filter((p) => p.step === 'pages').map((p) => `${p.done}/${p.total}`)).toEqual(['1/6', '2/6', '3/6', '4/6', '5/6', '6/6']);
    expect(reported.filter((p) => p.step === 'files').at(-1)).toEqual({ step: 'files', done: 13, total: 13 });
  });

  it('renders again only the pages that read what changed, writes only the files whose bytes changed, carries the others over, and says which pages changed', async () => {
    const { steps, written, site, store } = recorder();
    await publishSite(request(site, store, build()));
    steps.length = 0;
    const emailed = { ...running, publishId: 'emailed', overrides: { dealer: { email: 'ventes@example.dz' } } };
    const publish = await publishSite({ ...request(site, store, build()), publish: emailed });
    // The tractors page, the one reading the dealer's details, rendered; it and the manifest written; the other eleven files carried over.
    expect(publish.work).toMatchObject({ rendered: 1, written: 2, carried: 11 });
    expect(steps).toEqual(['write 2 files, carry 11 from new', 'set live emailed', 'go live emailed', 'record emailed done 6']);
    expect(written.get('emailed/tracteurs/index.html')).toContain('ventes@example.dz');
    expect(publish.changed).toEqual(['/tracteurs']);

    // A change to a part no page reads renders no page, and the site still says which pages it has.
    steps.length = 0;
    const texts = { ...emailed, publishId: 'texts', overrides: { ...emailed.overrides, texts: { 'site.nav.home': { fr: 'Accueil' } } } };
    const unread = await publishSite({ ...request(site, store, build()), publish: texts });
    expect(unread.work).toMatchObject({ rendered: 0, written: 1, carried: 12 });
    expect(unread).toMatchObject({ pages: 6, changed: [] });
    expect(written.get('texts/tracteurs/index.html')).toBeUndefined();
  });

  it('is done at once, writing nothing, when the live site shows the same content with the same build', async () => {
    const { steps, site, store } = recorder();
    await publishSite(request(site, store, build()));
    steps.length = 0;
    const publish = await publishSite({ ...request(site, store, build()), publish: { ...running, publishId: 'again' } });
    expect(steps).toEqual(['set live again', 'record again done 6']);
    expect(publish).toMatchObject({ state: 'done', pages: 6, changed: [] });
  });

  it('renders every page again with another build, the same content or not, and writes what differs', async () => {
    const { steps, site, store } = recorder();
    await publishSite(request(site, store, build()));
    steps.length = 0;
    const rebuilt = await publishSite({ ...request(site, store, build(undefined, 'build-2')), publish: { ...running, publishId: 'rebuilt' } });
    // Every page rendered again; the bytes are the same: only the manifest, which names the new build, is written.
    expect(rebuilt.work).toMatchObject({ rendered: 6, written: 1, carried: 12 });
    expect(steps).toEqual(['write 1 files, carry 12 from new', 'set live rebuilt', 'go live rebuilt', 'record rebuilt done 6']);
  });

  it('writes nothing when a page fails to render', async () => {
    const { steps, site, store } = recorder();
    await expect(publishSite(request(site, store, build('/tracteurs')))).rejects.toThrow('/tracteurs failed to render');
    expect(steps).toEqual([]);
  });

  it('names the earlier publish live again when the new site cannot be put live', async () => {
    const { steps, site, store } = recorder({ failGoingLive: true });
    await expect(publishSite(request(site, store, build()))).rejects.toThrow('routing store down');
    expect(steps).toEqual(['write 13 files, carry 0 from earlier', 'set live new', 'set live earlier']);
  });
});

describe('a publish as staff see it', () => {
  const heard = (secondsAgo: number): StoredPublish => ({ ...running, updatedAt: new Date(Date.parse(now) - secondsAgo * 1000).toISOString(), progress: { step: 'pages', done: 3, total: 9 } });
  const now = '2026-11-25T10:10:00.000Z';

  it('is running while the publisher keeps saying how far it is', () => {
    expect(asSeen(heard(5), new Date(now))).toMatchObject({ state: 'running', progress: { done: 3 } });
  });

  it('has stopped, and failed, when the publisher fell silent (a timeout or a crash)', () => {
    const seen = asSeen(heard(publishStalledAfterMs / 1000 + 1), new Date(now));
    expect(seen).toMatchObject({ state: 'failed', failure: 'stopped' });
    expect(seen.progress).toBeUndefined();
  });
});
