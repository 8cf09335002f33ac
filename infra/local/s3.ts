import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { startChildService } from './child-service';
import { localHost, reservePort } from './ports';

/**
 * S3 stand-in: s3rver on disk, in a child process (see s3rver-child.mjs for
 * why). Clients need `forcePathStyle: true`, access key / secret `S3RVER`,
 * and `requestChecksumCalculation: 'WHEN_REQUIRED'`. s3rver checks no
 * signature, content type or size on presigned uploads.
 */

export const s3Credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface LocalS3 {
  endpoint: string;
  port: number;
  close(): Promise<void>;
}

export async function startS3(options: {
  dir: string;
  port: number;
  bucket: string;
  /** Origins allowed to GET/PUT/HEAD objects from the browser (presigned uploads). */
  allowedOrigins: string[];
}): Promise<LocalS3> {
  await mkdir(options.dir, { recursive: true });
  const bound = await reservePort(options.port, 'S3 (s3rver)');
  const settings = {
    directory: options.dir,
    host: localHost,
    port: bound,
    buckets: [{ name: options.bucket, configs: [corsConfiguration(options.allowedOrigins)] }],
  };
  const child = await startChildService({
    service: 'S3 (s3rver)',
    script: fileURLToPath(new URL('./s3rver-child.mjs', import.meta.url)),
    nodeFlags: ['--openssl-legacy-provider'],
    port: bound,
    cwd: options.dir,
    env: { S3RVER_SETTINGS: JSON.stringify(settings) },
  });
  return { endpoint: `http://${localHost}:${bound}`, port: bound, close: child.close };
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
