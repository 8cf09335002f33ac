import { Duration } from 'aws-cdk-lib';
import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpUserPoolAuthorizer } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IUserPool, IUserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Grant, type IGrantable } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { exportsPrefix, mediaPrefix, photosPrefix, uploadsPrefix } from '../../../lambdas/forms/upload-keys';
import { apiRoutes, type ApiRoute, type HandlerName } from '../../../lambdas/routes';
import type { TableName } from '../../../lambdas/lib/tables';
import { createHandlerFunction } from './handler-function';

export interface ApiProps {
  tables: Record<TableName, ITableV2>;
  /** Receives the visitors' photos under uploads/, and the ones orders keep under photos/. */
  uploadsBucket: IBucket;
  /** What every handler reads (lambdas/lib/config.ts). */
  environment: Record<string, string>;
  /** The staff's pool: its access tokens open the routes with `auth`, for this client. */
  userPool: IUserPool;
  userPoolClient: IUserPoolClient;
}

/**
 * What each function may do, and nothing more. A handler added to
 * lambdas/routes.ts does not compile here until it gets its entry.
 */
const permissions: Record<HandlerName, (fn: IGrantable, props: ApiProps) => void> = {
  'submit-form': (fn, { tables, uploadsBucket }) => {
    // A submission is put once; a repeated id reads the stored one.
    tables.submissions.grant(fn, 'dynamodb:PutItem', 'dynamodb:GetItem');
    // Reads the uploads a submission names (their first bytes, and as copy sources), and nothing
    // else of them; writes, reads back and removes the copies it keeps, and only those.
    grantOnObjects(fn, uploadsBucket, uploadsPrefix, 's3:GetObject');
    grantOnObjects(fn, uploadsBucket, photosPrefix, 's3:PutObject', 's3:GetObject', 's3:DeleteObject');
    // Counts the client's requests (the rate limit).
    tables.rateLimits.grant(fn, 'dynamodb:UpdateItem');
  },
  // Presigned URLs carry this permission: uploads only, never a kept photo.
  'create-upload': (fn, { tables, uploadsBucket }) => {
    grantOnObjects(fn, uploadsBucket, uploadsPrefix, 's3:PutObject');
    tables.rateLimits.grant(fn, 'dynamodb:UpdateItem');
  },
  // Signs a start token with a key from its environment; touches nothing.
  'start-form': () => undefined,
  // Lists are Queries on the indexes; no Scan, no GetItem, no write.
  'list-products': (fn, { tables }) => tables.products.grant(fn, 'dynamodb:Query'),
  // The staff's e-mail is read from the pool (access tokens carry no e-mail).
  'admin-me': (fn, { userPool }) => userPool.grant(fn, 'cognito-idp:AdminGetUser'),
  // Pages and counts are Queries; changes are conditional updates; one order is a GetItem. No Scan, no delete.
  'admin-orders': (fn, { tables, userPool }) => {
    tables.submissions.grant(fn, 'dynamodb:Query', 'dynamodb:GetItem', 'dynamodb:UpdateItem');
    userPool.grant(fn, 'cognito-idp:AdminGetUser');
  },
  // Reads the orders, writes the CSV under exports/ and signs its download link.
  'admin-orders-export': (fn, { tables, uploadsBucket }) => {
    tables.submissions.grant(fn, 'dynamodb:Query');
    grantOnObjects(fn, uploadsBucket, exportsPrefix, 's3:PutObject', 's3:GetObject');
  },
  'admin-products': (fn, { tables }) => {
    tables.products.grant(fn, 'dynamodb:Query', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem');
    // A product's picture must be in the library.
    tables.media.grant(fn, 'dynamodb:GetItem');
  },
  // The draft and the publishes (publishing to the site's bucket is not wired in AWS yet: it answers publishUnavailable).
  'admin-content': (fn, { tables, userPool }) => {
    tables.content.grant(fn, 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query');
    userPool.grant(fn, 'cognito-idp:AdminGetUser');
  },
  'admin-media': (fn, { tables, uploadsBucket, userPool }) => {
    tables.media.grant(fn, 'dynamodb:Query', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem');
    // Whether a product shows the picture.
    tables.products.grant(fn, 'dynamodb:Query');
    // Presigned PUTs, HeadObject at registration, deletion: under media/ only.
    grantOnObjects(fn, uploadsBucket, mediaPrefix, 's3:PutObject', 's3:GetObject', 's3:DeleteObject');
    userPool.grant(fn, 'cognito-idp:AdminGetUser');
  },
};

/** Requests per second for the whole API (steady, and in a burst). */
export const stageThrottle = { rateLimit: 200, burstLimit: 400 };

function grantOnObjects(grantee: IGrantable, bucket: IBucket, prefix: string, ...actions: string[]): void {
  Grant.addToPrincipal({ grantee, actions, resourceArns: [bucket.arnForObjects(`${prefix}*`)] });
}

/**
 * The HTTP API: one Lambda per handler folder named in lambdas/routes.ts and
 * one route per entry there.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  /** Keyed by handler folder. */
  readonly functions: Record<string, NodejsFunction> = {};

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);

    // Each client is limited by the functions (lambdas/lib/rate-limit.ts), a minute's worth of
    // requests at most. The stage-wide throttle, shared by every visitor, only caps the cost of a
    // flood from many addresses at once: set far above what the per-client limits let through, so
    // that one busy client never locks the others out.
    this.httpApi = new HttpApi(this, 'HttpApi', { description: 'Order requests API', createDefaultStage: false });
    this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: stageThrottle,
    });

    // The staff routes need a valid access token of the pool, for the admin client (access tokens have no
    // `aud`: API Gateway checks `client_id`). The handlers check the groups (lambdas/lib/staff-auth.ts).
    const staffAuthorizer = new HttpUserPoolAuthorizer('StaffAuthorizer', props.userPool, {
      userPoolClients: [props.userPoolClient],
    });

    const integrations: Record<string, HttpLambdaIntegration> = {};
    for (const route of apiRoutes as readonly ApiRoute[]) {
      let fn = this.functions[route.handler];
      if (!fn) {
        fn = this.functions[route.handler] = createHandlerFunction(this, {
          handler: route.handler,
          description: `${route.method} ${route.path}`,
          environment: props.environment,
          ...(route.timeoutSeconds ? { timeout: Duration.seconds(route.timeoutSeconds) } : {}),
        });
        permissions[route.handler as HandlerName](fn, props);
      }
      this.httpApi.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: (integrations[route.handler] ??= new HttpLambdaIntegration(`${fn.node.id}Integration`, fn)),
        ...(route.auth ? { authorizer: staffAuthorizer } : {}),
      });
    }
  }
}
