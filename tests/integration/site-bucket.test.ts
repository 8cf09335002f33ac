import type { S3Client } from '@aws-sdk/client-s3';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createLocalS3Client, startS3, type LocalS3 } from '../../infra/local/s3';
import { repoRoot } from '../../infra/paths';
import { loadSiteBuild, renderSite, type SiteBuild } from '../../lambdas/content/render-site';
import { createSiteBucket } from '../../lambdas/content/site-bucket';
import { pageDigest } from '../../lambdas/content/site-folder';
import { siteManifestFile, type SiteManifest } from '../../lambdas/content/site-manifest';
import { liveKey } from '../../lambdas/content/site-routing';
import { tractors } from '../../shared/catalogue/tractors';
import { languages } from '../../shared/languages';
import { pathInLanguage } from '../../shared/page-language';
import { edgeRouting, type EdgeRequest } from '../support/edge-routing';
import { keyValueStore } from '../support/key-value-store';
import { makeTempDir, removeTempDir } from '../support/temp-dir';

/**
 * Publishing as in AWS: the site's pages, rendered by the build, written to
 * an S3 bucket (the local S3 stand-in) and put live in the CDN's key value
 * store; then each address routed by the page routing function's own source
 * and fetched from the bucket, as CloudFront would.
 */

const bucket = 'site';
let dir: string;
let s3: LocalS3;
let client: S3Client;
let build: SiteBuild;

beforeAll(async () => {
  dir = await makeTempDir('site-bucket');
  s3 = await startS3({ dir, port: 0, bucket, region: 'eu-west-3', allowedOrigins: ['http://localhost'] });
  client = createLocalS3Client(s3.endpoint, 'eu-west-3');
  build = await loadSiteBuild(path.join(repoRoot, 'build/web'));
});

afterAll(async () => {
  client?.destroy();
  await s3?.close();
  await removeTempDir(dir);
});

async function served(store: Map<string, string>, request: EdgeRequest): Promise<{ status: number; html: string }> {
  const routed = (await edgeRouting(store).request(request)) as EdgeRequest;
  const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: routed.uri.slice(1) })).catch(() => undefined);
  const status = await edgeRouting(store).status(request.uri, object ? 200 : 403);
  return { status, html: object ? await object.Body!.transformToString() : '' };
}

describe('a site published to the bucket and the routing store', () => {
  test('serves every page in its language from the live site, with 404 elsewhere, and moves to the next site in one step', async () => {
    const kvs = keyValueStore();
    const site = createSiteBucket({ s3: client, bucket, kvs: kvs.client, kvsArn: 'arn:aws:cloudfront::000000000000:key-value-store/test', keep: 2 });
    expect(await site.liveSite()).toBeUndefined();

    const { files: first } = await renderSite(build, {});
    await site.write('first', first);
    await site.goLive('first', [...first.keys()]);
    expect(kvs.entries.get(liveKey)).toBe('first');

    const tractor = tractors[0]!;
    const published = languages.filter((language) => build.renderer.publishedPages({}).some((page) => page.language === language));
    for (const language of published) {
      const page = await served(kvs.entries, { uri: pathInLanguage('/tracteurs', language) });
      expect(page.status, language).toBe(200);
      expect(page.html).toContain(`<html lang="${language}"`);
      expect(page.html).toContain(tractor.name[language]);
    }
    for (const language of published) {
      const missing = await served(kvs.entries, { uri: pathInLanguage('/pieces-detachees/no-such-brand', language) });
      expect(missing.status).toBe(404);
      expect(missing.html).toContain(`<html lang="${language}"`);
    }

    // What the next publish compares its pages with: a site without a manifest has its pages read.
    const live = await site.liveSite();
    expect(live?.folder).toBe('first');
    expect(live?.manifest.files['tracteurs/index.html']?.page).toBe(pageDigest(first.get('tracteurs/index.html')!));

    const { files: second } = await renderSite(build, { catalogue: { tractors: { changed: { [tractor.id]: { priceDzd: 4_321_000 } } } } });
    await site.write('second', second);
    const before = await served(kvs.entries, { uri: '/tracteurs' });
    expect(before.html).not.toContain('4.321.000');
    await site.goLive('second', [...second.keys()]);
    expect((await served(kvs.entries, { uri: '/tracteurs' })).html).toContain('4.321.000');

    // A site whose files are all the same as the live one's: its manifest written, every other file copied within the bucket.
    const manifest: SiteManifest = { files: { 'tracteurs/index.html': { sha256: 'same' } } };
    await site.write('third', new Map([[siteManifestFile, JSON.stringify(manifest)]]), undefined, { from: 'second', files: [...second.keys()] });
    await site.goLive('third', [...second.keys()]);
    expect(await site.liveSite()).toEqual({ folder: 'third', manifest });
    const copied = await client.send(new GetObjectCommand({ Bucket: bucket, Key: 'sites/third/tracteurs/index.html' }));
    expect(copied.ContentType).toBe('text/html; charset=utf-8');
    expect(await copied.Body!.transformToString()).toBe(second.get('tracteurs/index.html'));
    // The oldest site beyond the two kept is removed, its page lists and its files.
    expect([...kvs.entries.keys()].some((key) => key.startsWith('first|'))).toBe(false);
    expect(await client.send(new GetObjectCommand({ Bucket: bucket, Key: 'sites/first/index.html' })).catch((error: Error) => error.name)).toBe('NoSuchKey');
    expect((await served(kvs.entries, { uri: '/' })).status).toBe(200);
  }, 180_000);
});
