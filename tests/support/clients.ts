import { request, type RequestOptions } from 'node:http';

/**
 * Distinct clients on one machine: every 127.x.y.z address reaches the local
 * stack, and the API sees each as its own client (its rate limit counts by
 * address), as it would see farmers on different connections.
 */

export interface ClientAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  json(): unknown;
}

/** A client sending from `localAddress` (e.g. "127.0.0.21"): JSON posts, and gets. */
export function clientAt(localAddress: string) {
  return {
    get(url: string, headers: Record<string, string> = {}): Promise<ClientAnswer> {
      return send(url, { method: 'GET', localAddress, headers });
    },
    post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<ClientAnswer> {
      const payload = typeof body === 'string' ? body : JSON.stringify(body);
      return send(
        url,
        { method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers } },
        payload,
      );
    },
  };
}

function send(url: string, options: RequestOptions, payload?: string): Promise<ClientAnswer> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, options, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
      incoming.on('error', reject);
      incoming.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, text, json: () => JSON.parse(text) as unknown });
      });
    });
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}
