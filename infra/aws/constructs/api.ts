import path from 'node:path';
import { Duration, RemovalPolicy, SecretValue } from 'aws-cdk-lib';
import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Grant, type IGrantable } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { uploadsPrefix } from '../../../lambdas/forms/upload-keys';
import { apiRoutes, type ApiRoute, type HandlerName } from '../../../lambdas/routes';
import type { TableName } from '../../tables';
import { pascalCase } from '../naming';
import { repoRoot } from '../paths';

export interface ApiProps {
  tables: Record<TableName, ITableV2>;
  /** Receives the visitors' photos under uploads/. */
  uploadsBucket: IBucket;
  /** Secrets Manager secret holding the SHEET_RELAY_URLS JSON. */
  sheetRelayUrlsSecretName: string;
}

/**
 * What each function may do, and nothing more. A handler added to
 * lambdas/routes.ts does not compile here until it gets its entry.
 */
const permissions: Record<HandlerName, (fn: IGrantable, props: ApiProps) => void> = {
  'submit-form': (fn, { tables, uploadsBucket }) => {
    // Submissions are only ever put; Powertools idempotency reads, writes and deletes its records.
    tables.orders.grantWriteData(fn);
    tables.messages.grantWriteData(fn);
    tables.idempotency.grantReadWriteData(fn);
    // HeadObject on the photos a submission names.
    grantOnUploads(fn, uploadsBucket, 's3:GetObject');
  },
  'create-upload': (fn, { uploadsBucket }) => grantOnUploads(fn, uploadsBucket, 's3:PutObject'),
  // Lists are Queries on the indexes; no Scan, no GetItem, no write.
  'list-products': (fn, { tables }) => tables.products.grant(fn, 'dynamodb:Query'),
};

function grantOnUploads(grantee: IGrantable, bucket: IBucket, action: string): void {
  Grant.addToPrincipal({ grantee, actions: [action], resourceArns: [bucket.arnForObjects(`${uploadsPrefix}*`)] });
}

/** Where the bundle's afterBundling hook puts the form schemas inside the Lambda package. */
export const formSchemasDirInLambda = '/var/task/form-schemas';

/** Must match the Logger's serviceName in the handlers. */
const serviceName = 'order-requests';

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
    // the stage-wide throttle caps how fast a flood can reach the sheet relay,
    // the tables and the uploads bucket.
    this.httpApi = new HttpApi(this, 'HttpApi', { description: 'Order requests API', createDefaultStage: false });
    this.httpApi.addStage('DefaultStage', {
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: 20, burstLimit: 40 },
    });

    const environment: Record<string, string> = {
      ORDERS_TABLE: props.tables.orders.tableName,
      MESSAGES_TABLE: props.tables.messages.tableName,
      IDEMPOTENCY_TABLE: props.tables.idempotency.tableName,
      PRODUCTS_TABLE: props.tables.products.tableName,
      UPLOADS_BUCKET: props.uploadsBucket.bucketName,
      FORM_SCHEMAS_DIR: formSchemasDirInLambda,
      // A CloudFormation dynamic reference ({{resolve:secretsmanager:…}}):
      // CloudFormation reads the secret at deploy time, so the relay URLs are
      // in neither the template, git nor the browser bundle (they do show in
      // the function's configuration, to those allowed to read it). The
      // secret must exist before `cdk deploy`; redeploy after changing it.
      SHEET_RELAY_URLS: SecretValue.secretsManager(props.sheetRelayUrlsSecretName).unsafeUnwrap(),
      POWERTOOLS_SERVICE_NAME: serviceName,
      NODE_OPTIONS: '--enable-source-maps',
    };

    const integrations: Record<string, HttpLambdaIntegration> = {};
    for (const route of apiRoutes) {
      let fn = this.functions[route.handler];
      if (!fn) {
        fn = this.functions[route.handler] = this.createFunction(route, environment);
        permissions[route.handler](fn, props);
      }
      this.httpApi.addRoutes({
        path: route.path,
        methods: [HttpMethod[route.method]],
        integration: (integrations[route.handler] ??= new HttpLambdaIntegration(`${fn.node.id}Integration`, fn)),
      });
    }
  }

  /** Sets a variable on every function, for values known only once later constructs exist. */
  addEnvironment(name: string, value: string): void {
    for (const fn of Object.values(this.functions)) fn.addEnvironment(name, value);
  }

  private createFunction(route: ApiRoute, environment: Record<string, string>): NodejsFunction {
    const id = pascalCase(route.handler);
    const logGroup = new LogGroup(this, `${id}Logs`, {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    return new NodejsFunction(this, id, {
      description: `${route.method} ${route.path}`,
      entry: path.join(repoRoot, 'lambdas', route.handler, 'handler.ts'),
      handler: 'handler',
      projectRoot: repoRoot,
      depsLockFilePath: path.join(repoRoot, 'package-lock.json'),
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: 512,
      timeout: Duration.seconds(15),
      logGroup,
      environment,
      bundling: {
        format: OutputFormat.ESM,
        mainFields: ['module', 'main'],
        // Bundled CommonJS dependencies (ajv, …) still call require().
        banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
        minify: true,
        sourceMap: true,
        // The AWS SDK is bundled, not taken from the runtime: the versions tested
        // locally are the ones that run (the presigner and lib-dynamodb must match
        // their clients), for a cold-start cost measured as equal.
        externalModules: [],
        commandHooks: copyFormSchemas,
      },
    });
  }
}

/** The handlers read form-schemas/*.json at run time (FORM_SCHEMAS_DIR), so they ship in the package. */
const copyFormSchemas: ICommandHooks = {
  beforeBundling: () => [],
  beforeInstall: () => [],
  afterBundling: (inputDir, outputDir) => [
    `mkdir -p "${outputDir}/form-schemas"`,
    `cp "${inputDir}"/form-schemas/*.json "${outputDir}/form-schemas/"`,
  ],
};
