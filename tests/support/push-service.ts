import { createRequire } from 'node:module';
import type { AddressInfo, Server } from 'node:net';

/**
 * A Web Push service on this machine (the `web-push-testing` package): it
 * hands out subscriptions as a browser's push service would, checks each
 * push's VAPID signature, decrypts it with the device's key and keeps it for
 * the test to read; a subscription it is told to expire answers 410, as a
 * real service does for a device gone. Started by the tests that need it:
 * the local stack needs none, since the endpoint is in each subscription.
 */

export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushServiceStandIn {
  url: string;
  /** A new device's subscription for the server's public key, and its id at the stand-in. */
  subscribe(applicationServerKey: string): Promise<{ subscription: PushSubscriptionJson; clientHash: string }>;
  /** What the device received, decrypted, oldest first. */
  messages(clientHash: string): Promise<string[]>;
  /** From now on, a push to this device is answered 410 Gone. */
  expire(clientHash: string): Promise<void>;
  close(): Promise<void>;
}

interface WebPushTestingServer {
  startServer(): void;
  _server: Server;
}

const require = createRequire(import.meta.url);

export async function startPushService(): Promise<PushServiceStandIn> {
  const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as { PushApiModel: new () => { notifyUrl: string } };
  const Server = require('web-push-testing/src/server.js') as new (model: unknown, port: number) => WebPushTestingServer;
  const model = new PushApiModel();
  const server = new Server(model, 0);
  const log = console.log;
  // It announces its port on the console; the test report needs none of it.
  console.log = () => undefined;
  try {
    server.startServer();
    await new Promise<void>((resolve, reject) => {
      server._server.once('listening', resolve);
      server._server.once('error', reject);
    });
  } finally {
    console.log = log;
  }
  const url = `http://localhost:${(server._server.address() as AddressInfo).port}`;
  // Started on any free port: the endpoints it hands out name the one it got.
  model.notifyUrl = `${url}/notify/`;

  const post = async (path: string, body: unknown): Promise<Response> => {
    const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`The push service answered ${response.status} to ${path}: ${await response.text()}`);
    return response;
  };

  return {
    url,
    async subscribe(applicationServerKey) {
      const { data } = (await (await post('/subscribe', { userVisibleOnly: 'true', applicationServerKey })).json()) as { data: PushSubscriptionJson & { clientHash: string } };
      const { clientHash, ...subscription } = data;
      return { subscription, clientHash };
    },
    async messages(clientHash) {
      return ((await (await post('/get-notifications', { clientHash })).json()) as { data: { messages: string[] } }).data.messages;
    },
    async expire(clientHash) {
      await (await post(`/expire-subscription/${clientHash}`, {})).text();
    },
    close: () => new Promise((resolve) => server._server.close(() => resolve())),
  };
}
