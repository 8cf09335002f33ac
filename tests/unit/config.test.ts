import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, loadOriginCheckConfig } from '../../lambdas/lib/config';
import { startKeysOf } from '../../lambdas/forms/start-tokens';

const validEnv = {
  AWS_REGION: 'eu-west-3',
  SUBMISSIONS_TABLE: 'submissions',
  ORDER_SEARCH_TABLE: 'order-search',
  PRODUCTS_TABLE: 'products',
  MEDIA_TABLE: 'media',
  CONTENT_TABLE: 'content',
  USER_POOL_ID: 'eu-west-3_AbCdEf123',
  UPLOADS_BUCKET: 'agri-dealer-uploads',
  UPLOADS_PUBLIC_URL: 'https://d111111abcdef8.cloudfront.net/',
  FORM_SCHEMAS_DIR: '/var/task/form-schemas',
  SHEET_RELAY_URLS: JSON.stringify({ 'tractor-orders': 'https://relay.example/google_sheets/abc' }),
  RATE_LIMITS_TABLE: 'rate-limits',
  FORM_START_KEY: 'k'.repeat(48),
};

describe('loadConfig', () => {
  it('reads a complete environment', () => {
    const config = loadConfig({
      ...validEnv,
      DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000',
      S3_ENDPOINT: 'http://127.0.0.1:4568',
      COGNITO_ENDPOINT: 'http://127.0.0.1:9229',
    });
    expect(config).toEqual({
      region: 'eu-west-3',
      dynamoDbEndpoint: 'http://127.0.0.1:8000',
      s3Endpoint: 'http://127.0.0.1:4568',
      submissionsTable: 'submissions',
      orderSearchTable: 'order-search',
      productsTable: 'products',
      mediaTable: 'media',
      contentTable: 'content',
      siteBuildDir: undefined,
      siteDir: undefined,
      userPoolId: 'eu-west-3_AbCdEf123',
      cognitoEndpoint: 'http://127.0.0.1:9229',
      uploadsBucket: 'agri-dealer-uploads',
      uploadsPublicUrl: 'https://d111111abcdef8.cloudfront.net/',
      formSchemasDir: '/var/task/form-schemas',
      sheetRelayUrls: { 'tractor-orders': 'https://relay.example/google_sheets/abc' },
      relayTimeoutMs: 10_000,
      orderWaitingMinutes: 120,
      relayMaxCallBytes: 512 * 1024,
      relayReadBack: true,
      rateLimitsTable: 'rate-limits',
      antiSpam: true,
      stage: 'local',
      formStartKey: { value: 'k'.repeat(48) },
      originSecret: undefined,
    });
  });

  it('needs no endpoints in AWS', () => {
    const config = loadConfig(validEnv);
    expect(config.dynamoDbEndpoint).toBeUndefined();
    expect(config.s3Endpoint).toBeUndefined();
  });

  it('lists every missing variable in one clear error', () => {
    const attempt = () => loadConfig({ AWS_REGION: 'eu-west-3' });
    expect(attempt).toThrow(ConfigError);
    const required = [
      'SUBMISSIONS_TABLE',
      'ORDER_SEARCH_TABLE',
      'PRODUCTS_TABLE',
      'MEDIA_TABLE',
      'CONTENT_TABLE',
      'USER_POOL_ID',
      'UPLOADS_BUCKET',
      'UPLOADS_PUBLIC_URL',
      'FORM_SCHEMAS_DIR',
      'RATE_LIMITS_TABLE',
    ];
    try {
      attempt();
    } catch (error) {
      const { problems, message } = error as ConfigError;
      expect(problems).toHaveLength(required.length);
      for (const name of required) expect(message).toContain(`${name} is not set`);
    }
  });

  it.each([
    ['not JSON', '{oops', 'SHEET_RELAY_URLS is not valid JSON'],
    ['an array', '["https://x"]', 'SHEET_RELAY_URLS must be a JSON object'],
    ['a non-URL value', '{"tractor-orders":"ftp://x"}', 'SHEET_RELAY_URLS["tractor-orders"] must be an http(s) URL'],
  ])('rejects relay URLs that are %s', (_case, value, expected) => {
    expect(() => loadConfig({ ...validEnv, SHEET_RELAY_URLS: value })).toThrow(expected);
  });

  it.each([
    ['DYNAMODB_ENDPOINT', 'localhost:8000'],
    ['S3_ENDPOINT', 's3rver'],
  ])('rejects a malformed %s', (name, value) => {
    expect(() => loadConfig({ ...validEnv, [name]: value })).toThrow(`${name} must be an http(s) URL`);
  });

  it.each([
    ['not a URL', 'uploads/', 'UPLOADS_PUBLIC_URL must be an http(s) URL'],
    ['another protocol', 's3://agri-dealer-uploads/', 'UPLOADS_PUBLIC_URL must be an http(s) URL'],
    ['a URL without the final slash', 'https://d111111abcdef8.cloudfront.net', 'UPLOADS_PUBLIC_URL must end with "/"'],
  ])('rejects an uploads public URL that is %s', (_case, value, expected) => {
    expect(() => loadConfig({ ...validEnv, UPLOADS_PUBLIC_URL: value })).toThrow(expected);
  });

  describe('the staff e-mail', () => {
    const mailEnv = { ...validEnv, STAFF_EMAILS: ' sales@dealer.dz, manager@dealer.dz ', MAIL_FROM: 'orders@dealer.dz', SITE_URL: 'https://dealer.dz/' };

    it('is off when no staff address is set, whatever else is', () => {
      expect(loadConfig(validEnv).staffMail).toBeUndefined();
      expect(loadConfig({ ...validEnv, STAFF_EMAILS: ' , ', MAIL_FROM: 'not an address' }).staffMail).toBeUndefined();
    });

    it('reads the addresses, the sender, the site without its final slash, and French by default', () => {
      expect(loadConfig({ ...mailEnv, SES_ENDPOINT: 'http://127.0.0.1:8005' })).toMatchObject({
        sesEndpoint: 'http://127.0.0.1:8005',
        staffMail: { to: ['sales@dealer.dz', 'manager@dealer.dz'], from: 'orders@dealer.dz', siteUrl: 'https://dealer.dz', language: 'fr' },
      });
      expect(loadConfig({ ...mailEnv, STAFF_LANGUAGE: 'ar' }).staffMail?.language).toBe('ar');
    });

    it('names every problem at once', () => {
      const attempt = () =>
        loadConfig({ ...validEnv, STAFF_EMAILS: 'sales@dealer.dz, Bcc: x@y.dz, not-an-address', STAFF_LANGUAGE: 'de' });
      expect(attempt).toThrow(ConfigError);
      try {
        attempt();
      } catch (error) {
        expect((error as ConfigError).problems).toEqual([
          'STAFF_EMAILS must be e-mail addresses separated by commas, got "Bcc: x@y.dz"',
          'STAFF_EMAILS must be e-mail addresses separated by commas, got "not-an-address"',
          'MAIL_FROM is not set (the sender of the staff e-mail, verified in SES)',
          'SITE_URL is not set (the site address the staff e-mail links to)',
          'STAFF_LANGUAGE must be ar, fr or en, got "de"',
        ]);
      }
    });

    it.each([
      ['MAIL_FROM', 'Orders <orders@dealer.dz>', 'MAIL_FROM must be an e-mail address'],
      ['MAIL_FROM', 'orders@dealer.dz\r\nBcc: x@y.dz', 'MAIL_FROM must be an e-mail address'],
      ['SITE_URL', 'dealer.dz', 'SITE_URL must be an http(s) URL'],
      ['SES_ENDPOINT', 'localhost:8005', 'SES_ENDPOINT must be an http(s) URL'],
    ])('rejects a malformed %s', (name, value, expected) => {
      expect(() => loadConfig({ ...mailEnv, [name]: value })).toThrow(expected);
    });
  });

  it.each(['0', '-5', '2.5', 'soon'])('rejects a relay timeout of %s', (value) => {
    expect(() => loadConfig({ ...validEnv, RELAY_TIMEOUT_MS: value })).toThrow('RELAY_TIMEOUT_MS must be a positive whole number');
  });

  it.each([
    [undefined, true],
    ['on', true],
    ['ON', true],
    ['off', false],
    [' Off ', false],
  ])('reads ANTI_SPAM=%s as %s (on unless turned off)', (value, expected) => {
    expect(loadConfig({ ...validEnv, ANTI_SPAM: value }).antiSpam).toBe(expected);
  });

  it('rejects an ANTI_SPAM that is neither on nor off', () => {
    expect(() => loadConfig({ ...validEnv, ANTI_SPAM: 'no' })).toThrow('ANTI_SPAM must be "on" or "off", got "no"');
  });

  it('reads the CloudFront origin secret when set, and refuses short secrets', () => {
    expect(loadConfig({ ...validEnv, ORIGIN_SECRET: 's'.repeat(64) }).originSecret).toEqual({ value: 's'.repeat(64) });
    expect(() => loadConfig({ ...validEnv, ORIGIN_SECRET: 'guess' })).toThrow('ORIGIN_SECRET must be at least 32 characters long');
    expect(() => loadConfig({ ...validEnv, FORM_START_KEY: 'short' })).toThrow('FORM_START_KEY must be at least 32 characters long');
  });

  it('in AWS, names the secrets read at run time instead of holding their values', () => {
    const { FORM_START_KEY: _key, ...aws } = validEnv;
    const arn = (name: string) => `arn:aws:secretsmanager:eu-west-3:123456789012:secret:${name}-AbCdEf`;
    const config = loadConfig({ ...aws, FORM_START_KEY_SECRET: arn('FormStartKey'), ORIGIN_VERIFY_SECRET: arn('OriginSecret') });
    expect(config.formStartKey).toEqual({ secretId: arn('FormStartKey'), region: 'eu-west-3' });
    expect(config.originSecret).toEqual({ secretId: arn('OriginSecret'), region: 'eu-west-3' });
    // A function that reads neither (the delivery worker, the publisher) needs neither.
    expect(loadConfig(aws).formStartKey).toBeUndefined();
  });

  it('refuses to start a function that signs start tokens without a key', () => {
    const { FORM_START_KEY: _key, ...aws } = validEnv;
    expect(() => startKeysOf(loadConfig(aws))).toThrow('FORM_START_KEY or FORM_START_KEY_SECRET is required');
  });

  it('gives the origin check its secret alone', () => {
    expect(loadOriginCheckConfig({ ORIGIN_SECRET: 's'.repeat(64) })).toEqual({ originSecret: { value: 's'.repeat(64) } });
    expect(loadOriginCheckConfig({ AWS_REGION: 'eu-west-3', ORIGIN_VERIFY_SECRET: 'origin' })).toEqual({ originSecret: { secretId: 'origin', region: 'eu-west-3' } });
    expect(loadOriginCheckConfig({})).toEqual({ originSecret: undefined });
  });
});
