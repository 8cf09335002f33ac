import { Duration, Stack, Validations, type StackProps } from 'aws-cdk-lib';
import { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Secret, type ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { orderMetrics } from '../../lambdas/forms/order-metrics';
import type { Construct, Node } from 'constructs';
import { ConfigError, parseStaffMail, type StaffMailConfig } from '../../lambdas/lib/config';
import { productItem } from '../../lambdas/products/products-store';
import { seedProducts } from '../seed/products';
import { Api, readsSecret } from './constructs/api';
import { grantOnTable } from './constructs/grants';
import { ApiSecrets } from './constructs/api-secrets';
import { AccessLogs } from './constructs/logs';
import { Auth } from './constructs/auth';
import { Database } from './constructs/database';
import { Deliveries } from './constructs/deliveries';
import { Backups } from './constructs/backups';
import { attachedFromContext, type Attached } from './attach';
import { formSchemasDirInLambda } from './constructs/handler-function';
import { Monitoring } from './constructs/monitoring';
import type { EdgeStack } from './edge-stack';
import { arnParts } from './nag';
import { ProductsSeed } from './constructs/products-seed';
import { Publisher } from './constructs/publisher';
import { Site } from './constructs/site';
import { Uploads } from './constructs/uploads';
import { defaultWebBuildDir } from '../paths';

/** The relay URLs' secret unless context `sheetRelayUrlsSecretName` names another. */
export const defaultSheetRelayUrlsSecretName = (stage: string) => `agri-dealer/${stage}/sheet-relay-urls`;

/** Must match the Logger's serviceName in the handlers. */
const serviceName = 'order-requests';

export interface SiteStackProps extends StackProps {
  /** Folder with the web build; defaults to build/web/client. */
  webBuildDir?: string;
  /** Which deployment this is (`dev`, `prod`…): part of the default secret name and of the dashboard's. */
  stage?: string;
  /** The WAF web ACL and the custom domain's certificate, made in us-east-1 (infra/aws/edge-stack.ts). */
  edge?: EdgeStack;
  /** The site's own domain (context `domainName`), in the Route 53 zone `hostedZoneId`. */
  domain?: { name: string; hostedZoneId: string };
}

/**
 * The whole site in one stack: tables (the products seeded on creation), the
 * photos bucket, API, the delivery worker, staff sign-in, and the CloudFront
 * distribution serving the static build (with the admin's sign-in
 * configuration), /api/*, /photos/* and /media/*.
 *
 * Context `sheetRelayUrlsSecretName` names the Secrets Manager secret (a JSON
 * object, sheet key → relay URL) the delivery worker reads at run time
 * (default `agri-dealer/<stage>/sheet-relay-urls`). Context `alarmEmail` is
 * told of every alarm; `reservedConcurrency=off` leaves the public functions
 * without reserved instances (for an account whose limit is too low). Context
 * `antiSpam=off` turns the honeypot verdict, the minimum fill time and the
 * rate limit off (ANTI_SPAM), for a load test; they are on otherwise. Context
 * `staffEmails` (comma-separated), `mailFrom` (an SES-verified sender) and
 * `staffLanguage` (ar, fr or en; default fr) turn on the staff e-mail; without
 * `staffEmails` it is off.
 */
export class SiteStack extends Stack {
  readonly database: Database;
  /** None when the products table is attached: its catalogue is the staff's. */
  readonly productsSeed?: ProductsSeed;
  readonly uploads: Uploads;
  readonly api: Api;
  readonly deliveries: Deliveries;
  readonly auth: Auth;
  readonly site: Site;
  readonly publisher: Publisher;
  readonly secrets: ApiSecrets;
  readonly accessLogs: AccessLogs;
  readonly relayUrls: ISecret;
  readonly monitoring: Monitoring;
  /** What this deploy took as it was (context `attach`). */
  readonly attached: Attached;
  readonly backups?: Backups;

  constructor(scope: Construct, id: string, props: SiteStackProps = {}) {
    super(scope, id, props);
    const stage = props.stage ?? 'dev';
    const secretName: unknown = this.node.tryGetContext('sheetRelayUrlsSecretName');
    const relaySecretName = typeof secretName === 'string' && secretName ? secretName : defaultSheetRelayUrlsSecretName(stage);
    const alarmEmail: unknown = this.node.tryGetContext('alarmEmail');
    const monthlyBudgetUsd: unknown = this.node.tryGetContext('monthlyBudgetUsd');
    const reservedConcurrency: unknown = this.node.tryGetContext('reservedConcurrency') ?? 'on';
    if (reservedConcurrency !== 'on' && reservedConcurrency !== 'off') {
      throw new Error(`Context reservedConcurrency must be "on" or "off", got ${JSON.stringify(reservedConcurrency)}`);
    }
    const antiSpam: unknown = this.node.tryGetContext('antiSpam') ?? 'on';
    if (antiSpam !== 'on' && antiSpam !== 'off') throw new Error(`Context antiSpam must be "on" or "off", got ${JSON.stringify(antiSpam)}`);
    const staffMail = staffMailContext(this.node);
    const undeliveredAlarmMinutes: unknown = this.node.tryGetContext('undeliveredAlarmMinutes') ?? 15;
    if (!Number.isSafeInteger(Number(undeliveredAlarmMinutes)) || Number(undeliveredAlarmMinutes) < 1) {
      throw new Error(`Context undeliveredAlarmMinutes must be a whole number of minutes, got ${JSON.stringify(undeliveredAlarmMinutes)}`);
    }

    this.attached = attachedFromContext(this.node.tryGetContext('attach'));
    const backup: unknown = this.node.tryGetContext('backup') ?? 'off';
    if (backup !== 'on' && backup !== 'off') throw new Error(`Context backup must be "on" or "off", got ${JSON.stringify(backup)}`);

    this.database = new Database(this, 'Database', this.attached.tables);
    // An attached products table holds the staff's catalogue: no seed over it.
    if (!this.attached.tables.products) {
      this.productsSeed = new ProductsSeed(this, 'ProductsSeed', {
        table: this.database.tables.products,
        items: seedProducts.map(productItem),
      });
    }
    if (backup === 'on') this.backups = new Backups(this, 'Backups', { tables: this.database.records });
    this.accessLogs = new AccessLogs(this, 'AccessLogs');
    this.uploads = new Uploads(this, 'Uploads', {
      accessLogs: this.accessLogs.bucket,
      attachedBucketName: this.attached.uploadsBucket,
    });
    // Threat protection is on for prod unless the context says otherwise.
    const threatProtection: unknown = this.node.tryGetContext('threatProtection') ?? (stage === 'prod' ? 'on' : 'off');
    if (threatProtection !== 'on' && threatProtection !== 'off') {
      throw new Error(`Context threatProtection must be "on" or "off", got ${JSON.stringify(threatProtection)}`);
    }
    this.auth = new Auth(this, 'Auth', { attachedUserPoolId: this.attached.userPoolId, threatProtection: threatProtection === 'on' });
    this.secrets = new ApiSecrets(this, 'Secrets');
    const environment: Record<string, string> = {
      SUBMISSIONS_TABLE: this.database.tables.submissions.tableName,
      ORDER_SEARCH_TABLE: this.database.tables.orderSearch.tableName,
      PRODUCTS_TABLE: this.database.tables.products.tableName,
      MEDIA_TABLE: this.database.tables.media.tableName,
      CONTENT_TABLE: this.database.tables.content.tableName,
      RATE_LIMITS_TABLE: this.database.tables.rateLimits.tableName,
      USER_POOL_ID: this.auth.userPool.userPoolId,
      UPLOADS_BUCKET: this.uploads.bucket.bucketName,
      FORM_SCHEMAS_DIR: formSchemasDirInLambda,
      // No secret here: the functions that need the start key or the origin secret read it at run time (./constructs/api.ts).
      ANTI_SPAM: antiSpam,
      ...(staffMail && { STAFF_EMAILS: staffMail.to.join(','), MAIL_FROM: staffMail.from, STAFF_LANGUAGE: staffMail.language }),
      POWERTOOLS_SERVICE_NAME: serviceName,
      STAGE: stage,
      NODE_OPTIONS: '--enable-source-maps',
    };
    this.api = new Api(this, 'Api', {
      tables: this.database.tables,
      uploadsBucket: this.uploads.bucket,
      environment,
      userPool: this.auth.userPool,
      userPoolClient: this.auth.userPoolClient,
      accessLogs: this.accessLogs.api,
      reservedConcurrency: reservedConcurrency === 'on',
      secrets: this.secrets,
    });
    this.deliveries = new Deliveries(this, 'Deliveries', {
      submissions: this.database.tables.submissions,
      orderSearch: this.database.tables.orderSearch,
      environment,
      staffMail,
      metricDimensions: { service: serviceName, stage },
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
        mfaRequiredFor: [...this.auth.mfaRequiredFor],
      },
      originSecret: this.secrets.originSecret.secretValue,
      accessLogs: this.accessLogs.bucket,
      webAclArn: props.edge?.webAcl?.attrArn,
      ...(props.domain && props.edge?.certificate && { domain: { ...props.domain, certificate: props.edge.certificate } }),
    });

    // The publisher writes into the site's bucket and routing store; the admin's content handler starts it.
    this.publisher = new Publisher(this, 'Publisher', {
      tables: this.database.tables,
      uploadsBucket: this.uploads.bucket,
      siteBucket: this.site.bucket,
      routing: this.site.routing,
      environment,
      renderAfter: this.site.deployment,
    });
    const adminContent = this.api.functions['admin-content']!;
    adminContent.addEnvironment('PUBLISHER_FUNCTION', this.publisher.fn.functionName);
    // The function itself, not its versions (grantInvoke would add `:*`).
    adminContent.addToRolePolicy(new PolicyStatement({ actions: ['lambda:InvokeFunction'], resources: [this.publisher.fn.functionArn] }));

    // The relay URLs are read at run time by the one function that sends rows (lambdas/deliveries/relay-urls.ts):
    // in no function's configuration, and a changed secret reaches the next orders without a deploy.
    this.relayUrls = Secret.fromSecretNameV2(this, 'RelayUrls', relaySecretName);
    // The worker signs the notifications on staff phones with the push key, read at run time; it reads the
    // staff's devices (items of the content table) and removes those the push service says are gone.
    readsSecret(this.deliveries.worker, this.secrets, 'pushKey');
    grantOnTable(this.deliveries.worker, this.database.tables, 'content', 'dynamodb:Query', 'dynamodb:DeleteItem');
    const { partition, region, account } = arnParts(this);
    this.deliveries.worker.addEnvironment('SHEET_RELAY_URLS_SECRET', this.relayUrls.secretName);
    // A relay that cannot read a tab back (docs/operations.md, "The relay"): a row of unknown outcome is sent again.
    const relayReadBack: unknown = this.node.tryGetContext('relayReadBack') ?? 'on';
    if (relayReadBack !== 'on' && relayReadBack !== 'off') throw new Error(`Context relayReadBack must be "on" or "off", got ${JSON.stringify(relayReadBack)}`);
    if (relayReadBack === 'off') this.deliveries.worker.addEnvironment('RELAY_READ_BACK', 'off');
    // The dashboard's readiness card reads which sheets have an address, and nothing else of the secret's use.
    const readiness = this.api.functions['admin-readiness']!;
    readiness.addEnvironment('SHEET_RELAY_URLS_SECRET', this.relayUrls.secretName);
    for (const reader of [this.deliveries.worker, readiness]) {
      this.relayUrls.grantRead(reader);
      Validations.of(reader.role!).acknowledge({
        id: `AwsSolutions-IAM5[Resource::arn:${partition}:secretsmanager:${region}:${account}:secret:${relaySecretName}-??????]`,
        reason: 'A secret made by the operator is named, not referenced: its ARN ends with six random characters (docs/decisions/0023)',
      });
    }

    this.monitoring = new Monitoring(this, 'Monitoring', {
      stackName: this.stackName,
      httpApi: this.api.httpApi,
      functions: { ...this.api.functions, 'deliver-submissions': this.deliveries.worker, 'origin-check': this.api.originCheck, 'publish-site': this.publisher.fn },
      tables: this.database.tables,
      deliveryWorker: this.deliveries.worker,
      publisher: this.publisher.fn,
      staffMail: staffMail !== undefined,
      alarms: [this.deliveries.undeliveredAlarm, this.deliveries.needingStaffAlarm],
      alarmEmail: typeof alarmEmail === 'string' && alarmEmail ? alarmEmail : undefined,
      ...(monthlyBudgetUsd !== undefined && { monthlyBudgetUsd: Number(monthlyBudgetUsd) }),
      extraMetrics: [
        {
          title: 'Orders: accepted, kept as spam, refused by the rate limit',
          metrics: (['accepted', 'spam', 'rateLimited'] as const).map(
            (outcome) =>
              new Metric({
                namespace: orderMetrics.namespace,
                metricName: orderMetrics[outcome],
                dimensionsMap: { service: serviceName, stage },
                statistic: 'Sum',
                period: Duration.hours(1),
              }),
          ),
        },
        {
          title: 'Deliveries: oldest undelivered order (s)',
          metrics: [this.deliveries.undeliveredAlarm.metric],
        },
        {
          title: 'Deliveries: orders whose row the sheet refused (waiting for staff)',
          metrics: [this.deliveries.needingStaffAlarm.metric],
        },
      ],
    });
    // The distribution depends on the API, so the functions learn its address once it exists.
    const siteHost = props.domain?.name ?? this.site.distribution.distributionDomainName;
    this.uploads.allowBrowsersFrom([`https://${siteHost}`]);
    this.uploads.allowDistributionToRead(this.site.distribution);
    for (const fn of [...Object.values(this.api.functions), this.deliveries.worker, this.publisher.fn]) {
      fn.addEnvironment('UPLOADS_PUBLIC_URL', `https://${siteHost}/`);
      fn.addEnvironment('SITE_URL', `https://${siteHost}`);
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
