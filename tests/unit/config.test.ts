import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../lambdas/lib/config';

const validEnv = {
  AWS_REGION: 'eu-west-3',
  ORDERS_TABLE: 'orders',
  IDEMPOTENCY_TABLE: 'idempotency',
  FORM_SCHEMAS_DIR: '/var/task/form-schemas',
  SHEET_RELAY_URLS: JSON.stringify({ 'tractor-orders': 'https://relay.example/google_sheets/abc' }),
};

describe('loadConfig', () => {
  it('reads a complete environment', () => {
    const config = loadConfig({ ...validEnv, DYNAMODB_ENDPOINT: 'http://127.0.0.1:8000' });
    expect(config).toEqual({
      region: 'eu-west-3',
      dynamoDbEndpoint: 'http://127.0.0.1:8000',
      ordersTable: 'orders',
      idempotencyTable: 'idempotency',
      formSchemasDir: '/var/task/form-schemas',
      sheetRelayUrls: { 'tractor-orders': 'https://relay.example/google_sheets/abc' },
    });
  });

  it('lists every missing variable in one clear error', () => {
    const attempt = () => loadConfig({ AWS_REGION: 'eu-west-3' });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const { problems, message } = error as ConfigError;
      expect(problems).toHaveLength(4);
      for (const name of ['ORDERS_TABLE', 'IDEMPOTENCY_TABLE', 'FORM_SCHEMAS_DIR', 'SHEET_RELAY_URLS']) {
        expect(message).toContain(`${name} is not set`);
      }
    }
  });

  it.each([
    ['not JSON', '{oops', 'SHEET_RELAY_URLS is not valid JSON'],
    ['an array', '["https://x"]', 'SHEET_RELAY_URLS must be a JSON object'],
    ['a non-URL value', '{"tractor-orders":"ftp://x"}', 'SHEET_RELAY_URLS["tractor-orders"] must be an http(s) URL'],
  ])('rejects relay URLs that are %s', (_case, value, expected) => {
    expect(() => loadConfig({ ...validEnv, SHEET_RELAY_URLS: value })).toThrow(expected);
  });

  it('rejects a malformed DynamoDB endpoint', () => {
    expect(() => loadConfig({ ...validEnv, DYNAMODB_ENDPOINT: 'localhost:8000' })).toThrow('DYNAMODB_ENDPOINT must be an http(s) URL');
  });
});
