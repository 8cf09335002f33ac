import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { startTokenLifetimeMs } from '../../shared/forms/anti-spam';
import { ConfigError, type ApiConfig } from '../lib/config';
import { sharedSecretValues, type SecretValues } from '../lib/rotating-secret';

/**
 * A form's start token: the time the server saw the form open, signed for
 * that form, so that a client can neither forge nor move it. The minimum fill
 * time is measured from it, and an order that carries a valid one counts
 * against its token rather than against its address
 * (docs/decisions/0011-honest-input-and-no-spam.md). A token is good for a day.
 * Format: `<issued at, ms since epoch>.<nonce>.<HMAC-SHA256 of "formId.issuedAt.nonce">`,
 * base64url; the random nonce makes each token its own, even for two farmers
 * opening the same form in the same millisecond.
 *
 * The key is read at run time (lib/rotating-secret.ts): a token is signed
 * with the current key and checked against the current and the previous one,
 * so the tokens given before a rotation stay good until they expire, as long
 * as the key is rotated at most once a day.
 */
export function createStartTokens(keys: SecretValues, clock: () => number = Date.now) {
  const sign = (secret: string, formId: string, issuedAt: number, nonce: string) =>
    createHmac('sha256', secret).update(`${formId}.${issuedAt}.${nonce}`).digest();

  return {
    async issue(formId: string): Promise<string> {
      const issuedAt = clock();
      const nonce = randomBytes(16).toString('base64url');
      return `${issuedAt}.${nonce}.${sign(await keys.current(), formId, issuedAt, nonce).toString('base64url')}`;
    },

    /** The token, when it is this form's and less than a day old; undefined for anything else (absent, malformed, expired, another form's, another key's). */
    async verify(token: unknown, formId: string): Promise<StartToken | undefined> {
      if (typeof token !== 'string' || token.length > 100) return undefined;
      const match = /^(\d{1,15})\.([\w-]{22})\.([\w-]{43})$/.exec(token);
      if (!match) return undefined;
      const [, time, nonce, signed] = match as unknown as [string, string, string, string];
      const issuedAt = Number(time);
      const expiresAt = issuedAt + startTokenLifetimeMs;
      if (clock() >= expiresAt) return undefined;
      const signature = Buffer.from(signed, 'base64url');
      const signedWith = (secret: string) => {
        const expected = sign(secret, formId, issuedAt, nonce);
        return signature.length === expected.length && timingSafeEqual(signature, expected) ? true : undefined;
      };
      return (await keys.find(signedWith)) ? { issuedAt, expiresAt, id: signed } : undefined;
    },
  };
}

/** The start key of the configuration; the functions that sign or check start tokens refuse to start without one. */
export function startKeysOf(config: Pick<ApiConfig, 'formStartKey'>): SecretValues {
  if (!config.formStartKey) throw new ConfigError(['FORM_START_KEY or FORM_START_KEY_SECRET is required: the key signing the forms\' start tokens']);
  return sharedSecretValues(config.formStartKey);
}

/** A verified start token. */
export interface StartToken {
  /** When the form opened (ms since epoch, the server's clock). */
  issuedAt: number;
  expiresAt: number;
  /** Its signature: names the token, as the key of its binding to a submission. */
  id: string;
}

export type StartTokens = ReturnType<typeof createStartTokens>;
