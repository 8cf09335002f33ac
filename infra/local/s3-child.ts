// Runs the local S3 in its own node process, started with
// --openssl-legacy-provider (s3rver encrypts listing continuation tokens with
// DES, which OpenSSL 3 offers only through that provider) and tsx: s3rver
// behind the front that checks what s3rver does not (s3-front.ts). Nothing
// reaches s3rver but through the front.
// Settings come as JSON in S3_SETTINGS (see S3ChildSettings in s3.ts).
import { createServer } from 'node:http';
import S3rver from 's3rver';
import type { S3ChildSettings } from './s3';
import { createS3Front } from './s3-front';

const settings = JSON.parse(process.env.S3_SETTINGS || '{}') as S3ChildSettings;

try {
  const s3rver = new S3rver({ directory: settings.directory, silent: true, configureBuckets: settings.buckets });
  await s3rver.configureBuckets();
  const front = createS3Front({
    credentials: settings.credentials,
    region: settings.region,
    allowedOrigins: settings.allowedOrigins,
    s3rver: s3rver.callback(),
    etagOf: (bucket, key) =>
      s3rver.store.getMetadata(bucket, key).then(
        (metadata) => metadata.etag,
        () => undefined,
      ),
  });
  // Our own server rather than s3rver.run(), whose listen() ignores 'error' events.
  const server = createServer((req, res) => {
    front(req, res).catch((error: unknown) => {
      console.error((error as Error)?.stack ?? String(error));
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    });
  });
  server.once('error', (error: NodeJS.ErrnoException) => {
    console.error(error.code === 'EADDRINUSE' ? `port ${settings.port} is already in use` : error.message);
    process.exit(1);
  });
  server.listen(settings.port, settings.host);
  process.once('SIGTERM', () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
} catch (error) {
  console.error((error as Error)?.stack ?? String(error));
  process.exit(1);
}
