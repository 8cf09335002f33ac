import { timingSafeEqual } from 'node:crypto';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { sharedSecretValues, type SecretSource } from './rotating-secret';

/**
 * The client a request is counted against by the rate limit
 * (docs/decisions/0011-honest-input-and-no-spam.md).
 *
 * Locally, and for a request sent straight to the API, it is the address the
 * connection came from. In AWS visitors reach the API through CloudFront, so
 * that address is CloudFront's: CloudFront writes the visitor's address in
 * `x-viewer-address` (replacing whatever the visitor sent) and proves the
 * request passed through it with the secret `x-origin-verify`. Without that
 * secret the header is ignored, so a client cannot choose its own address.
 */

export const originVerifyHeader = 'x-origin-verify';
export const viewerAddressHeader = 'x-viewer-address';

export async function clientAddress(event: APIGatewayProxyEventV2, originSecret: SecretSource | undefined): Promise<string> {
  const viaCloudFront = originSecret !== undefined && (await isFromCloudFront(event.headers, originSecret));
  const viewer = viaCloudFront ? event.headers[viewerAddressHeader]?.trim() : undefined;
  return addressKey(viewer || event.requestContext.http.sourceIp);
}

/**
 * Whether the request carries CloudFront's origin secret (compared in constant
 * time): its current value, or the previous one while a rotation's overlap
 * lasts (./rotating-secret.ts).
 */
export async function isFromCloudFront(headers: Record<string, string | undefined>, originSecret: SecretSource): Promise<boolean> {
  const sent = headers[originVerifyHeader];
  if (sent === undefined) return false;
  return (await sharedSecretValues(originSecret).find((value) => sameSecret(sent, value) || undefined)) === true;
}

function sameSecret(sent: string | undefined, secret: string): boolean {
  if (sent === undefined) return false;
  const a = Buffer.from(sent);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * An IPv4 address as it is; an IPv6 address as its /64 network, since one
 * subscriber is given a whole /64 and could otherwise change address at will.
 */
export function addressKey(address: string): string {
  const plain = address.trim().toLowerCase().replace(/%.*$/, '');
  const mappedIpv4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain);
  if (mappedIpv4) return mappedIpv4[1]!;
  if (!plain.includes(':')) return plain;
  const [head = '', tail] = plain.split('::', 2);
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(Math.max(0, 8 - headGroups.length - tailGroups.length)).fill('0');
  const groups = [...headGroups, ...zeros, ...tailGroups].slice(0, 4).map((group) => (parseInt(group, 16) || 0).toString(16));
  return `${groups.join(':')}::/64`;
}
