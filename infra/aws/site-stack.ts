import { Duration, SecretValue, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct, Node } from 'constructs';
import { ConfigError, parseStaffMail, type StaffMailConfig } from '../../lambdas/lib/config';
import { productItem } from '../../lambdas/lib/products-store';
import { seedProducts } from '../seed/products';
import { Api } from './constructs/api';
import { ApiSecrets } from './constructs/api-secrets';
import { Auth } from './constructs/auth';
import { Database } from './constructs/database';
import { Deliveries } from './constructs/deliveries';
import { formSchemasDirInLambda } from './constructs/handler-function';
import { ProductsSeed } from './constructs/products-seed';
import { Site } from './constructs/site';
import { Uploads } from './constructs/uploads';
import { defaultWebBuildDir } from './paths';

export const defaultSheetRelayUrlsSecretName = 'agri-dealer/sheet-relay-urls';

/** Must match the Logger's serviceName in the handlers. */
const serviceName = 'order-requests';

export interface SiteStackProps extends StackProps {
  /** Folder with the web build; defaults to build/web/client. */
  webBuildDir?: string;
}

/**
 * The whole site in one stack: tables (the products seeded on creation), the
 * photos bucket, API, the delivery worker, staff sign-in, and the CloudFront
 * distribution serving the static build (with the admin's sign-in
 * configuration), /api/*, /photos/* and /media/*.
 *
 * Context `sheetRelayUrlsSecretName` names the Secrets Manager secret (a JSON
 * object, sheet key → relay URL) that becomes SHEET_RELAY_URLS. Context
 * `antiSpam=off` turns the honeypot verdict, the minimum fill time and the
 * rate limit off (ANTI_SPAM), for a load test; they are on otherwise. Context
 * `staffEmails` (comma-separated), `mailFrom` (an SES-verified sender) and
 * `staffLanguage` (ar, fr or en; default fr) turn on the staff e-mail; without
 * `staffEmails` it is off.
 */
export class SiteStack extends Stack {
  readonly database: Database;
  readonly productsSeed: ProductsSeed;
  readonly uploads: Uploads;
  readonly api: Api;
  readonly deliveries: Deliveries;
  readonly auth: Auth;
  readonly site: Site;
  readonly secrets: ApiSecrets;

  constructor(scope: Construct, id: string, props: SiteStackProps = {}) {
    super(scope, id, props);
    const secretName: unknown = this.node.tryGetContext('sheetRelayUrlsSecretName');
    const antiSpam: unknown = this.node.tryGetContext('antiSpam') ?? 'on';
    if (antiSpam !== 'on' && antiSpam !== 'off') throw new Error(`Context antiSpam must be "on" or "off", got ${JSON.stringify(antiSpam)}`);
    const staffMail = staffMailContext(this.node);
    const undeliveredAlarmMinutes: unknown = this.node.tryGetContext('undeliveredAlarmMinutes') ?? 15;
    if (!Number.isSafeInteger(Number(undeliveredAlarmMinutes)) || Number(undeliveredAlarmMinutes) < 1) {
      throw new Error(`Context undeliveredAlarmMinutes must be a whole number of minutes, got ${JSON.stringify(undeliveredAlarmMinutes)}`);
    }

    this.database = new Database(this, 'Database');
    this.productsSeed = new ProductsSeed(this, 'ProductsSeed', {
      table: this.database.tables.products,
      items: seedProducts.map(productItem),
    });
    this.uploads = new Uploads(this, 'Uploads');
    this.auth = new Auth(this, 'Auth');
    this.secrets = new ApiSecrets(this, 'Secrets');
    const environment: Record<string, string> = {
      SUBMISSIONS_TABLE: this.database.tables.submissions.tableName,
      PRODUCTS_TABLE: this.database.tables.products.tableName,
      MEDIA_TABLE: this.database.tables.media.tableName,
      CONTENT_TABLE: this.database.tables.content.tableName,
      RATE_LIMITS_TABLE: this.database.tables.rateLimits.tableName,
      USER_POOL_ID: this.auth.userPool.userPoolId,
      UPLOADS_BUCKET: this.uploads.bucket.bucketName,
      FORM_SCHEMAS_DIR: formSchemasDirInLambda,
      // A CloudFormation dynamic reference ({{resolve:secretsmanager:…}}):
      // CloudFormation reads the secret at deploy time, so the relay URLs are
      // in neither the template, git nor the browser bundle (they do show in
      // the function's configuration, to those allowed to read it). The
      // secret must exist before `cdk deploy`; redeploy after changing it.
      SHEET_RELAY_URLS: SecretValue.secretsManager(
        typeof secretName === 'string' && secretName ? secretName : defaultSheetRelayUrlsSecretName,
      ).unsafeUnwrap(),
      // Dynamic references too, like SHEET_RELAY_URLS.
      FORM_START_KEY: this.secrets.formStartKey.secretValue.unsafeUnwrap(),
      ORIGIN_SECRET: this.secrets.originSecret.secretValue.unsafeUnwrap(),
      ANTI_SPAM: antiSpam,
      ...(staffMail && { STAFF_EMAILS: staffMail.to.join(','), MAIL_FROM: staffMail.from, STAFF_LANGUAGE: staffMail.language }),
      POWERTOOLS_SERVICE_NAME: serviceName,
      NODE_OPTIONS: '--enable-source-maps',
    };
    this.api = new Api(this, 'Api', {
      tables: this.database.tables,
      uploadsBucket: this.uploads.bucket,
      environment,
      userPool: this.auth.userPool,
      userPoolClient: this.auth.userPoolClient,
    });
    this.deliveries = new Deliveries(this, 'Deliveries', {
      submissions: this.database.tables.submissions,
      environment,
      staffMail,
      serviceName,
      undeliveredAlarmAfter: Duration.minutes(Number(undeliveredAlarmMinutes)),
    });
    this.site = new Site(this, 'Site', {
      httpApi: this.api.httpApi,
      uploadsBucket: this.uploads.bucket,
      webBuildDir: props.webBuildDir ?? defaultWebBuildDir,
      adminConfig: {
        region: this.region,
        userPoolId: this.auth.userPool.userPoolId,
        userPoolClientId: this.auth.userPoolClient.userPoolClientId,
      },
      originSecret: this.secrets.originSecret.secretValue,
    });
    // The distribution depends on the API, so the functions learn its address once it exists.
    for (const fn of [...Object.values(this.api.functions), this.deliveries.worker]) {
      fn.addEnvironment('UPLOADS_PUBLIC_URL', `https://${this.site.distribution.distributionDomainName}/`);
      fn.addEnvironment('SITE_URL', `https://${this.site.distribution.distributionDomainName}`);
    }
  }
}

/** The staff e-mail's context, checked as the functions will read it; undefined when off. */
function staffMailContext(node: Node): Omit<StaffMailConfig, 'siteUrl'> | undefined {
  const text = (key: string): string | undefined => {
    const value: unknown = node.tryGetContext(key);
    return Array.isArray(value) ? value.join(',') : typeof value === 'string' ? value : undefined;
  };
  const problems: string[] = [];
  const mail = parseStaffMail(
    {
      STAFF_EMAILS: text('staffEmails'),
      MAIL_FROM: text('mailFrom'),
      STAFF_LANGUAGE: text('staffLanguage'),
      // The distribution's address, known at deploy time, is given to the functions below.
      SITE_URL: 'https://distribution.invalid',
    },
    problems,
  );
  if (problems.length > 0) throw new ConfigError(problems.map((problem) => `context for the staff e-mail: ${problem}`));
  if (!mail) return undefined;
  const { siteUrl: _siteUrl, ...settings } = mail;
  return settings;
}
