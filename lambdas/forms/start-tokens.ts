import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { startTokenLifetimeMs } from '../../shared/forms/anti-spam';

/**
 * A form's start token: the time the server saw the form open, signed for
 * that form, so that a client can neither forge nor move it. The minimum fill
 * time is measured from it, and an order that carries a valid one counts
 * against its token rather than against its address
 * (docs/decisions/0011-honest-input-and-no-spam.md). A token is good for a day.
 * Format: `<issued at, ms since epoch>.<nonce>.<HMAC-SHA256 of "formId.issuedAt.nonce">`,
 * base64url; the random nonce makes each token its own, even for two farmers
 * opening the same form in the same millisecond.
 */
export function createStartTokens(key: string, clock: () => number = Date.now) {
  const sign = (formId: string, issuedAt: number, nonce: string) => createHmac('sha256', key).update(`${formId}.${issuedAt}.${nonce}`).digest();

  return {
    issue(formId: string): string {
      const issuedAt = clock();
      const nonce = randomBytes(16).toString('base64url');
      return `${issuedAt}.${nonce}.${sign(formId, issuedAt, nonce).toString('base64url')}`;
    },

    /** The token, when it is this form's and less than a day old; undefined for anything else (absent, malformed, expired, another form's, another key's). */
    verify(token: unknown, formId: string): StartToken | undefined {
      if (typeof token !== 'string' || token.length > 100) return undefined;
      const match = /^(\d{1,15})\.([\w-]{22})\.([\w-]{43})$/.exec(token);
      if (!match) return undefined;
      const [, time, nonce, signed] = match as unknown as [string, string, string, string];
      const issuedAt = Number(time);
      const signature = Buffer.from(signed, 'base64url');
      const expected = sign(formId, issuedAt, nonce);
      if (signature.length !== expected.length || !timingSafeEqual(signature, expected)) return undefined;
      const expiresAt = issuedAt + startTokenLifetimeMs;
      return clock() < expiresAt ? { issuedAt, expiresAt, id: signed } : undefined;
    },
  };
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
