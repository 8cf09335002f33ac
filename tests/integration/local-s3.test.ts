import {
  CopyObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createLocalS3Client, s3Credentials, startS3, type LocalS3 } from '../../infra/local/s3';
import { localRegion } from '../../infra/local/stack';
import { setS3Failure } from '../support/faults';
import { makeTempDir, removeTempDir } from '../support/temp-dir';

/**
 * The local S3 refuses what a private S3 bucket refuses (s3rver alone takes
 * anything): each case is what AWS answers, checked over HTTP against the
 * stand-in the local stack runs.
 */

const bucket = 'uploads';
const siteOrigin = 'http://127.0.0.1:8080';
let s3: LocalS3;
let dir: string;
let client: S3Client;

beforeAll(async () => {
  dir = await makeTempDir('local-s3');
  s3 = await startS3({ dir, port: 0, bucket, region: localRegion, allowedOrigins: [siteOrigin] });
  client = createLocalS3Client(s3.endpoint, localRegion);
});

afterAll(async () => {
  client?.destroy();
  await s3?.close();
  await removeTempDir(dir);
});

const newKey = () => `uploads/test-form/${randomUUID()}.jpg`;

/** A presigned PUT for `size` bytes of `type`, as POST /api/uploads makes them. */
function presignPut(key: string, type: string, size: number, options: { signingDate?: Date; expiresIn?: number } = {}) {
  return getSignedUrl(client, new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: type, ContentLength: size }), {
    expiresIn: options.expiresIn ?? 300,
    signingDate: options.signingDate,
    signableHeaders: new Set(['content-type', 'content-length']),
  });
}

function put(url: string, body: Uint8Array<ArrayBuffer> | string, type = 'image/jpeg', headers: Record<string, string> = {}) {
  return fetch(url, { method: 'PUT', headers: { 'content-type': type, ...headers }, body });
}

/** S3's error code in a refusal's XML body. */
async function errorCode(response: Response): Promise<string | undefined> {
  return /<Code>([^<]+)<\/Code>/.exec(await response.text())?.[1];
}

async function stored(key: string): Promise<string | undefined> {
  try {
    return await (await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))).Body?.transformToString();
  } catch (error) {
    if ((error as S3ServiceException).name === 'NoSuchKey') return undefined;
    throw error;
  }
}

async function sdkError(promise: Promise<unknown>): Promise<{ name: string; status?: number }> {
  const error = (await promise.then(
    () => undefined,
    (e: unknown) => e,
  )) as S3ServiceException | undefined;
  expect(error, 'the call should have failed').toBeDefined();
  return { name: error!.name, status: error!.$metadata?.httpStatusCode };
}

describe('a presigned PUT', () => {
  test('takes a body of exactly the signed length and type, and nothing else', async () => {
    const key = newKey();
    const url = await presignPut(key, 'image/jpeg', 10);

    for (const [body, type] of [
      ['x'.repeat(11), 'image/jpeg'],
      ['x'.repeat(9), 'image/jpeg'],
      ['x'.repeat(10), 'image/png'],
      ['x'.repeat(10), 'text/html'],
    ] as const) {
      const refused = await put(url, body, type);
      expect(refused.status, `${body.length} bytes of ${type}`).toBe(403);
      expect(await errorCode(refused)).toBe('SignatureDoesNotMatch');
    }
    expect(await stored(key)).toBeUndefined();

    expect((await put(url, '0123456789')).status).toBe(200);
    expect(await stored(key)).toBe('0123456789');
  });

  test('cannot turn a 2,000-byte photo into 20 MB', async () => {
    const key = newKey();
    const url = await presignPut(key, 'image/jpeg', 2000);
    expect((await put(url, new Uint8Array(2000).fill(1))).status).toBe(200);
    const swapped = await put(url, new Uint8Array(20 * 1024 * 1024).fill(2));
    expect(swapped.status).toBe(403);
    expect(await errorCode(swapped)).toBe('SignatureDoesNotMatch');
    expect((await stored(key))?.length).toBe(2000);
  });

  test('is refused once expired, or when its key, signature or credential was changed', async () => {
    const key = newKey();
    const expired = await presignPut(key, 'image/jpeg', 3, { signingDate: new Date(Date.now() - 10 * 60_000), expiresIn: 60 });
    const refused = await put(expired, 'abc');
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('Request has expired');

    const url = await presignPut(key, 'image/jpeg', 3);
    expect((await put(url.replace(key, newKey()), 'abc')).status).toBe(403);
    const signature = new URL(url).searchParams.get('X-Amz-Signature')!;
    expect((await put(url.replace(signature, `${signature.slice(0, -1)}${signature.endsWith('0') ? '1' : '0'}`), 'abc')).status).toBe(
      403,
    );

    const stranger = new S3Client({
      endpoint: s3.endpoint,
      region: localRegion,
      forcePathStyle: true,
      credentials: { accessKeyId: s3Credentials.accessKeyId, secretAccessKey: 'not-the-secret' },
      requestChecksumCalculation: 'WHEN_REQUIRED',
    });
    try {
      const forged = await getSignedUrl(stranger, new PutObjectCommand({ Bucket: bucket, Key: key, ContentLength: 3 }));
      const answer = await put(forged, 'abc');
      expect(answer.status).toBe(403);
      expect(await errorCode(answer)).toBe('SignatureDoesNotMatch');
    } finally {
      stranger.destroy();
    }
    expect(await stored(key)).toBeUndefined();
  });

  test('answers a browser of the site, refusal included, so it can read the status', async () => {
    const url = await presignPut(newKey(), 'image/jpeg', 3);
    const preflight = await fetch(url, {
      method: 'OPTIONS',
      headers: { origin: siteOrigin, 'access-control-request-method': 'PUT', 'access-control-request-headers': 'content-type' },
    });
    expect(preflight.status).toBe(200);
    const refused = await put(url, 'abcd', 'image/jpeg', { origin: siteOrigin });
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBe(siteOrigin);
    const taken = await put(url, 'abc', 'image/jpeg', { origin: siteOrigin });
    expect(taken.status).toBe(200);
    expect(taken.headers.get('access-control-allow-origin')).toBe(siteOrigin);
  });
});

describe('the bucket is private', () => {
  test('an unsigned PUT or GET is refused', async () => {
    const key = newKey();
    const anonymous = await put(`${s3.endpoint}/${bucket}/${key}`, 'abc');
    expect(anonymous.status).toBe(403);
    expect(await errorCode(anonymous)).toBe('AccessDenied');
    expect(await stored(key)).toBeUndefined();

    await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'abc' }));
    expect((await fetch(`${s3.endpoint}/${bucket}/${key}`)).status).toBe(403);
    expect(await stored(key)).toBe('abc');
  });

  test('SDK calls signed with another secret, another key or another region are refused', async () => {
    const clientWith = (region: string, credentials: { accessKeyId: string; secretAccessKey: string }) =>
      new S3Client({ endpoint: s3.endpoint, region, forcePathStyle: true, credentials, requestChecksumCalculation: 'WHEN_REQUIRED' });
    const cases = [
      [clientWith(localRegion, { ...s3Credentials, secretAccessKey: 'guess' }), 'SignatureDoesNotMatch'],
      [clientWith(localRegion, { accessKeyId: 'AKIAOTHER', secretAccessKey: s3Credentials.secretAccessKey }), 'InvalidAccessKeyId'],
      [clientWith('us-east-1', s3Credentials), 'AuthorizationHeaderMalformed'],
    ] as const;
    for (const [other, code] of cases) {
      try {
        expect((await sdkError(other.send(new PutObjectCommand({ Bucket: bucket, Key: newKey(), Body: 'abc' })))).name).toBe(code);
      } finally {
        other.destroy();
      }
    }
  });
});

test('a copy or a read conditioned on an ETag the object no longer has is refused with 412', async () => {
  const source = newKey();
  const first = await client.send(new PutObjectCommand({ Bucket: bucket, Key: source, Body: 'first' }));
  const second = await client.send(new PutObjectCommand({ Bucket: bucket, Key: source, Body: 'second' }));
  expect(first.ETag).not.toBe(second.ETag);

  const copy = (etag: string) =>
    client.send(
      new CopyObjectCommand({ Bucket: bucket, Key: newKey(), CopySource: `${bucket}/${source}`, CopySourceIfMatch: etag }),
    );
  expect(await sdkError(copy(first.ETag!))).toEqual({ name: 'PreconditionFailed', status: 412 });
  await expect(copy(second.ETag!)).resolves.toBeDefined();

  const read = (etag: string) => client.send(new GetObjectCommand({ Bucket: bucket, Key: source, IfMatch: etag }));
  expect((await sdkError(read(first.ETag!))).status).toBe(412);
  expect(await (await read(second.ETag!)).Body?.transformToString()).toBe('second');
});

test('fails on command, like S3 when it is down, and recovers', async () => {
  const key = newKey();
  await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: 'abc' }));
  await setS3Failure(s3.endpoint, { status: 503 });
  try {
    expect((await sdkError(client.send(new GetObjectCommand({ Bucket: bucket, Key: key })))).status).toBe(503);
    expect((await put(await presignPut(newKey(), 'image/jpeg', 3), 'abc')).status).toBe(503);
  } finally {
    await setS3Failure(s3.endpoint, undefined);
  }
  expect(await stored(key)).toBe('abc');
});
