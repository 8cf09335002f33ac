import { isLanguage, type Language } from '../../shared/languages';
import type { SecretSource } from './rotating-secret';

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
  /** Every submission of every form (docs/decisions/0008-the-submission-record.md). */
  submissionsTable: string;
  /** The inbox's search index (docs/decisions/0022-the-dealers-inbox.md). */
  orderSearchTable: string;
  /** The catalogue products listed by GET /api/products. */
  productsTable: string;
  /** The staff's picture library (product pictures). */
  mediaTable: string;
  /** Staff's texts, catalogue and dealer details, and every publish (docs/decisions/0016-published-content.md). */
  contentTable: string;
  /** PUBLISHER_FUNCTION: the function that renders and publishes the site (lambdas/functions/publish-site); unset, publishing is off. */
  publisherFunction?: string;
  /** Custom Lambda endpoint (the local functions' stand-in, infra/local/functions.ts); unset in AWS. */
  lambdaEndpoint?: string;
  /** The publisher's own: SITE_BUILD_DIR, the web build (`build/web`) it renders the pages with. */
  siteBuildDir?: string;
  /** The publisher's own, locally: SITE_DIR, the folder the published sites go live in (lambdas/content/site-folder.ts). */
  siteDir?: string;
  /**
   * The publisher's own, in AWS: SITE_BUCKET, the site's bucket the published sites are written to, and
   * SITE_ROUTING_STORE, the ARN of the CloudFront key value store naming the live one (lambdas/content/site-bucket.ts).
   */
  siteBucket?: string;
  siteRoutingStore?: string;
  /** The staff user pool: the admin API reads its members' e-mail addresses. */
  userPoolId: string;
  /** Custom Cognito endpoint (the local cognito-local); unset in AWS. */
  cognitoEndpoint?: string;
  /** Bucket receiving the visitors' photos, under `uploads/`. */
  uploadsBucket: string;
  /** Where the object with key K is publicly readable: `${uploadsPublicUrl}${K}`. Ends with "/". */
  uploadsPublicUrl: string;
  /** Folder holding form-schemas/*.json. */
  formSchemasDir: string;
  /** Sheet key (as named in a schema's x-relay.sheet) to relay URL (SHEET_RELAY_URLS, locally). Server-side only. */
  sheetRelayUrls: Record<string, string>;
  /** The Secrets Manager secret holding them in AWS, read at run time (lambdas/deliveries/relay-urls.ts). */
  sheetRelayUrlsSecret?: string;
  /** How long the delivery worker waits for the relay's answer. */
  relayTimeoutMs: number;
  /** ORDER_WAITING_MINUTES (default 120): a new order unanswered longer than this, in opening hours, is marked waiting in the inbox. */
  orderWaitingMinutes: number;
  /** RELAY_MAX_CALL_BYTES: the largest body of one relay call (below the relay's own limit). */
  relayMaxCallBytes: number;
  /**
   * RELAY_READ_BACK (on unless "off"): the relay can read a tab back, so a row whose call got no
   * answer is looked for before it is sent again; off, such a row is sent again (at least once).
   */
  relayReadBack: boolean;
  /** Per-client request counters of the rate limit, expiring by TTL (docs/decisions/0011-honest-input-and-no-spam.md). */
  rateLimitsTable: string;
  /** The honeypot verdict, the minimum fill time and the rate limit; off only for benchmarks and load tests. */
  antiSpam: boolean;
  /** Which deployment this is (STAGE: the stack's stage in AWS, `local` otherwise): a dimension of every metric. */
  stage: string;
  /**
   * Signs the forms' start tokens (the minimum fill time): FORM_START_KEY as it is (locally), or
   * in AWS the secret FORM_START_KEY_SECRET names, read at run time (./rotating-secret.ts).
   * Server-side only; the functions that sign or check start tokens require it
   * (lambdas/forms/start-tokens.ts).
   */
  formStartKey?: SecretSource;
  /**
   * What CloudFront sends in `x-origin-verify` with each API request (AWS only): a request
   * carrying it came through CloudFront, so its `x-viewer-address` is the visitor's.
   * ORIGIN_SECRET as it is, or in AWS the secret ORIGIN_VERIFY_SECRET names, read at run time.
   */
  originSecret?: SecretSource;
  /** Custom SES endpoint (the local mail stand-in); unset in AWS. */
  sesEndpoint?: string;
  /** The e-mail staff get for each new submission; undefined (off) when no address is configured. */
  staffMail?: StaffMailConfig;
  /** New orders on staff phones (Web Push); undefined (off) without a key. */
  push?: PushConfig;
}

export interface PushConfig {
  /**
   * The secret the VAPID key pair is made from (lambdas/deliveries/push-keys.ts): PUSH_KEY as
   * it is (locally, kept in the data folder), or in AWS the secret PUSH_KEY_SECRET names, read at run time.
   */
  key: SecretSource;
  /** Who push services may contact about our sends: PUSH_CONTACT (`mailto:` or `https:`), else SITE_URL. */
  contact: string;
}

export interface StaffMailConfig {
  /** STAFF_EMAILS: who gets the mail. */
  to: string[];
  /** MAIL_FROM: the sender, an address SES has verified. */
  from: string;
  /** SITE_URL, without a final "/": the admin links in the mail start with it. */
  siteUrl: string;
  /** STAFF_LANGUAGE: the language of the mail's own words (French unless set). */
  language: Language;
}

/** The staff's language when STAFF_LANGUAGE is unset: the dealer's office works in French. */
export const defaultStaffLanguage: Language = 'fr';

/** How long the delivery worker waits for the relay when RELAY_TIMEOUT_MS is unset. */
export const defaultRelayTimeoutMs = 10_000;
/** The JSON body of one append at most: below the relay's limit (1 MiB for the local one) and Google's advice (2 MB). */
export const defaultMaxBytesPerCall = 512 * 1024;

/** Shortest accepted secret, in characters. */
const minSecretLength = 32;

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
  const optionalPositiveInteger = (name: string, fallback: number): number => {
    const value = env[name]?.trim();
    if (!value) return fallback;
    const number = Number(value);
    if (!Number.isSafeInteger(number) || number <= 0) problems.push(`${name} must be a positive whole number, got "${value}"`);
    return number;
  };
  const onOff = (name: string, fallback: boolean): boolean => {
    const value = env[name]?.trim().toLowerCase();
    if (!value) return fallback;
    if (value !== 'on' && value !== 'off') problems.push(`${name} must be "on" or "off", got "${env[name]}"`);
    return value !== 'off';
  };
  const requiredUrl = (name: string, purpose: string): string => {
    const value = required(name, purpose);
    if (value && !isHttpUrl(value)) problems.push(`${name} must be an http(s) URL, got "${value}"`);
    else if (value && !value.endsWith('/')) problems.push(`${name} must end with "/", got "${value}"`);
    return value;
  };

  const region = env.AWS_REGION?.trim() || env.AWS_DEFAULT_REGION?.trim() || required('AWS_REGION', 'AWS region');
  const config: ApiConfig = {
    region,
    dynamoDbEndpoint: optionalUrl('DYNAMODB_ENDPOINT'),
    s3Endpoint: optionalUrl('S3_ENDPOINT'),
    submissionsTable: required('SUBMISSIONS_TABLE', 'DynamoDB table storing every submission'),
    orderSearchTable: required('ORDER_SEARCH_TABLE', 'DynamoDB table of the inbox\'s search index'),
    productsTable: required('PRODUCTS_TABLE', 'DynamoDB table of the catalogue products'),
    mediaTable: required('MEDIA_TABLE', 'DynamoDB table of the picture library'),
    contentTable: required('CONTENT_TABLE', 'DynamoDB table of the site\'s content and its publishes'),
    publisherFunction: env.PUBLISHER_FUNCTION?.trim() || undefined,
    lambdaEndpoint: optionalUrl('LAMBDA_ENDPOINT'),
    siteBuildDir: env.SITE_BUILD_DIR?.trim() || undefined,
    siteDir: env.SITE_DIR?.trim() || undefined,
    siteBucket: env.SITE_BUCKET?.trim() || undefined,
    siteRoutingStore: env.SITE_ROUTING_STORE?.trim() || undefined,
    userPoolId: required('USER_POOL_ID', 'Cognito user pool of the staff'),
    cognitoEndpoint: optionalUrl('COGNITO_ENDPOINT'),
    uploadsBucket: required('UPLOADS_BUCKET', 'S3 bucket receiving the photos'),
    uploadsPublicUrl: requiredUrl('UPLOADS_PUBLIC_URL', 'public URL of the uploads bucket, ending with "/"'),
    formSchemasDir: required('FORM_SCHEMAS_DIR', 'folder with the form JSON Schemas'),
    // Only the delivery worker sends rows: it requires one of the two (lambdas/deliveries/relay-urls.ts).
    sheetRelayUrls: parseRelayUrls(env.SHEET_RELAY_URLS?.trim() ?? '', problems),
    sheetRelayUrlsSecret: env.SHEET_RELAY_URLS_SECRET?.trim() || undefined,
    relayTimeoutMs: optionalPositiveInteger('RELAY_TIMEOUT_MS', defaultRelayTimeoutMs),
    orderWaitingMinutes: optionalPositiveInteger('ORDER_WAITING_MINUTES', 120),
    relayMaxCallBytes: optionalPositiveInteger('RELAY_MAX_CALL_BYTES', defaultMaxBytesPerCall),
    relayReadBack: onOff('RELAY_READ_BACK', true),
    rateLimitsTable: required('RATE_LIMITS_TABLE', 'DynamoDB table counting each client\'s requests'),
    antiSpam: onOff('ANTI_SPAM', true),
    stage: env.STAGE?.trim() || 'local',
    formStartKey: secretSource(env, { value: 'FORM_START_KEY', secret: 'FORM_START_KEY_SECRET' }, region, problems),
    originSecret: secretSource(env, { value: 'ORIGIN_SECRET', secret: 'ORIGIN_VERIFY_SECRET' }, region, problems),
    sesEndpoint: optionalUrl('SES_ENDPOINT'),
    staffMail: parseStaffMail(env, problems),
    push: parsePush(env, region, problems),
  };

  if (problems.length > 0) throw new ConfigError(problems);
  return config;
}

/**
 * The public routes' authorizer's configuration (lambdas/functions/origin-check): the origin
 * secret alone, since it runs before every public request whose answer is not cached yet.
 */
export function loadOriginCheckConfig(env: Env = process.env): Pick<ApiConfig, 'originSecret'> {
  const problems: string[] = [];
  const region = env.AWS_REGION?.trim() || env.AWS_DEFAULT_REGION?.trim() || '';
  const originSecret = secretSource(env, { value: 'ORIGIN_SECRET', secret: 'ORIGIN_VERIFY_SECRET' }, region, problems);
  if (originSecret && 'secretId' in originSecret && !region) problems.push('AWS_REGION is not set (AWS region)');
  if (problems.length > 0) throw new ConfigError(problems);
  return { originSecret };
}

/**
 * A secret given as it is (`names.value`, at least 32 characters) or named
 * (`names.secret`: a Secrets Manager secret read at run time); undefined when neither is set.
 */
function secretSource(env: Env, names: { value: string; secret: string }, region: string, problems: string[]): SecretSource | undefined {
  const value = env[names.value]?.trim();
  if (value) {
    if (value.length < minSecretLength) problems.push(`${names.value} must be at least ${minSecretLength} characters long`);
    return { value };
  }
  const secretId = env[names.secret]?.trim();
  return secretId ? { secretId, region } : undefined;
}

/** Web Push's settings: off without PUSH_KEY or PUSH_KEY_SECRET; then a contact push services accept is needed. */
function parsePush(env: Env, region: string, problems: string[]): PushConfig | undefined {
  const key = secretSource(env, { value: 'PUSH_KEY', secret: 'PUSH_KEY_SECRET' }, region, problems);
  if (!key) return undefined;
  // In AWS the site's https address, known only at deploy time: web-push checks its form when it signs.
  const contact = env.PUSH_CONTACT?.trim() || env.SITE_URL?.trim() || '';
  if (!contact) problems.push('PUSH_CONTACT or SITE_URL is required with PUSH_KEY: who push services may contact (mailto: or https:)');
  return { key, contact };
}

/** A JSON object of sheet key → relay URL; problems are added to `problems`. */
export function parseRelayUrls(raw: string, problems: string[]): Record<string, string> {
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

/**
 * The staff e-mail's settings: off when STAFF_EMAILS is empty, otherwise the
 * sender and the site's address are needed too. Problems are added to
 * `problems`. The CDK stack checks its context with it before deploying.
 */
export function parseStaffMail(env: Env, problems: string[]): StaffMailConfig | undefined {
  const to = (env.STAFF_EMAILS ?? '')
    .split(',')
    .map((address) => address.trim())
    .filter(Boolean);
  if (to.length === 0) return undefined;
  for (const address of to) {
    if (!isEmailAddress(address)) problems.push(`STAFF_EMAILS must be e-mail addresses separated by commas, got "${address}"`);
  }
  const from = env.MAIL_FROM?.trim() ?? '';
  if (!from) problems.push('MAIL_FROM is not set (the sender of the staff e-mail, verified in SES)');
  else if (!isEmailAddress(from)) problems.push(`MAIL_FROM must be an e-mail address, got "${from}"`);
  const siteUrl = env.SITE_URL?.trim() ?? '';
  if (!siteUrl) problems.push('SITE_URL is not set (the site address the staff e-mail links to)');
  else if (!isHttpUrl(siteUrl)) problems.push(`SITE_URL must be an http(s) URL, got "${siteUrl}"`);
  const language = env.STAFF_LANGUAGE?.trim() || defaultStaffLanguage;
  if (!isLanguage(language)) problems.push(`STAFF_LANGUAGE must be ar, fr or en, got "${language}"`);
  return { to, from, siteUrl: siteUrl.replace(/\/+$/, ''), language: isLanguage(language) ? language : defaultStaffLanguage };
}

/** A plain address (no display name, no spaces or control characters), as SES takes it in a header. */
function isEmailAddress(value: string): boolean {
  return value.length <= 254 && /^[^\s@<>,;:"()[\]\\]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/.test(value);
}

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
