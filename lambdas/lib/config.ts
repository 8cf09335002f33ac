/**
 * The one place that reads the API's configuration. Production (Lambda
 * environment set by the CDK stack) and the local stack (environment set by
 * infra/local) differ only in these values.
 */
export interface ApiConfig {
  region: string;
  /** Custom DynamoDB endpoint (the local dynalite); unset in AWS. */
  dynamoDbEndpoint?: string;
  /** Custom S3 endpoint (the local s3rver); unset in AWS. */
  s3Endpoint?: string;
  ordersTable: string;
  /** Contact messages and newsletter subscriptions (forms whose x-store.table is "messages"). */
  messagesTable: string;
  idempotencyTable: string;
  /** The catalogue products listed by GET /api/products. */
  productsTable: string;
  /** Bucket receiving the visitors' photos, under `uploads/`. */
  uploadsBucket: string;
  /** Where the object with key K is publicly readable: `${uploadsPublicUrl}${K}`. Ends with "/". */
  uploadsPublicUrl: string;
  /** Folder holding form-schemas/*.json. */
  formSchemasDir: string;
  /** Sheet key (as named in a schema's x-relay.sheet) to relay URL. Server-side only. */
  sheetRelayUrls: Record<string, string>;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env): ApiConfig {
  const problems: string[] = [];

  const required = (name: string, purpose: string): string => {
    const value = env[name]?.trim();
    if (!value) problems.push(`${name} is not set (${purpose})`);
    return value ?? '';
  };
  const optionalUrl = (name: string): string | undefined => {
    const value = env[name]?.trim();
    if (value && !isHttpUrl(value)) problems.push(`${name} must be an http(s) URL, got "${value}"`);
    return value || undefined;
  };
  const requiredUrl = (name: string, purpose: string): string => {
    const value = required(name, purpose);
    if (value && !isHttpUrl(value)) problems.push(`${name} must be an http(s) URL, got "${value}"`);
    else if (value && !value.endsWith('/')) problems.push(`${name} must end with "/", got "${value}"`);
    return value;
  };

  const config: ApiConfig = {
    region: env.AWS_REGION?.trim() || env.AWS_DEFAULT_REGION?.trim() || required('AWS_REGION', 'AWS region'),
    dynamoDbEndpoint: optionalUrl('DYNAMODB_ENDPOINT'),
    s3Endpoint: optionalUrl('S3_ENDPOINT'),
    ordersTable: required('ORDERS_TABLE', 'DynamoDB table storing orders'),
    messagesTable: required('MESSAGES_TABLE', 'DynamoDB table storing contact messages and subscriptions'),
    idempotencyTable: required('IDEMPOTENCY_TABLE', 'DynamoDB table remembering submission ids'),
    productsTable: required('PRODUCTS_TABLE', 'DynamoDB table of the catalogue products'),
    uploadsBucket: required('UPLOADS_BUCKET', 'S3 bucket receiving the photos'),
    uploadsPublicUrl: requiredUrl('UPLOADS_PUBLIC_URL', 'public URL of the uploads bucket, ending with "/"'),
    formSchemasDir: required('FORM_SCHEMAS_DIR', 'folder with the form JSON Schemas'),
    sheetRelayUrls: parseRelayUrls(
      required('SHEET_RELAY_URLS', 'JSON object mapping each sheet key to its relay URL'),
      problems,
    ),
  };

  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

function parseRelayUrls(raw: string, problems: string[]): Record<string, string> {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    problems.push('SHEET_RELAY_URLS is not valid JSON');
    return {};
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    problems.push('SHEET_RELAY_URLS must be a JSON object like {"tractor-orders": "https://…"}');
    return {};
  }
  const urls: Record<string, string> = {};
  for (const [sheet, url] of Object.entries(parsed)) {
    if (typeof url === 'string' && isHttpUrl(url)) urls[sheet] = url;
    else problems.push(`SHEET_RELAY_URLS["${sheet}"] must be an http(s) URL`);
  }
  return urls;
}

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
