import { request, type IncomingMessage, type ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { mediaPrefix, uploadsPrefix } from '../../lambdas/forms/upload-keys';
import type { RequestListener } from './api-gateway-adapter';
import { sendText } from './http-utils';

/**
 * `GET/HEAD /uploads/<key…>` and `/media/<key>` on the site's origin, read
 * from the uploads bucket in s3rver, as CloudFront's `/uploads/*` and
 * `/media/*` behaviours read the bucket in AWS: the photo URLs in the
 * dealer's sheet and the product pictures open on the site itself. Nothing
 * else of the bucket (the exports) is served.
 */

export interface UploadsProxyOptions {
  /** The s3rver endpoint, e.g. http://127.0.0.1:4568. */
  s3Endpoint: string;
  bucket: string;
}

/** The first path segments served: the visitors' photos and the picture library. */
const servedFolders = [uploadsPrefix, mediaPrefix].map((prefix) => prefix.replace(/\/$/, ''));

/** Headers of the stored object worth passing on to the browser. */
const objectHeaders = ['content-type', 'content-length', 'etag', 'last-modified'];

export function createUploadsProxy({ s3Endpoint, bucket }: UploadsProxyOptions): RequestListener {
  return async (req, res) => {
    req.resume();
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      return sendText(res, 405, 'Method Not Allowed\n', { allow: 'GET, HEAD' });
    }
    const key = objectKey(req.url ?? '/');
    if (!key) return sendText(res, 404, 'Not Found\n');
    await relay(req, res, new URL(`/${bucket}/${key}`, s3Endpoint));
  };
}

/**
 * The object key of an `/uploads/…` or `/media/…` path, each segment
 * re-encoded; undefined for anything that could leave those prefixes.
 */
function objectKey(url: string): string | undefined {
  const segments = new URL(url, 'http://localhost').pathname.split('/').slice(1);
  if (!servedFolders.includes(segments[0] ?? '') || segments.length < 2) return undefined;
  const decoded: string[] = [];
  for (const segment of segments) {
    let text: string;
    try {
      text = decodeURIComponent(segment);
    } catch {
      return undefined;
    }
    if (!text || text === '.' || text === '..' || /[\\/\0]/.test(text)) return undefined;
    decoded.push(encodeURIComponent(text));
  }
  return decoded.join('/');
}

async function relay(req: IncomingMessage, res: ServerResponse, target: URL): Promise<void> {
  const answer = await new Promise<IncomingMessage>((resolve, reject) => {
    request(target, { method: req.method }, resolve).once('error', reject).end();
  });
  if (answer.statusCode !== 200) {
    answer.resume();
    if (answer.statusCode === 404) return sendText(res, 404, 'Not Found\n');
    return sendText(res, 502, `The uploads bucket answered ${answer.statusCode}\n`);
  }
  const headers: Record<string, string> = {
    // Keys are random and never rewritten, so a photo can be kept as long as the browser likes.
    'cache-control': 'public, max-age=31536000, immutable',
    'x-content-type-options': 'nosniff',
  };
  for (const name of objectHeaders) {
    const value = answer.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  // s3rver keeps whatever type a PUT claimed (S3 keeps only the signed one): never show anything else as a page.
  if (!headers['content-type']?.startsWith('image/')) headers['content-disposition'] = 'attachment';
  res.writeHead(200, headers);
  // The status is sent: a stream broken on either side can only be cut.
  await pipeline(answer, res).catch(() => res.destroy());
}
