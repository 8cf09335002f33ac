import type { CloudFrontKeyValueStoreClient} from '@aws-sdk/client-cloudfront-keyvaluestore';
import { DescribeKeyValueStoreCommand, GetKeyCommand, ListKeysCommand, UpdateKeysCommand } from '@aws-sdk/client-cloudfront-keyvaluestore';
import { CopyObjectCommand, DeleteObjectsCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import '@aws-sdk/signature-v4a';
import path from 'node:path';
import { manifestOfPages, type SiteFolder } from './site-folder';
import { siteManifestFile, type SiteManifest } from './site-manifest';
import { liveKey, routingEntries, sitesPrefix, type RoutingEntry } from './site-routing';
import { mapConcurrently } from '../lib/concurrency';

/**
 * The published sites in AWS: each site's files under `sites/<folder>/` in
 * the site bucket, and the CDN's key value store naming the live one and its
 * pages (./site-routing.ts). Going live writes the new site's page lists,
 * then moves `live` in one update: every edge then serves the new site, from
 * addresses of its own, so nothing cached of the old one needs invalidating.
 * The newest sites are kept for a while; older ones are removed, files and keys.
 */

export interface SiteBucketOptions {
  s3: S3Client;
  bucket: string;
  /** The key value store's client (its requests are signed with SigV4a) and ARN. */
  kvs: CloudFrontKeyValueStoreClient;
  kvsArn: string;
  /** How many sites stay in the bucket, the live one included. */
  keep?: number;
}

/** Files written (or read, to compare) at once. */
const writeConcurrency = 16;

/** Puts in one key value store update. */
const updateBatch = 40;
const sitesKey = 'sites';

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
};

/**
 * Pages: browsers ask again every time (the address stays, the site behind it
 * changes); the CDN keeps them, each site's objects having keys of their own.
 * Pictures are named by the library picture they are made of.
 */
function cacheControl(file: string): string {
  if (/\.(html|xml|txt)$/.test(file)) return 'public, max-age=0, must-revalidate, s-maxage=31536000';
  return 'public, max-age=86400';
}

export function createSiteBucket({ s3, bucket, kvs, kvsArn, keep = 3 }: SiteBucketOptions): SiteFolder {
  const get = async (key: string): Promise<string | undefined> => {
    try {
      return (await kvs.send(new GetKeyCommand({ KvsARN: kvsArn, Key: key }))).Value;
    } catch (error) {
      if ((error as Error).name === 'ResourceNotFoundException') return undefined;
      throw error;
    }
  };
  const update = async (puts: RoutingEntry[], deletes: string[] = []) => {
    let { ETag: etag } = await kvs.send(new DescribeKeyValueStoreCommand({ KvsARN: kvsArn }));
    for (let start = 0; start < Math.max(puts.length, deletes.length); start += updateBatch) {
      const batch = {
        Puts: puts.slice(start, start + updateBatch).map(({ key, value }) => ({ Key: key, Value: value })),
        Deletes: deletes.slice(start, start + updateBatch).map((key) => ({ Key: key })),
      };
      ({ ETag: etag } = await kvs.send(new UpdateKeysCommand({ KvsARN: kvsArn, IfMatch: etag, ...batch })));
    }
  };
  const listObjects = async function* (prefix: string) {
    let token: string | undefined;
    do {
      const page = await s3.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
      yield* page.Contents ?? [];
      token = page.NextContinuationToken;
    } while (token);
  };

  return {
    async liveSite() {
      const folder = await get(liveKey);
      if (!folder) return undefined;
      const root = `${sitesPrefix}${folder}/`;
      const read = async (key: string) => (await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body?.transformToString();
      const manifest = await read(`${root}${siteManifestFile}`).catch((error: Error) => {
        if (error.name === 'NoSuchKey') return undefined;
        throw error;
      });
      if (manifest) return { folder, manifest: JSON.parse(manifest) as SiteManifest };
      // A site published before manifests: its pages read whole (a few hundred small ones).
      const keys: string[] = [];
      for await (const object of listObjects(root)) if (object.Key?.endsWith('.html')) keys.push(object.Key);
      const pages: [string, string][] = [];
      await mapConcurrently(keys, writeConcurrency, async (key) => void pages.push([key.slice(root.length), (await read(key)) ?? '']));
      return { folder, manifest: manifestOfPages(pages) };
    },

    async write(folder, files, onWritten, carried) {
      let done = 0;
      await mapConcurrently([...files], writeConcurrency, async ([file, body]) => {
        await s3.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: `${sitesPrefix}${folder}/${file}`,
            Body: body,
            ContentType: contentTypes[path.extname(file)] ?? 'application/octet-stream',
            CacheControl: cacheControl(file),
          }),
        );
        await onWritten?.(++done);
      });
      // Copied within the bucket: the bytes do not pass through the publisher.
      await mapConcurrently(carried?.files ?? [], writeConcurrency, async (file) => {
        const source = `${bucket}/${sitesPrefix}${carried!.from}/${file}`.split('/').map(encodeURIComponent).join('/');
        await s3.send(new CopyObjectCommand({ Bucket: bucket, Key: `${sitesPrefix}${folder}/${file}`, CopySource: source }));
      });
    },

    async goLive(folder, files) {
      const recent = ((await get(sitesKey)) ?? '').split(' ').filter(Boolean);
      const kept = [folder, ...recent.filter((site) => site !== folder)].slice(0, keep);
      const dropped = recent.filter((site) => !kept.includes(site));
      // The new site's page lists, then the pointer (and the list of sites) in the last update.
      await update(routingEntries(folder, files));
      await update([
        { key: liveKey, value: folder },
        { key: sitesKey, value: kept.join(' ') },
      ]);
      if (dropped.length > 0) await removeSites(dropped);
    },
  };

  /** Removes older sites: their page lists, then their files. */
  async function removeSites(folders: string[]) {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await kvs.send(new ListKeysCommand({ KvsARN: kvsArn, NextToken: token }));
      for (const item of page.Items ?? []) if (folders.some((folder) => item.Key?.startsWith(`${folder}|`))) keys.push(item.Key!);
      token = page.NextToken;
    } while (token);
    await update([], keys);
    for (const folder of folders) {
      let batch: { Key: string }[] = [];
      const flush = async () => {
        if (batch.length > 0) await s3.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch, Quiet: true } }));
        batch = [];
      };
      for await (const object of listObjects(`${sitesPrefix}${folder}/`)) {
        batch.push({ Key: object.Key! });
        if (batch.length === 1000) await flush();
      }
      await flush();
    }
  }
}
