import { describe, expect, it } from 'vitest';
import type { ContentStore, StoredPublish } from '../../lambdas/lib/content-store';
import { publishSite } from '../../lambdas/publish-site/publish';
import type { SiteBuild } from '../../lambdas/publish-site/render-site';
import type { SiteFolder } from '../../lambdas/publish-site/site-folder';
import type { PageRenderer } from '../../shared/content/renderer';

/**
 * A publish either puts every page live or leaves the live site as it was:
 * a page that fails to render writes nothing, and a publish that cannot be
 * recorded never moves the live pointer.
 */

const paths = ['/', '/tracteurs', '/thank-you'];

function build(failOn?: string): SiteBuild {
  const renderer: PageRenderer = {
    siteUrl: 'https://dealer.example',
    publishedPages: () => paths.map((path) => ({ path, language: 'ar', file: `${path.slice(1)}${path === '/' ? '' : '/'}index.html` })),
    renderPage: async (path) => {
      if (path === failOn) throw new Error(`${path} failed to render`);
      return `<html><head></head><body>${path ?? 'fallback'}</body></html>`;
    },
    completePage: (html) => html,
    pageSource: () => 'app/routes/page.tsx',
  };
  return { renderer, entryFile: 'assets/entry.js', chunks: { 'app/routes/page.tsx': { file: 'assets/page.js' } }, inlineStyles: '' };
}

function recorder(options: { failRecording?: boolean } = {}) {
  const steps: string[] = [];
  const site: SiteFolder = {
    livePages: async () => new Map([['index.html', 'old home']]),
    write: async (folder, files) => void steps.push(`write ${files.size} files`),
    goLive: async () => void steps.push('go live'),
  };
  const store = {
    addPublish: async (publish: StoredPublish) => {
      if (options.failRecording) throw new Error('store down');
      steps.push(`record ${publish.pages} pages`);
    },
    setLive: async () => void steps.push('set live'),
  } as unknown as ContentStore;
  return { steps, site, store };
}

const request = (site: SiteFolder, store: ContentStore, siteBuild: SiteBuild) => ({
  build: siteBuild,
  buildDir: '/nowhere',
  site,
  store,
  overrides: {},
  readPicture: async () => undefined,
  publishedBy: 'admin@agri-dealer.test',
});

describe('publishSite', () => {
  it('writes every page, records the publish, then puts it live, in that order, and says what changed', async () => {
    const { steps, site, store } = recorder();
    const publish = await publishSite(request(site, store, build()));
    // The pages, each language's fallback page, then the sitemaps and robots.txt, which are not pages.
    expect(steps).toEqual(['write 11 files', 'record 6 pages', 'go live', 'set live']);
    expect(publish.changed).toEqual(['/', '/thank-you', '/tracteurs', '__spa-fallback.html', 'en/__spa-fallback.html', 'fr/__spa-fallback.html']);
  });

  it('writes nothing when a page fails to render', async () => {
    const { steps, site, store } = recorder();
    await expect(publishSite(request(site, store, build('/tracteurs')))).rejects.toThrow('/tracteurs failed to render');
    expect(steps).toEqual([]);
  });

  it('leaves the live pointer where it was when the publish cannot be recorded', async () => {
    const { steps, site, store } = recorder({ failRecording: true });
    await expect(publishSite(request(site, store, build()))).rejects.toThrow('store down');
    expect(steps).toEqual(['write 11 files']);
  });
});
