import { createECDH, createHash } from 'node:crypto';
import { ConfigError, type PushConfig } from '../lib/config';
import { sharedSecretValues } from '../lib/rotating-secret';

/**
 * The VAPID key pair that signs every push (RFC 8292), made from one secret:
 * in AWS a Secrets Manager secret of random letters like the others, since
 * Secrets Manager cannot generate a P-256 key; locally a value the stack
 * generated once and keeps in its data folder. The private key is the
 * SHA-256 of the secret (and a counter, in the rare case the digest is not a
 * valid P-256 scalar), so every function reading the same secret signs with
 * the same key, and browsers subscribe with its public half.
 *
 * A new secret value is a new key: push services then refuse every device
 * subscribed with the old one, so this secret is not rotated with the others
 * (docs/decisions/0022-the-dealers-inbox.md).
 */
export interface VapidKeys {
  /** Uncompressed P-256 point, base64url: the browsers' `applicationServerKey`. */
  publicKey: string;
  /** The 32-byte scalar, base64url. */
  privateKey: string;
}

export function vapidKeysFrom(secret: string): VapidKeys {
  for (let counter = 0; ; counter++) {
    const scalar = createHash('sha256').update(`vapid:${counter}:`).update(secret).digest();
    const ecdh = createECDH('prime256v1');
    try {
      ecdh.setPrivateKey(scalar);
    } catch {
      continue;
    }
    return { publicKey: ecdh.getPublicKey('base64url'), privateKey: scalar.toString('base64url') };
  }
}

/** The key pair of this deployment, read from its secret when first needed (and again after the secret's cache expires). */
export function pushKeysOf(config: { push?: PushConfig }): () => Promise<VapidKeys> {
  if (!config.push) throw new ConfigError(['PUSH_KEY or PUSH_KEY_SECRET is required: the secret the push notifications are signed with']);
  const secret = sharedSecretValues(config.push.key);
  let made: { from: string; keys: VapidKeys } | undefined;
  return async () => {
    const value = await secret.current();
    if (made?.from !== value) made = { from: value, keys: vapidKeysFrom(value) };
    return made.keys;
  };
}
