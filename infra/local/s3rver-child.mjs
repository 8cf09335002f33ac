// Runs s3rver for the local stack in its own node process, started with
// --openssl-legacy-provider: s3rver encrypts listing continuation tokens with
// DES, which OpenSSL 3 offers only through that provider.
// Settings come as JSON in S3RVER_SETTINGS: { directory, host, port, buckets }.
import { createServer } from 'node:http';
import S3rver from 's3rver';

const { directory, host, port, buckets } = JSON.parse(process.env.S3RVER_SETTINGS || '{}');

try {
  const s3rver = new S3rver({ directory, silent: true, configureBuckets: buckets });
  await s3rver.configureBuckets();
  // Our own server rather than s3rver.run(), whose listen() ignores 'error' events.
  const server = createServer(s3rver.callback());
  server.once('error', (error) => {
    console.error(error.code === 'EADDRINUSE' ? `port ${port} is already in use` : error.message);
    process.exit(1);
  });
  server.listen(port, host);
  process.once('SIGTERM', () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
} catch (error) {
  console.error(error?.stack ?? String(error));
  process.exit(1);
}
