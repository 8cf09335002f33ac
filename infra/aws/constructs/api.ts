import { Duration } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, LogGroupLogDestination, type CfnStage } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaAuthorizer, HttpLambdaResponseType, HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { exportsPrefix, mediaPrefix, photosPrefix, uploadsPrefix } from '../../../lambdas/forms/upload-keys';
import { originVerifyHeader } from '../../../lambdas/lib/client-address';
import { apiRoutes, type ApiRoute, type HandlerName } from '../../../lambdas/routes';
import type { TableName } from '../../../lambdas/lib/tables';
import { createHandlerFunction } from './handler-function';
import { grantOnObjects, grantOnTable } from './grants';

export interface ApiProps {
  tables: Record<TableName, ITableV2>;
  /** Receives the visitors' photos under uploads/, and the ones orders keep under photos/. */
  uploadsBucket: IBucket;
  /** What every handler reads (lambdas/lib/config.ts). */
  environment: Record<string, string>;
  /** The staff's pool: its access tokens open the routes with `auth`, for this client. */
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
  /** The stage's access log. */
  accessLogs: ILogGroup;
  /** Whether the public functions get reserved instances (off where the account's limit is too low, e.g. a new account). */
  reservedConcurrency: boolean;
  /** The generated secrets (./api-secrets.ts), each read at run time by the functions that need it, and only by them. */
  secrets: Record<ApiSecretName, ISecret>;
}

export type ApiSecretName = 'formStartKey' | 'originSecret' | 'pushKey';

/** The variable naming a secret's ARN in a function's environment (lambdas/lib/config.ts): never its value. */
export const secretVariables: Record<ApiSecretName, string> = {
  formStartKey: 'FORM_START_KEY_SECRET',
  originSecret: 'ORIGIN_VERIFY_SECRET',
  pushKey: 'PUSH_KEY_SECRET',
};

/**
 * The public functions that read a generated secret: the start key to sign
 * and check start tokens, the origin secret to trust the visitor address
 * CloudFront gives (the rate limits). Every staff function reads the origin
 * secret too (lambdas/staff/admin-handler.ts refuses requests around
 * CloudFront); list-products reads none.
 */
const publicSecretReaders: Partial<Record<HandlerName, ApiSecretName[]>> = {
  'submit-form': ['formStartKey', 'originSecret'],
  'start-form': ['formStartKey', 'originSecret'],
  'create-upload': ['originSecret'],
};

/** The staff functions that read a generated secret besides the origin secret: the push key, for its public half. */
const staffSecretReaders: Partial<Record<HandlerName, ApiSecretName[]>> = {
  'admin-push-subscriptions': ['pushKey'],
};

/** Lets `fn` read a secret at run time, naming it in its environment. */
export function readsSecret(fn: NodejsFunction, secrets: ApiProps['secrets'], name: ApiSecretName): void {
  fn.addEnvironment(secretVariables[name], secrets[name].secretArn);
  secrets[name].grantRead(fn);
}

/**
 * What each function may do, and nothing more. A handler added to
 * lambdas/routes.ts does not compile here until it gets its entry.
 */
const permissions: Record<HandlerName, (fn: IGrantable, props: ApiProps) => void> = {
  'submit-form': (fn, { tables, uploadsBucket }) => {
    // A submission is put once; a repeated id reads the stored one.
    grantOnTable(fn, tables, 'submissions', 'dynamodb:PutItem', 'dynamodb:GetItem');
    // Reads the uploads a submission names, and nothing else of them; writes the photos it makes of
    // them for the order, and only those.
    grantOnObjects(fn, uploadsBucket, uploadsPrefix, 's3:GetObject');
    grantOnObjects(fn, uploadsBucket, photosPrefix, 's3:PutObject');
    // Counts the client's requests (the rate limit) and binds each start token and upload to its submission.
    grantOnTable(fn, tables, 'rateLimits', 'dynamodb:UpdateItem');
  },
  // Presigned URLs carry this permission: uploads only, never a kept photo.
  'create-upload': (fn, { tables, uploadsBucket }) => {
    grantOnObjects(fn, uploadsBucket, uploadsPrefix, 's3:PutObject');
    grantOnTable(fn, tables, 'rateLimits', 'dynamodb:UpdateItem');
  },
  // Signs a start token with the start key (read at run time), and counts the client's requests.
  'start-form': (fn, { tables }) => grantOnTable(fn, tables, 'rateLimits', 'dynamodb:UpdateItem'),
  // Lists are Queries on the indexes; no Scan, no write. Linked products follow the live content's catalogue.
  'list-products': (fn, { tables }) => {
    grantOnTable(fn, tables, 'products', 'dynamodb:Query');
    grantOnTable(fn, tables, 'content', 'dynamodb:GetItem');
  },
  // The staff's e-mail is read from the pool (access tokens carry no e-mail).
  'admin-me': (fn, { userPool }) => userPool.grant(fn, 'cognito-idp:AdminGetUser'),
  // Pages and counts are Queries; changes are conditional updates; one order is a GetItem. No Scan, no delete.
  'admin-orders': (fn, { tables, userPool }) => {
    grantOnTable(fn, tables, 'submissions', 'dynamodb:Query', 'dynamodb:GetItem', 'dynamodb:UpdateItem', 'dynamodb:BatchGetItem');
    // A search reads the index, then the orders it leads to; a note's words are added to it.
    grantOnTable(fn, tables, 'orderSearch', 'dynamodb:Query', 'dynamodb:BatchWriteItem');
    // The messages sent to farmers are one item of the content table; the live content gives the dealer's name and phone.
    // The labels used so far are one more item, added to in one update.
    grantOnTable(fn, tables, 'content', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem');
    // Who wrote what, and the staff an order can be given to.
    userPool.grant(fn, 'cognito-idp:AdminGetUser', 'cognito-idp:ListUsersInGroup');
  },
  // Admins' deletes, for a farmer who asks to be forgotten: the order is replaced by who deleted it and when (PutItem, never DeleteItem), its kept photos and search entries removed.
  'admin-order-delete': (fn, { tables, userPool, uploadsBucket }) => {
    grantOnTable(fn, tables, 'submissions', 'dynamodb:GetItem', 'dynamodb:PutItem');
    grantOnTable(fn, tables, 'orderSearch', 'dynamodb:BatchWriteItem');
    grantOnObjects(fn, uploadsBucket, photosPrefix, 's3:DeleteObject');
    userPool.grant(fn, 'cognito-idp:AdminGetUser');
  },
  // Reads the orders, writes the CSV under exports/ and signs its download link.
  'admin-orders-export': (fn, { tables, uploadsBucket, userPool }) => {
    grantOnTable(fn, tables, 'submissions', 'dynamodb:Query', 'dynamodb:BatchGetItem');
    grantOnTable(fn, tables, 'orderSearch', 'dynamodb:Query');
    grantOnObjects(fn, uploadsBucket, exportsPrefix, 's3:PutObject', 's3:GetObject');
    // "Mine" is the caller's orders: their e-mail, from the pool.
    userPool.grant(fn, 'cognito-idp:AdminGetUser');
  },
  'admin-products': (fn, { tables }) => {
    grantOnTable(fn, tables, 'products', 'dynamodb:Query', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem');
    // A product's picture must be in the library.
    grantOnTable(fn, tables, 'media', 'dynamodb:GetItem');
    // The catalogue as published and as drafted, for the entries products show.
    grantOnTable(fn, tables, 'content', 'dynamodb:GetItem');
  },
  // The draft and the publishes; it starts the publisher (its invoke grant is given where the publisher is made, infra/aws/site-stack.ts).
  'admin-content': (fn, { tables, userPool }) => {
    grantOnTable(fn, tables, 'content', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:Query');
    userPool.grant(fn, 'cognito-idp:AdminGetUser');
  },
  // The staff's devices for notifications are items of the content table, each staff member's own.
  'admin-push-subscriptions': (fn, { tables }) => grantOnTable(fn, tables, 'content', 'dynamodb:Query', 'dynamodb:PutItem', 'dynamodb:DeleteItem'),
  // The live content; the relay's addresses are read from their secret, granted where it is named (infra/aws/site-stack.ts).
  'admin-readiness': (fn, { tables }) => grantOnTable(fn, tables, 'content', 'dynamodb:GetItem'),
  'admin-media': (fn, { tables, uploadsBucket, userPool }) => {
    grantOnTable(fn, tables, 'media', 'dynamodb:Query', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem');
    // Whether a product, or the catalogue's draft or live content, shows the picture.
    grantOnTable(fn, tables, 'products', 'dynamodb:Query');
    grantOnTable(fn, tables, 'content', 'dynamodb:GetItem');
    // Presigned PUTs, HeadObject at registration, deletion: under media/ only.
    grantOnObjects(fn, uploadsBucket, mediaPrefix, 's3:PutObject', 's3:GetObject', 's3:DeleteObject');
    userPool.grant(fn, 'cognito-idp:AdminGetUser');
  },
};

/**
 * What each function needs besides its grants: the form schemas, when it
 * reads them; reserved instances for the public ones, sized from
 * `npm run bench:orders` (an order takes 46 ms at the median, 123 ms at p99:
 * one instance answers about 8 a second at worst), so that the route
 * throttles below never need more, and a flood of one cannot take the others'.
 */
const functionNeeds: Record<HandlerName, { formSchemas: boolean; reservedConcurrency?: number; photos?: boolean }> = {
  // Makes an order's photos again with sharp (lambdas/forms/remake-photo.ts).
  'submit-form': { formSchemas: true, reservedConcurrency: 10, photos: true },
  'create-upload': { formSchemas: true, reservedConcurrency: 5 },
  'start-form': { formSchemas: true, reservedConcurrency: 5 },
  'list-products': { formSchemas: false, reservedConcurrency: 5 },
  'admin-me': { formSchemas: false },
  'admin-orders': { formSchemas: true },
  'admin-orders-export': { formSchemas: true },
  // A choice's labels are among an order's search entries to remove.
  'admin-order-delete': { formSchemas: true },
  'admin-products': { formSchemas: false },
  'admin-media': { formSchemas: false },
  // The translations page lists the forms' texts.
  'admin-content': { formSchemas: true },
  // The forms' sheets, to find those without a relay address.
  'admin-readiness': { formSchemas: true },
  'admin-push-subscriptions': { formSchemas: false },
};

/**
 * What a function that makes photos needs: sharp, installed beside the bundle
 * for Lambda's Linux on ARM as for the publisher (infra/aws/constructs/publisher.ts),
 * and a whole vCPU (1,769 MB; 512 MB gives about a third of one), so that an
 * order's five photos are made well within the visitor's 5 s.
 */
export const photoMaking = { nodeModules: ['sharp'], memorySize: 1769 };

/**
 * Requests per second per public route, steady and in a burst: far above a
 * dealer's busiest day (orders come by the hundred a day), within what the
 * reserved instances answer. Staff routes share the stage's default.
 */
export const routeThrottles: Record<string, { rateLimit: number; burstLimit: number }> = {
  'POST /api/forms/{formId}/submissions': { rateLimit: 50, burstLimit: 100 },
  'POST /api/uploads': { rateLimit: 25, burstLimit: 50 },
  'GET /api/forms/{formId}/start': { rateLimit: 25, burstLimit: 50 },
  'GET /api/products': { rateLimit: 25, burstLimit: 50 },
};

/** Requests per second for the whole API (steady, and in a burst). */
export const stageThrottle = { rateLimit: 200, burstLimit: 400 };


/**
 * The HTTP API: one Lambda per handler folder named in lambdas/routes.ts and
 * one route per entry there.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  /** Keyed by handler folder. */
  readonly functions: Record<string, NodejsFunction> = {};
  /** The public routes' authorizer: requests must come through CloudFront. */
  readonly originCheck: NodejsFunction;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);

    // Each client is limited by the functions (lambdas/lib/rate-limit.ts), a minute's worth of
    // requests at most. The stage-wide throttle, shared by every visitor, only caps the cost of a
    // flood from many addresses at once: set far above what the per-client limits let through, so
    // that one busy client never locks the others out.
    this.httpApi = new HttpApi(this, 'HttpApi', { description: 'Order requests API', createDefaultStage: false });
    const stage = this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: stageThrottle,
      accessLogSettings: { destination: new LogGroupLogDestination(props.accessLogs) },
    });
    // Each public route has a throttle of its own: a flood of one leaves the others room.
    (stage.node.defaultChild as CfnStage).routeSettings = Object.fromEntries(
      Object.entries(routeThrottles).map(([routeKey, { rateLimit, burstLimit }]) => [
        routeKey,
        { ThrottlingRateLimit: rateLimit, ThrottlingBurstLimit: burstLimit },
      ]),
    );

    // The staff routes need a valid access token of the pool, for the admin client (access tokens have no
    // `aud`: API Gateway checks `client_id`). The handlers check the groups (lambdas/staff/staff-auth.ts).
    const staffAuthorizer = new HttpUserPoolAuthorizer('StaffAuthorizer', props.userPool, {
      userPoolClients: [props.userPoolClient],
    });

    // The public routes answer only requests that came through CloudFront (lambdas/functions/origin-check): not around
    // its WAF and headers. The verdict is cached per secret value, so the check costs one call in five minutes.
    this.originCheck = createHandlerFunction(this, {
      handler: 'origin-check',
      description: 'Lets through only requests carrying CloudFront’s origin secret',
      environment: {},
      formSchemas: false,
    });
    readsSecret(this.originCheck, props.secrets, 'originSecret');
    const originAuthorizer = new HttpLambdaAuthorizer('OriginCheck', this.originCheck, {
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      identitySource: [`$request.header.${originVerifyHeader}`],
      resultsCacheTtl: Duration.minutes(5),
    });

    const integrations: Record<string, HttpLambdaIntegration> = {};
    for (const route of apiRoutes as readonly ApiRoute[]) {
      let fn = this.functions[route.handler];
      if (!fn) {
        const { formSchemas, reservedConcurrency, photos } = functionNeeds[route.handler as HandlerName];
        fn = this.functions[route.handler] = createHandlerFunction(this, {
          handler: route.handler,
          description: `${route.method} ${route.path}`,
          environment: props.environment,
          formSchemas,
          ...(props.reservedConcurrency && { reservedConcurrency }),
          ...(route.timeoutSeconds ? { timeout: Duration.seconds(route.timeoutSeconds) } : {}),
          ...(photos && photoMaking),
        });
        permissions[route.handler as HandlerName](fn, props);
        const secrets = route.auth
          ? ['originSecret' as const, ...(staffSecretReaders[route.handler as HandlerName] ?? [])]
          : (publicSecretReaders[route.handler as HandlerName] ?? []);
        for (const name of secrets) readsSecret(fn, props.secrets, name);
      }
      this.httpApi.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: (integrations[route.handler] ??= new HttpLambdaIntegration(`${fn.node.id}Integration`, fn)),
        authorizer: route.auth ? staffAuthorizer : originAuthorizer,
      });
    }
  }
}
