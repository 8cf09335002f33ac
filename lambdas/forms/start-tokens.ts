import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * A form's start token: the time the server saw the form open, signed for
 * that form, so that a client can neither forge nor move it. The minimum fill
 * time is measured from it (docs/decisions/0011-honest-input-and-no-spam.md).
 * Format: `<issued at, ms since epoch>.<HMAC-SHA256 of "formId.issuedAt", base64url>`.
 */
export function createStartTokens(key: string, clock: () => number = Date.now) {
  const sign = (formId: string, issuedAt: number) => createHmac('sha256', key).update(`${formId}.${issuedAt}`).digest();

  return {
    issue(formId: string): string {
      const issuedAt = clock();
      return `${issuedAt}.${sign(formId, issuedAt).toString('base64url')}`;
    },

    /** When the token was issued for this form; undefined for anything else (absent, malformed, another form's, another key's). */
    issuedAt(token: unknown, formId: string): number | undefined {
      if (typeof token !== 'string' || token.length > 100) return undefined;
      const match = /^(\d{1,15})\.([\w-]{43})$/.exec(token);
      if (!match) return undefined;
      const issuedAt = Number(match[1]);
      const signature = Buffer.from(match[2]!, 'base64url');
      const expected = sign(formId, issuedAt);
      return signature.length === expected.length && timingSafeEqual(signature, expected) ? issuedAt : undefined;
    },
  };
}

export type StartTokens = ReturnType<typeof createStartTokens>;
