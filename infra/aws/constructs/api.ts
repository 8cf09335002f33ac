import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Grant, type IGrantable } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { photosPrefix, uploadsPrefix } from '../../../lambdas/forms/upload-keys';
import { apiRoutes, type HandlerName } from '../../../lambdas/routes';
import type { TableName } from '../../../lambdas/lib/tables';
import { createHandlerFunction } from './handler-function';

export interface ApiProps {
  tables: Record<TableName, ITableV2>;
  /** Receives the visitors' photos under uploads/, and the ones orders keep under photos/. */
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
    // Reads the uploads a submission names (their first bytes, and as copy sources), and nothing
    // else of them; writes, reads back and removes the copies it keeps, and only those.
    grantOnObjects(fn, uploadsBucket, uploadsPrefix, 's3:GetObject');
    grantOnObjects(fn, uploadsBucket, photosPrefix, 's3:PutObject', 's3:GetObject', 's3:DeleteObject');
  },
  // Presigned URLs carry this permission: uploads only, never a kept photo.
  'create-upload': (fn, { uploadsBucket }) => grantOnObjects(fn, uploadsBucket, uploadsPrefix, 's3:PutObject'),
  // Lists are Queries on the indexes; no Scan, no GetItem, no write.
  'list-products': (fn, { tables }) => tables.products.grant(fn, 'dynamodb:Query'),
};

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

    // Only public routes (the forms, their photo uploads, the product list) live here today;
    // the stage-wide throttle caps how fast a flood can reach the tables and the uploads bucket.
    this.httpApi = new HttpApi(this, 'HttpApi', { description: 'Order requests API', createDefaultStage: false });
    this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 20, burstLimit: 40 },
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
