import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import {
  ALGORITHM_IDENTIFIER,
  createScope,
  getCanonicalHeaders,
  getCanonicalQuery,
  KEY_TYPE_IDENTIFIER,
  UNSIGNED_PAYLOAD,
} from '@smithy/signature-v4';

/**
 * Signature Version 4 as S3 checks it, for the local S3 stand-in (s3rver
 * checks none): a request must carry either an Authorization header or a
 * presigned query, made with the stand-in's key for its region, within its
 * time, over exactly the headers it names. The canonical query and headers
 * come from the SDK's own signer (@smithy/signature-v4), so a request the SDK
 * signed passes and any change to what was signed does not: the path, the
 * query, or a signed header such as `content-length` or `content-type`.
 *
 * Not checked: that the body matches `x-amz-content-sha256` (the body is
 * handed to s3rver unread), POST policies (browser form uploads are refused
 * as unsigned) and temporary credentials.
 */

export interface S3Refusal {
  status: number;
  /** S3's error code, e.g. SignatureDoesNotMatch. */
  code: string;
  message: string;
}

export interface SignatureRules {
  credentials: { accessKeyId: string; secretAccessKey: string };
  region: string;
  now?: () => Date;
}

export interface ReceivedRequest {
  method: string;
  /** Path and query, as sent. */
  url: string;
  /** As Node gives them: lower-case names. */
  headers: IncomingHttpHeaders;
}

/** What a request says of its own signature. */
interface Authentication {
  accessKeyId: string;
  /** `20261123T184022Z` */
  longDate: string;
  scope: { date: string; region: string; service: string; terminator: string };
  signedHeaders: string[];
  signature: string;
  payloadHash: string;
  /** Presigned URLs only: seconds from `longDate`. */
  expiresInSeconds?: number;
}

const maxClockSkewMs = 15 * 60_000;
const maxPresignedSeconds = 7 * 24 * 60 * 60;
const service = 's3';

const refusal = (status: number, code: string, message: string): S3Refusal => ({ status, code, message });

/** The parts of a request the SDK's canonical query and headers read. */
type HttpRequestParts = Parameters<typeof getCanonicalQuery>[0];

/** Undefined when S3 would take the request's signature; otherwise S3's refusal. */
export function checkSignature(request: ReceivedRequest, rules: SignatureRules): S3Refusal | undefined {
  const [path = '/', rawQuery = ''] = request.url.split(/\?(.*)/s);
  const query = parseQuery(rawQuery);
  const authorization = request.headers.authorization;
  const presigned = 'X-Amz-Algorithm' in query;
  if (authorization && presigned) return refusal(400, 'InvalidArgument', 'Only one auth mechanism allowed');
  // The bucket is private: nothing is read or written without a signature.
  if (!authorization && !presigned) return refusal(403, 'AccessDenied', 'Access Denied');

  const auth = authorization ? fromHeader(authorization, request.headers) : fromQuery(query);
  if ('status' in auth) return auth;
  const problem = checkCredentials(auth, rules, presigned);
  if (problem) return problem;
  const unsigned = Object.keys(request.headers).filter((name) => name.startsWith('x-amz-') && !auth.signedHeaders.includes(name));
  if (unsigned.length > 0) {
    return refusal(403, 'AccessDenied', `There were headers present in the request which were not signed: ${unsigned.join(', ')}`);
  }

  const signed: Record<string, string> = {};
  for (const name of auth.signedHeaders) {
    const value = request.headers[name];
    if (value !== undefined) signed[name] = [value].flat().join(',');
  }
  const canonicalHeaders = getCanonicalHeaders({ headers: signed } as HttpRequestParts, undefined, new Set(auth.signedHeaders));
  const headerNames = Object.keys(canonicalHeaders).sort();
  const canonicalRequest = [
    request.method,
    path,
    getCanonicalQuery({ query } as HttpRequestParts),
    headerNames.map((name) => `${name}:${canonicalHeaders[name]}`).join('\n'),
    '',
    // A signed header missing from the request changes this list, and so the signature.
    headerNames.join(';'),
    auth.payloadHash,
  ].join('\n');
  const scope = createScope(auth.scope.date, rules.region, service);
  const stringToSign = [ALGORITHM_IDENTIFIER, auth.longDate, scope, sha256Hex(canonicalRequest)].join('\n');
  const expected = createHmac('sha256', signingKey(rules.credentials.secretAccessKey, auth.scope.date, rules.region))
    .update(stringToSign)
    .digest();
  const given = Buffer.from(auth.signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return refusal(403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
  }
  return undefined;
}

function checkCredentials(auth: Authentication, rules: SignatureRules, presigned: boolean): S3Refusal | undefined {
  const malformed = presigned ? 'AuthorizationQueryParametersError' : 'AuthorizationHeaderMalformed';
  if (auth.accessKeyId !== rules.credentials.accessKeyId) {
    return refusal(403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
  }
  const { date, region, service: scopeService, terminator } = auth.scope;
  if (region !== rules.region) return refusal(400, malformed, `The region '${region}' is wrong; expecting '${rules.region}'`);
  if (scopeService !== service || terminator !== KEY_TYPE_IDENTIFIER) return refusal(400, malformed, 'The credential scope is malformed');
  const signedAt = parseLongDate(auth.longDate);
  if (signedAt === undefined || date !== auth.longDate.slice(0, 8)) return refusal(400, malformed, 'The date is malformed');
  if (!auth.signedHeaders.includes('host')) return refusal(400, malformed, 'The host header must be signed');

  const now = (rules.now?.() ?? new Date()).getTime();
  if (auth.expiresInSeconds === undefined) {
    if (Math.abs(now - signedAt) > maxClockSkewMs) {
      return refusal(403, 'RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
    }
  } else if (now > signedAt + auth.expiresInSeconds * 1000) {
    return refusal(403, 'AccessDenied', 'Request has expired');
  }
  return undefined;
}

/** `AWS4-HMAC-SHA256 Credential=…/20261123/eu-west-3/s3/aws4_request, SignedHeaders=host;…, Signature=…` */
function fromHeader(authorization: string, headers: IncomingHttpHeaders): Authentication | S3Refusal {
  const match = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(authorization);
  if (!match) return refusal(400, 'AuthorizationHeaderMalformed', 'The authorization header is malformed');
  const longDate = headers['x-amz-date'];
  if (typeof longDate !== 'string') {
    return refusal(403, 'AccessDenied', 'AWS authentication requires a valid Date or x-amz-date header');
  }
  const payloadHash = headers['x-amz-content-sha256'];
  if (typeof payloadHash !== 'string') {
    return refusal(400, 'InvalidRequest', 'Missing required header for this request: x-amz-content-sha256');
  }
  const [, credential, signedHeaders, signature] = match as unknown as [string, string, string, string];
  return { ...parseCredential(credential), longDate, signedHeaders: signedHeaders.split(';'), signature, payloadHash };
}

function fromQuery(query: Record<string, string | string[]>): Authentication | S3Refusal {
  const text = (name: string) => (typeof query[name] === 'string' ? query[name] : '');
  const expires = Number(text('X-Amz-Expires'));
  if (
    text('X-Amz-Algorithm') !== ALGORITHM_IDENTIFIER ||
    !/^[0-9a-f]{64}$/.test(text('X-Amz-Signature')) ||
    !text('X-Amz-SignedHeaders') ||
    !Number.isInteger(expires) ||
    expires < 1 ||
    expires > maxPresignedSeconds
  ) {
    return refusal(400, 'AuthorizationQueryParametersError', 'The presigned URL is malformed');
  }
  return {
    ...parseCredential(text('X-Amz-Credential')),
    longDate: text('X-Amz-Date'),
    signedHeaders: text('X-Amz-SignedHeaders').split(';'),
    signature: text('X-Amz-Signature'),
    // S3 never hashes the body of a presigned request.
    payloadHash: UNSIGNED_PAYLOAD,
    expiresInSeconds: expires,
  };
}

function parseCredential(credential: string): Pick<Authentication, 'accessKeyId' | 'scope'> {
  const [accessKeyId = '', date = '', region = '', scopeService = '', terminator = ''] = credential.split('/');
  return { accessKeyId, scope: { date, region, service: scopeService, terminator } };
}

/** Every parameter, decoded; repeated ones as lists, as the SDK's signer takes them. */
function parseQuery(rawQuery: string): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [name, value] of new URLSearchParams(rawQuery)) {
    const seen = query[name];
    query[name] = seen === undefined ? value : [seen, value].flat();
  }
  return query;
}

function parseLongDate(longDate: string): number | undefined {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(longDate);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second] = match.slice(1).map(Number) as [number, number, number, number, number, number];
  return Date.UTC(year, month - 1, day, hour, minute, second);
}

function signingKey(secretAccessKey: string, date: string, region: string): Buffer {
  let key: Buffer | string = `AWS4${secretAccessKey}`;
  for (const part of [date, region, service, KEY_TYPE_IDENTIFIER]) key = createHmac('sha256', key).update(part).digest();
  return key as Buffer;
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
