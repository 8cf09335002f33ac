import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';
import { totpCode } from '../support/totp';

/** The tests' authenticator app: RFC 6238's own examples, and codes the local stand-in accepts. */
describe('totpCode', () => {
  // RFC 6238, appendix B: the SHA-1 key "12345678901234567890", in base32.
  const rfcKey = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

  test.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('at %i s gives RFC 6238’s %s', (seconds, code) => {
    expect(totpCode(rfcKey, seconds * 1000, 8)).toBe(code);
  });

  test('reads the key as the setup page shows it, grouped by four, and gives six digits', () => {
    expect(totpCode('GEZD GNBV GY3T QOJQ GEZD GNBV GY3T QOJQ', 59_000)).toBe('287082');
  });

  test('gives the code cognito-local checks sign-ins against', () => {
    const cognitoTotp = createRequire(import.meta.url)('cognito-local/lib/services/totp') as {
      generateSecret(): string;
      verify(secret: string, code: string): boolean;
    };
    const secret = cognitoTotp.generateSecret();
    expect(cognitoTotp.verify(secret, totpCode(secret))).toBe(true);
    expect(cognitoTotp.verify(secret, totpCode(secret, Date.now() - 10 * 60_000))).toBe(false);
  });
});
