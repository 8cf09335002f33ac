import { S3Client } from '@aws-sdk/client-s3';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { startChildService } from './child-service';
import { localHost, reservePort } from './ports';
import type { ChildState } from './supervised-child';

/**
 * S3 stand-in: s3rver on disk behind a front that checks signatures, expiry,
 * signed lengths and types and the ETag conditions, as S3 does (s3-front.ts),
 * in a child process (see s3-child.ts for why). Clients need
 * `forcePathStyle: true`, the access key / secret `S3RVER`, the stand-in's
 * region and `requestChecksumCalculation: 'WHEN_REQUIRED'` (createLocalS3Client
 * makes one).
 */

export const s3Credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface LocalS3 {
  endpoint: string;
  port: number;
  /** The stand-in's process, restarted on the same port and folder if it dies. */
  child: ChildState;
  close(): Promise<void>;
}

/** What s3-child.ts is started with. */
export interface S3ChildSettings {
  directory: string;
  host: string;
  port: number;
  buckets: { name: string; configs: string[] }[];
  allowedOrigins: string[];
  region: string;
  credentials: typeof s3Credentials;
}

export async function startS3(options: {
  dir: string;
  port: number;
  bucket: string;
  /** The only region it takes signatures for, as a bucket lives in one. */
  region: string;
  /** Origins allowed to GET/PUT/HEAD objects from the browser (presigned uploads). */
  allowedOrigins: string[];
  /** Where a restart is reported; default the console. */
  log?(line: string): void;
}): Promise<LocalS3> {
  await mkdir(options.dir, { recursive: true });
  const bound = await reservePort(options.port, 'S3 (s3rver)');
  const settings: S3ChildSettings = {
    directory: options.dir,
    host: localHost,
    port: bound,
    buckets: [{ name: options.bucket, configs: [corsConfiguration(options.allowedOrigins)] }],
    allowedOrigins: options.allowedOrigins,
    region: options.region,
    credentials: s3Credentials,
  };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const service = await startChildService({
    service: 'S3 (s3rver)',
    script: fileURLToPath(new URL('./s3-child.ts', import.meta.url)),
    nodeFlags: ['--openssl-legacy-provider', '--import', tsx],
    port: bound,
    cwd: options.dir,
    env: { S3_SETTINGS: JSON.stringify(settings) },
    log: options.log,
  });
  return { endpoint: `http://${localHost}:${bound}`, port: bound, child: service.child, close: service.close };
}

/** An SDK client of the local S3, signing as the stand-in expects; destroy it when done. */
export function createLocalS3Client(endpoint: string, region: string): S3Client {
  return new S3Client({
    endpoint,
    region,
    credentials: s3Credentials,
    forcePathStyle: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
  });
}

function corsConfiguration(origins: string[]): string {
  const allowedOrigins = origins.map((origin) => `<AllowedOrigin>${origin}</AllowedOrigin>`).join('');
  return (
    '<CORSConfiguration><CORSRule>' +
    allowedOrigins +
    '<AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>HEAD</AllowedMethod>' +
    '<AllowedHeader>*</AllowedHeader><ExposeHeader>ETag</ExposeHeader><MaxAgeSeconds>3000</MaxAgeSeconds>' +
    '</CORSRule></CORSConfiguration>'
  );
}
