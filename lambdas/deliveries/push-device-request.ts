import { createECDH } from 'node:crypto';
import type { SavePushDeviceRequest } from '../../shared/admin-api';
import { isLanguage } from '../../shared/languages';
import { isClockTime, type QuietHours } from '../../shared/push-notifications';
import { isRecord } from '../lib/http';

/** Longer than any push service's endpoint (Chrome's, Firefox's and Safari's are a few hundred characters). */
const maxEndpointLength = 2_048;

/**
 * The body of `PUT /api/admin/push-subscriptions`, when it is one: a push
 * subscription as browsers give it (an endpoint, the device's P-256 key and
 * its 16-byte auth secret, RFC 8291), the staff member's language and
 * optional quiet hours. Anything else is undefined (400), so that the worker
 * never holds a device it cannot encrypt for.
 */
export function parsePushDeviceRequest(body: unknown): SavePushDeviceRequest | undefined {
  if (!isRecord(body) || !isRecord(body.subscription) || !isRecord(body.subscription.keys)) return undefined;
  const { endpoint, keys } = body.subscription;
  if (!isPushEndpoint(endpoint) || !isDeviceKey(keys.p256dh) || !isAuthSecret(keys.auth)) return undefined;
  if (!isLanguage(body.language)) return undefined;
  const quietHours = body.quietHours === undefined || body.quietHours === null ? undefined : parseQuietHours(body.quietHours);
  if (quietHours === null) return undefined;
  return { subscription: { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } }, language: body.language, ...(quietHours && { quietHours }) };
}

function parseQuietHours(value: unknown): QuietHours | null {
  if (!isRecord(value) || !isClockTime(value.from) || !isClockTime(value.to) || value.from === value.to) return null;
  return { from: value.from, to: value.to };
}

/**
 * A push service's address: https, as every browser's is; or http on this
 * machine, where the local stack's tests run a push service of their own.
 */
function isPushEndpoint(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > maxEndpointLength) return false;
  try {
    const url = new URL(value);
    if (url.username || url.password) return false;
    return url.protocol === 'https:' || (url.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname));
  } catch {
    return false;
  }
}

function base64UrlBytes(value: unknown): Buffer | undefined {
  if (typeof value !== 'string' || !/^[A-Za-z0-9_-]+={0,2}$/.test(value)) return undefined;
  return Buffer.from(value, 'base64url');
}

/** An uncompressed point on P-256 (65 bytes): one the key agreement accepts. */
function isDeviceKey(value: unknown): value is string {
  const bytes = base64UrlBytes(value);
  if (bytes?.length !== 65 || bytes[0] !== 4) return false;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(bytes);
    return true;
  } catch {
    return false;
  }
}

function isAuthSecret(value: unknown): value is string {
  return base64UrlBytes(value)?.length === 16;
}
