import { createHmac } from 'node:crypto';

/**
 * The code an authenticator app shows (RFC 6238 TOTP, as Cognito uses it:
 * HMAC-SHA1, 30-second steps, 6 digits) for a secret key in base32, the way
 * Cognito gives it and the admin's setup page shows it (spaces allowed).
 */
export function totpCode(secretKey: string, at = Date.now(), digits = 6): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const hmac = createHmac('sha1', base32Decode(secretKey)).update(counter).digest();
  // RFC 4226 dynamic truncation: four bytes from the offset the last nibble names.
  const offset = hmac[hmac.length - 1]! & 0x0f;
  const value = hmac.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 10 ** digits).padStart(digits, '0');
}

const base32Alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Decode(text: string): Buffer {
  const bytes: number[] = [];
  let bits = 0;
  let buffer = 0;
  for (const char of text.replace(/[\s=]/g, '').toUpperCase()) {
    const index = base32Alphabet.indexOf(char);
    if (index < 0) throw new Error(`Not a base32 character: ${char}`);
    buffer = (buffer << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return Buffer.from(bytes);
}
