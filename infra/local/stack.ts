import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { DeliveryReport } from '../../lambdas/deliveries/delivery-worker';
import { loadConfig } from '../../lambdas/lib/config';
import { productItem } from '../../lambdas/products/products-store';
import { adminPath } from '../../shared/admin-api';
import { apiRoutes } from '../../lambdas/routes';
import { readFormSheets } from '../../shared/forms/schema-files';
import { functionEntry, repoRoot } from '../paths';
import { seedProducts } from '../seed/products';
import type { TableName } from '../../lambdas/lib/tables';
import { createApiAdapter, type LambdaHandler } from './api-gateway-adapter';
import { adminEmail, createCognitoClient, ensureStaffDirectory, startCognito } from './cognito';
import { acquireDataLock, readSavedState, writeSavedState } from './data-folder';
import { startDeliveryProcess } from './delivery-process';
import type { DeliverySchedule } from './delivery-schedule';
import { createDynamoDbClient, ensureTables, localTableNames, seedTableIfEmpty, startDynamoDb } from './dynamodb';
import { startMailbox } from './mailbox';
import { createPhotosProxy } from './photos-proxy';
import { createLocalS3Client, s3Credentials, startS3 } from './s3';
import { startSheetRelay } from './sheet-relay';
import { pageContentSecurityPolicy, readScriptHashes } from '../security-headers';
import { startSiteServer } from './site-server';
import { createStaticSite } from './static-site';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { createContentStore } from '../../lambdas/content/content-store';
import { createPublisher } from '../../lambdas/content/publisher';
import { livePointer } from '../../lambdas/content/site-folder';
import { startFunctions } from './functions';
import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createFormRegistry } from '../../lambdas/forms/form-registry';
import { createOrderSearchIndex } from '../../lambdas/submissions/search-index';
import { reindexOrders } from '../../lambdas/submissions/reindex-orders';
import { createStaffTokenVerifier } from './staff-tokens';
import type { ChildState } from './supervised-child';

/**
 * The whole site on one machine: the static build and the API on one port,
 * with npm-installed stand-ins for the AWS services and the sheet relay.
 */

export interface LocalStackOptions {
  /** Persistent state (tables, uploads, users, sheet CSVs, mails). Default `.data`. */
  dataDir?: string;
  /** 0 picks a free port. Default 8080. */
  sitePort?: number;
  dynamoDbPort?: number;
  s3Port?: number;
  cognitoPort?: number;
  relayPort?: number;
  /** The SES stand-in (infra/local/mailbox.ts). */
  sesPort?: number;
  /** The functions the API invokes (infra/local/functions.ts): the site's publisher. */
  lambdaPort?: number;
  /** Who gets the staff e-mail (STAFF_EMAILS). Default the admin's address; [] turns it off. */
  staffEmails?: string[];
  /** The web build's client folder. Default `build/web/client`. */
  webRoot?: string;
  formSchemasDir?: string;
  /** How often the delivery worker looks for due deliveries. Default 1 s. */
  deliveryPollMs?: number;
  /**
   * The delivery worker's timeout, as its function's in AWS (default 60 s). Its claims outlive a run by the
   * relay's timeout and the writes after it, so a worker killed mid-run delays what it held by about that much.
   */
  deliveryTimeoutMs?: number;
  /** The anti-spam rules (ANTI_SPAM); default the environment's ANTI_SPAM, else on. */
  antiSpam?: boolean;
  /** The relay's write quota (see sheet-relay.ts); default RELAY_WRITES_PER_MINUTE, else 60. */
  relayWritesPerMinute?: number;
  /** Called with the report of each run of the delivery worker (bench:orders reads them). */
  onDeliveryRun?: (report: DeliveryReport) => void;
  log?: (line: string) => void;
}

export interface LocalStack {
  siteUrl: string;
  dataDir: string;
  endpoints: { dynamoDb: string; s3: string; cognito: string; relay: string; ses: string; lambda: string };
  tables: Record<TableName, string>;
  bucket: string;
  /** Where an uploaded object with key K is readable: `${uploadsPublicUrl}${K}`, on the site's origin. */
  uploadsPublicUrl: string;
  cognito: { userPoolId: string; clientId: string; issuer: string };
  admin: { email: string; password: string };
  /** Where the relay writes `<sheetKey>.csv`. */
  sheetsDir: string;
  /** Where the SES stand-in writes each mail (also listed on the page at `endpoints.ses`). */
  mailDir: string;
  /** Who gets the staff e-mail; empty when it is off. */
  staffEmails: string[];
  /** The delivery worker's schedule; `runNow()` runs it at once. */
  deliveries: Pick<DeliverySchedule, 'runNow'>;
  /** The stack's child processes, each restarted if it dies (decision 3): a test kills one by its pid. */
  children: Record<'dynamoDb' | 's3' | 'cognito' | 'lambda' | 'deliveries', ChildState>;
  /** Closes everything; safe to call more than once. */
  stop(): Promise<void>;
}

export const uploadsBucket = 'uploads';
export const localRegion = 'eu-west-3';

const defaults = {
  dataDir: '.data',
  sitePort: 8080,
  dynamoDbPort: 8000,
  s3Port: 4568,
  cognitoPort: 9229,
  relayPort: 8790,
  sesPort: 8005,
  lambdaPort: 9001,
  webRoot: 'build/web/client',
  formSchemasDir: 'form-schemas',
  deliveryPollMs: 1_000,
};

/** The sender of the staff e-mail; in AWS an address SES has verified. */
const localMailFrom = 'orders@agri-dealer.local';

/** What the CDK stack gives the delivery worker in AWS (infra/aws). */
const workerTimeoutMs = 60_000;
/**
 * After SIGTERM the delivery worker finishes its relay call in flight (at most the relay's timeout), then writes
 * the outcome and gives back what it claimed; it is killed only if it has not exited once this much more has passed.
 */
const deliveryOutcomeWritesMs = 20_000;
/** The site's publisher (lambdas/functions/publish-site), and its timeout in AWS. */
const publisherFunction = 'agri-dealer-publish-site';
const publisherTimeoutMs = 5 * 60_000;

/** Each start imports the handlers afresh, so they read this start's environment. */
let handlerGeneration = 0;

export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
  const startedAt = Date.now();
  const log = options.log ?? ((line: string) => console.log(line));
  const dataDir = path.resolve(repoRoot, options.dataDir ?? defaults.dataDir);
  const webRoot = path.resolve(repoRoot, options.webRoot ?? defaults.webRoot);
  const formSchemasDir = path.resolve(repoRoot, options.formSchemasDir ?? defaults.formSchemasDir);
  const dirs = {
    dynamoDb: path.join(dataDir, 'dynamodb'),
    s3: path.join(dataDir, 's3'),
    cognito: path.join(dataDir, 'cognito'),
    sheets: path.join(dataDir, 'sheets'),
    mail: path.join(dataDir, 'mail'),
    site: path.join(dataDir, 'site'),
  };
  const staffEmails = options.staffEmails ?? [adminEmail];

  // Stopping order: the site stops taking requests; the delivery worker (SIGTERM) finishes its relay call in
  // flight and writes the outcome, while the store and the relay it needs still run; the services close; the
  // data folder is released.
  let closeSite: (() => Promise<void>) | undefined;
  let stopDeliveries: (() => Promise<void>) | undefined;
  const serviceClosers: (() => Promise<void>)[] = [];
  let releaseLock: (() => Promise<void>) | undefined;
  const closeAll = async () => {
    const steps = [
      closeSite && [closeSite],
      stopDeliveries && [stopDeliveries],
      serviceClosers.splice(0),
      releaseLock && [releaseLock],
    ];
    closeSite = stopDeliveries = releaseLock = undefined;
    for (const step of steps) {
      const results = await Promise.allSettled((step ?? []).map((close) => close()));
      for (const result of results) {
        if (result.status === 'rejected') log(`[stack] error while stopping: ${String(result.reason)}`);
      }
    }
  };

  try {
    await Promise.all(Object.values(dirs).map((dir) => mkdir(dir, { recursive: true })));
    releaseLock = await acquireDataLock(dataDir);

    // The site port first: a taken port fails the start before anything else is launched.
    const site = await startSiteServer(options.sitePort ?? defaults.sitePort, log);
    closeSite = site.close;

    const sheetKeys = (await readFormSheets(formSchemasDir)).map(({ sheet }) => sheet);
    const track = <T extends { close(): Promise<void> }>(service: Promise<T>) =>
      service.then((running) => {
        serviceClosers.push(running.close);
        return running;
      });
    const starting = [
      track(startDynamoDb({ dir: dirs.dynamoDb, port: options.dynamoDbPort ?? defaults.dynamoDbPort, log })),
      track(
        startS3({
          dir: dirs.s3,
          port: options.s3Port ?? defaults.s3Port,
          bucket: uploadsBucket,
          region: localRegion,
          allowedOrigins: [site.url, `http://localhost:${site.port}`],
          log,
        }),
      ),
      track(
        startSheetRelay({
          sheetsDir: dirs.sheets,
          sheetKeys,
          port: options.relayPort ?? defaults.relayPort,
          writesPerMinute: options.relayWritesPerMinute,
        }),
      ),
      track(startCognito({ dir: dirs.cognito, port: options.cognitoPort ?? defaults.cognitoPort, log })),
      track(startMailbox({ dir: dirs.mail, port: options.sesPort ?? defaults.sesPort })),
    ] as const;
    // Let every start finish (and register its cleanup) before reporting the first failure.
    await Promise.allSettled(starting);
    const [dynamoDb, s3, relay, cognito, mailbox] = await Promise.all(starting);

    const tables = localTableNames();
    const dynamoDbClient = createDynamoDbClient(dynamoDb.endpoint);
    const cognitoClient = createCognitoClient(cognito.endpoint);
    try {
      const saved = await readSavedState(dataDir);
      const [createdTables, staff] = await Promise.all([
        ensureTables(dynamoDbClient, tables),
        ensureStaffDirectory(cognitoClient, saved?.staff),
      ]);
      const pushKey = saved?.pushKey ?? randomBytes(32).toString('base64url');
      await writeSavedState(dataDir, { staff, pushKey, cognitoEndpoint: cognito.endpoint, siteUrl: site.url.replace('//127.0.0.1:', '//localhost:') });
      if (createdTables.length > 0) log(`[stack] created tables: ${createdTables.join(', ')}`);
      const seeded = await seedTableIfEmpty(dynamoDbClient, tables.products, seedProducts.map(productItem));
      if (seeded > 0) log(`[stack] seeded the empty ${tables.products} table with ${seeded} catalogue products`);
      // A data folder from before the inbox's search: its orders get their search entries once.
      if (createdTables.includes(tables.orderSearch) && !createdTables.includes(tables.submissions)) {
        const indexed = await reindexLocalOrders(dynamoDbClient, tables, formSchemasDir);
        if (indexed > 0) log(`[stack] wrote the search entries of ${indexed} stored orders`);
      }

      const uploadsPublicUrl = `${site.url}/`;
      const issuer = `${cognito.endpoint}/${staff.userPoolId}`;
      setHandlerEnvironment({
        dynamoDbEndpoint: dynamoDb.endpoint,
        s3Endpoint: s3.endpoint,
        cognitoEndpoint: cognito.endpoint,
        userPoolId: staff.userPoolId,
        tables,
        uploadsPublicUrl,
        formSchemasDir,
        relayUrls: Object.fromEntries(sheetKeys.map((key) => [key, relay.sheetUrl(key)])),
        sesEndpoint: mailbox.url,
        staffEmails,
        siteUrl: site.url,
        siteBuildDir: path.dirname(webRoot),
        siteDir: dirs.site,
        antiSpam: options.antiSpam,
        pushKey,
      });
      // The publisher runs in the functions' stand-in, with the environment just set, as its own function in AWS.
      const functions = await track(
        startFunctions({
          port: options.lambdaPort ?? defaults.lambdaPort,
          region: localRegion,
          timeoutMs: publisherTimeoutMs,
          functions: { [publisherFunction]: 'publish-site' },
          log,
        }),
      );
      Object.assign(process.env, { LAMBDA_ENDPOINT: functions.endpoint, PUBLISHER_FUNCTION: publisherFunction });
      // Fails with ConfigError, naming every problem, before any request arrives.
      const config = loadConfig();

      // A start is a deploy: the published content's pages are rendered again with this build.
      const live = await createContentStore(DynamoDBDocumentClient.from(dynamoDbClient), tables.content).live();
      if (live) {
        const lambda = new LambdaClient({ region: localRegion, endpoint: config.lambdaEndpoint });
        const rendered = await createPublisher(lambda, publisherFunction)
          .renderLive()
          .finally(() => lambda.destroy());
        log(`[stack] rendered the published content (${live.publishId}) with this build: ${rendered.pages} pages`);
      }
      const loadHandler = handlerLoader(++handlerGeneration);
      const api = createApiAdapter({
        routes: apiRoutes,
        loadHandler,
        region: localRegion,
        functionNamePrefix: 'agri-dealer',
        log,
        verifyStaffToken: createStaffTokenVerifier({ issuer, clientId: staff.clientId }),
      });
      // Import every handler now: a broken one fails the start rather than the first request.
      await Promise.all([...new Set(apiRoutes.map((route) => route.handler))].map(loadHandler));
      const deliveries = await startDeliveryProcess({
        functionName: 'agri-dealer-deliver-submissions',
        region: localRegion,
        timeoutMs: options.deliveryTimeoutMs ?? workerTimeoutMs,
        stopTimeoutMs: config.relayTimeoutMs + deliveryOutcomeWritesMs,
        dynamoDbEndpoint: dynamoDb.endpoint,
        submissionsTable: tables.submissions,
        pollMs: options.deliveryPollMs ?? defaults.deliveryPollMs,
        log,
        onRun: options.onDeliveryRun && ((report) => options.onDeliveryRun!(report as DeliveryReport)),
      });
      stopDeliveries = deliveries.stop;
      const photosClient = createLocalS3Client(s3.endpoint, localRegion);
      serviceClosers.push(async () => photosClient.destroy());
      site.ready({
        api,
        photos: createPhotosProxy({ s3: photosClient, bucket: uploadsBucket }),
        site: createStaticSite({ root: webRoot, apps: [adminPath], pages: path.join(dirs.site, livePointer) }),
        // Read at each request: a rebuild while the stack runs changes the inline scripts' hashes.
        pagePolicy: () =>
          pageContentSecurityPolicy({ scriptHashes: readScriptHashes(webRoot), connectSources: [s3.endpoint, cognito.endpoint] }),
        adminConfig: {
          region: localRegion,
          userPoolId: staff.userPoolId,
          userPoolClientId: staff.clientId,
          userPoolEndpoint: cognito.endpoint,
        },
      });

      log(`[stack] ready in ${Date.now() - startedAt} ms`);
      let stopping: Promise<void> | undefined;
      return {
        siteUrl: site.url,
        dataDir,
        endpoints: {
          dynamoDb: dynamoDb.endpoint,
          s3: s3.endpoint,
          cognito: cognito.endpoint,
          relay: relay.url,
          ses: mailbox.url,
          lambda: functions.endpoint,
        },
        tables,
        bucket: uploadsBucket,
        uploadsPublicUrl,
        cognito: { userPoolId: staff.userPoolId, clientId: staff.clientId, issuer },
        admin: staff.admin,
        sheetsDir: dirs.sheets,
        mailDir: dirs.mail,
        staffEmails,
        deliveries: { runNow: deliveries.runNow },
        children: {
          dynamoDb: dynamoDb.child,
          s3: s3.child,
          cognito: cognito.child,
          lambda: functions.child,
          deliveries: deliveries.child,
        },
        stop: () => (stopping ??= closeAll()),
      };
    } finally {
      dynamoDbClient.destroy();
      cognitoClient.destroy();
    }
  } catch (error) {
    await closeAll();
    throw error;
  }
}

/** The sheet key of every form schema, as the relay must accept them. */
async function reindexLocalOrders(client: DynamoDBClient, tables: Record<TableName, string>, formSchemasDir: string): Promise<number> {
  const documents = DynamoDBDocumentClient.from(client);
  const forms = createFormRegistry(formSchemasDir);
  const schemaOf = async (formId: string) => (await forms.get(formId))?.schema;
  const searchIndex = createOrderSearchIndex(documents, { orderSearchTable: tables.orderSearch, submissionsTable: tables.submissions }, schemaOf);
  return reindexOrders(documents, tables.submissions, searchIndex, schemaOf);
}

/** What the CDK stack gives the functions in AWS, pointing at the stand-ins. */
function setHandlerEnvironment(settings: {
  dynamoDbEndpoint: string;
  s3Endpoint: string;
  cognitoEndpoint: string;
  userPoolId: string;
  tables: Record<TableName, string>;
  uploadsPublicUrl: string;
  formSchemasDir: string;
  relayUrls: Record<string, string>;
  sesEndpoint: string;
  staffEmails: string[];
  siteUrl: string;
  siteBuildDir: string;
  siteDir: string;
  antiSpam?: boolean;
  pushKey: string;
}): void {
  Object.assign(process.env, {
    AWS_REGION: localRegion,
    AWS_ACCESS_KEY_ID: s3Credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: s3Credentials.secretAccessKey,
    DYNAMODB_ENDPOINT: settings.dynamoDbEndpoint,
    S3_ENDPOINT: settings.s3Endpoint,
    SUBMISSIONS_TABLE: settings.tables.submissions,
    ORDER_SEARCH_TABLE: settings.tables.orderSearch,
    PRODUCTS_TABLE: settings.tables.products,
    MEDIA_TABLE: settings.tables.media,
    CONTENT_TABLE: settings.tables.content,
    SITE_BUILD_DIR: settings.siteBuildDir,
    SITE_DIR: settings.siteDir,
    USER_POOL_ID: settings.userPoolId,
    COGNITO_ENDPOINT: settings.cognitoEndpoint,
    RATE_LIMITS_TABLE: settings.tables.rateLimits,
    UPLOADS_BUCKET: uploadsBucket,
    UPLOADS_PUBLIC_URL: settings.uploadsPublicUrl,
    FORM_SCHEMAS_DIR: settings.formSchemasDir,
    SHEET_RELAY_URLS: JSON.stringify(settings.relayUrls),
    SES_ENDPOINT: settings.sesEndpoint,
    STAFF_EMAILS: settings.staffEmails.join(','),
    MAIL_FROM: localMailFrom,
    SITE_URL: settings.siteUrl,
    // A new key each start: tokens of forms opened before a restart are unknown, which never counts against a visitor.
    FORM_START_KEY: randomBytes(32).toString('base64url'),
    // The notifications on staff phones: the same key every start (the devices subscribed with it), and a contact
    // push services accept (the local site's http address is not one).
    PUSH_KEY: settings.pushKey,
    PUSH_CONTACT: `mailto:${localMailFrom}`,
    // On unless the developer turns it off (`ANTI_SPAM=off npm start`, for benchmarks and load tests).
    ANTI_SPAM: settings.antiSpam === undefined ? process.env.ANTI_SPAM?.trim() || 'on' : settings.antiSpam ? 'on' : 'off',
    AWS_LAMBDA_FUNCTION_NAME: 'agri-dealer-local',
  });
  // Human-readable logs unless the developer chose otherwise.
  process.env.POWERTOOLS_DEV ??= 'true';
}

function handlerLoader(generation: number) {
  return async <Handler = LambdaHandler>(name: string): Promise<Handler> => {
    const file = functionEntry(name);
    // The query makes a new module instance, which reads the environment set for this start.
    const module = (await import(/* @vite-ignore */ `${pathToFileURL(file).href}?stack=${generation}`)) as {
      handler?: Handler;
    };
    if (typeof module.handler !== 'function') throw new Error(`${file} does not export a handler function`);
    return module.handler;
  };
}
