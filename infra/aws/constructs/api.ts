import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Grant, type IGrantable } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { uploadsPrefix } from '../../../lambdas/forms/upload-keys';
import { apiRoutes, type HandlerName } from '../../../lambdas/routes';
import type { TableName } from '../../../lambdas/lib/tables';
import { createHandlerFunction } from './handler-function';

export interface ApiProps {
  tables: Record<TableName, ITableV2>;
  /** Receives the visitors' photos under uploads/. */
  uploadsBucket: IBucket;
  /** What every handler reads (lambdas/lib/config.ts). */
  environment: Record<string, string>;
}

/**
 * What each function may do, and nothing more. A handler added to
 * lambdas/routes.ts does not compile here until it gets its entry.
 */
const permissions: Record<HandlerName, (fn: IGrantable, props: ApiProps) => void> = {
  'submit-form': (fn, { tables, uploadsBucket }) => {
    // A submission is put once; a repeated id reads the stored one.
    tables.submissions.grant(fn, 'dynamodb:PutItem', 'dynamodb:GetItem');
    // HeadObject on the photos a submission names.
    grantOnUploads(fn, uploadsBucket, 's3:GetObject');
    // Counts the client's requests (the rate limit).
    tables.rateLimits.grant(fn, 'dynamodb:UpdateItem');
  },
  'create-upload': (fn, { tables, uploadsBucket }) => {
    grantOnUploads(fn, uploadsBucket, 's3:PutObject');
    tables.rateLimits.grant(fn, 'dynamodb:UpdateItem');
  },
  // Signs a start token with a key from its environment; touches nothing.
  'start-form': () => undefined,
  // Lists are Queries on the indexes; no Scan, no GetItem, no write.
  'list-products': (fn, { tables }) => tables.products.grant(fn, 'dynamodb:Query'),
};

/** Requests per second for the whole API (steady, and in a burst). */
export const stageThrottle = { rateLimit: 200, burstLimit: 400 };

function grantOnUploads(grantee: IGrantable, bucket: IBucket, action: string): void {
  Grant.addToPrincipal({ grantee, actions: [action], resourceArns: [bucket.arnForObjects(`${uploadsPrefix}*`)] });
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

    const integrations: Record<string, HttpLambdaIntegration> = {};
    for (const route of apiRoutes) {
      let fn = this.functions[route.handler];
      if (!fn) {
        fn = this.functions[route.handler] = createHandlerFunction(this, {
          handler: route.handler,
          description: `${route.method} ${route.path}`,
          environment: props.environment,
        });
        permissions[route.handler](fn, props);
      }
      this.httpApi.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: (integrations[route.handler] ??= new HttpLambdaIntegration(`${fn.node.id}Integration`, fn)),
      });
    }
  }
}
