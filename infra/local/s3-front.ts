import type { IncomingMessage, ServerResponse } from 'node:http';
import { once } from 'node:events';
import { controlFailure, failureControlPath } from './failure-control';
import { checkSignature, type S3Refusal, type SignatureRules } from './s3-signature';

/**
 * What stands between clients and s3rver, so that the local bucket refuses
 * what a private S3 bucket refuses (docs/decisions/0003-local-stand-ins.md):
 * - every request but a CORS preflight must be signed (s3-signature.ts): no
 *   anonymous read or write, no expired or altered presigned URL, no body of
 *   another length or type than a presigned PUT was signed for;
 * - the ETag conditions s3rver ignores are kept: `If-Match` on GET/HEAD and
 *   `x-amz-copy-source-if-match` on a copy answer 412 when the object changed;
 * - `PUT /__control/failure` `{ "status": 503 }` makes every call fail until
 *   `DELETE /__control/failure`, like the DynamoDB stand-in.
 * Refusals carry the CORS headers of an allowed origin, as S3's do, so the
 * browser sees their status.
 */

export interface S3FrontOptions extends SignatureRules {
  allowedOrigins: string[];
  /** s3rver's own request handler. */
  s3rver: (req: IncomingMessage, res: ServerResponse) => void;
  /** The ETag s3rver keeps for an object; undefined when there is no such object. */
  etagOf(bucket: string, key: string): Promise<string | undefined>;
}

export function createS3Front(options: S3FrontOptions): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  let failureStatus: number | undefined;

  const refuse = async (req: IncomingMessage, res: ServerResponse, { status, code, message }: S3Refusal) => {
    // Answering before the body is read would break the client's connection.
    if (!req.readableEnded) {
      req.resume();
      await once(req, 'end');
    }
    const origin = req.headers.origin;
    const cors: Record<string, string> =
      origin && options.allowedOrigins.includes(origin)
        ? { 'access-control-allow-origin': origin, 'access-control-expose-headers': 'ETag', vary: 'Origin' }
        : {};
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${escapeXml(message)}</Message></Error>`;
    res.writeHead(status, { 'content-type': 'application/xml', 'content-length': Buffer.byteLength(body), ...cors });
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  return async (req, res) => {
    const url = req.url ?? '/';
    if (url === failureControlPath) return controlFailure(req, res, (status) => (failureStatus = status));
    if (failureStatus) {
      const code = failureStatus === 503 ? 'ServiceUnavailable' : 'InternalError';
      return refuse(req, res, { status: failureStatus, code, message: 'S3 is down on purpose' });
    }
    // A browser's CORS preflight carries no credentials, in S3 too.
    if (req.method !== 'OPTIONS') {
      const refusal =
        checkSignature({ method: req.method ?? 'GET', url, headers: req.headers }, options) ??
        (await checkConditions(req, options.etagOf));
      if (refusal) return refuse(req, res, refusal);
    }
    options.s3rver(req, res);
  };
}

async function checkConditions(
  req: IncomingMessage,
  etagOf: S3FrontOptions['etagOf'],
): Promise<S3Refusal | undefined> {
  const copySource = req.headers['x-amz-copy-source'];
  const [object, condition] =
    req.method === 'PUT' && typeof copySource === 'string'
      ? [objectOf(copySource.split('?')[0]!), req.headers['x-amz-copy-source-if-match']]
      : req.method === 'GET' || req.method === 'HEAD'
        ? [objectOf((req.url ?? '/').split('?')[0]!), req.headers['if-match']]
        : [];
  if (!object || typeof condition !== 'string') return undefined;
  const etag = await etagOf(object.bucket, object.key);
  // A missing object is s3rver's to answer (NoSuchKey).
  if (etag === undefined || matchesEtag(condition, etag)) return undefined;
  return { status: 412, code: 'PreconditionFailed', message: 'At least one of the pre-conditions you specified did not hold' };
}

/** The bucket and key of a path-style `/bucket/key…` (or a copy source `bucket/key…`). */
function objectOf(path: string): { bucket: string; key: string } | undefined {
  const [bucket, ...key] = path.replace(/^\//, '').split('/');
  if (!bucket || key.length === 0) return undefined;
  try {
    return { bucket: decodeURIComponent(bucket), key: key.map(decodeURIComponent).join('/') };
  } catch {
    return undefined;
  }
}

/** `If-Match: "a", "b"` or `*` against an ETag, quotes aside. */
function matchesEtag(condition: string, etag: string): boolean {
  const bare = (tag: string) => tag.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
  return condition.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

function escapeXml(text: string): string {
  return text.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c]!);
}
