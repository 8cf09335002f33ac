import type { IncomingMessage, ServerResponse } from 'node:http';

/** Small request/response helpers for the local servers. */

export type BodyRead = { tooLarge: false; body: Buffer } | { tooLarge: true };

/**
 * Reads the request body up to `maxBytes`. A larger body is drained and
 * dropped (answering before the client finished sending would break its
 * connection), and reported as too large.
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<BodyRead> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    let tooLarge = Number.isFinite(declared) && declared > maxBytes;
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.byteLength;
      if (size > maxBytes) {
        tooLarge = true;
        chunks.length = 0;
      } else {
        chunks.push(chunk);
      }
    });
    req.once('end', () => resolve(tooLarge ? { tooLarge: true } : { tooLarge: false, body: Buffer.concat(chunks) }));
    req.once('error', reject);
  });
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}

export function sendText(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, {
    'content-type': 'text/plain; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...headers,
  });
  res.end(text);
}
