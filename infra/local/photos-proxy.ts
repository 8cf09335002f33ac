import { GetObjectCommand, HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { mediaPrefix, photosPrefix } from '../../lambdas/forms/upload-keys';
import { downloadHeaders, isServedImageType, photoSecurityHeaders } from '../photos';
import type { RequestListener } from './api-gateway-adapter';
import { sendText } from './http-utils';

/**
 * `GET/HEAD /photos/<key…>` and `/media/<key…>` on the site's origin: the
 * photos orders keep and the staff's picture library, read from the uploads
 * bucket with signed requests, as CloudFront's `/photos/*` and `/media/*`
 * behaviours read the private bucket in AWS (origin access control), with
 * the same headers (infra/photos.ts). The photo URLs in the dealer's sheet
 * open on the site itself; nothing else of the bucket (uploads, exports) is served.
 */

/** The first path segments served. */
const servedFolders = [photosPrefix, mediaPrefix];

export interface PhotosProxyOptions {
  /** A client of the local S3 (createLocalS3Client). */
  s3: S3Client;
  bucket: string;
}

export function createPhotosProxy({ s3, bucket }: PhotosProxyOptions): RequestListener {
  return async (req, res) => {
    req.resume();
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendText(res, 405, 'Method Not Allowed\n', { allow: 'GET, HEAD' });
    }
    const key = objectKey(req.url ?? '/');
    if (!key) return sendText(res, 404, 'Not Found\n');

    let object;
    try {
      object = await s3.send(
        req.method === 'HEAD' ? new HeadObjectCommand({ Bucket: bucket, Key: key }) : new GetObjectCommand({ Bucket: bucket, Key: key }),
      );
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404) return sendText(res, 404, 'Not Found\n');
      return sendText(res, 502, `The uploads bucket answered ${status ?? (error as Error).message}\n`);
    }

    const headers: Record<string, string> = {
      ...photoSecurityHeaders,
      ...(isServedImageType(object.ContentType) ? { 'content-type': object.ContentType! } : downloadHeaders),
    };
    if (object.ContentLength !== undefined) headers['content-length'] = String(object.ContentLength);
    if (object.ETag) headers.etag = object.ETag;
    if (object.LastModified) headers['last-modified'] = object.LastModified.toUTCString();
    if (object.CacheControl) headers['cache-control'] = object.CacheControl;
    res.writeHead(200, headers);
    const body = 'Body' in object ? (object.Body as Readable | undefined) : undefined;
    if (!body) return void res.end();
    // The status is sent: a stream broken on either side can only be cut.
    await pipeline(body, res).catch(() => res.destroy());
  };
}

/** The object key of a `/photos/…` or `/media/…` path; undefined for anything that could leave those prefixes. */
function objectKey(url: string): string | undefined {
  const segments = new URL(url, 'http://localhost').pathname.split('/').slice(1);
  if (!servedFolders.includes(`${segments[0]}/`) || segments.length < 2) return undefined;
  const decoded: string[] = [];
  for (const segment of segments) {
    let text: string;
    try {
      text = decodeURIComponent(segment);
    } catch {
      return undefined;
    }
    if (!text || text === '.' || text === '..' || /[\\/\0]/.test(text)) return undefined;
    decoded.push(text);
  }
  return decoded.join('/');
}
