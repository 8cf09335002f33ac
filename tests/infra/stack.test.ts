import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { App, Stack } from 'aws-cdk-lib';
import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import type { CfnFunction, IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteBuildDirInLambda } from '../../infra/aws/constructs/publisher';
import { liveKey, routingEntries } from '../../lambdas/content/site-routing';
import { edgeRouting, type EdgeRequest } from '../support/edge-routing';
import { defaultSheetRelayUrlsSecretName, SiteStack } from '../../infra/aws/site-stack';
import { relayUrlsMaxAgeSeconds } from '../../lambdas/deliveries/relay-urls';
import { photoContentSecurityPolicy } from '../../infra/photos';
import { apiContentSecurityPolicy, pageContentSecurityPolicy, scriptHashesFile, securityHeaders } from '../../infra/security-headers';
import { seedProducts } from '../../infra/seed/products';
import { tableDefinitions, type KeyAttribute, type TableDefinition, type TableName } from '../../lambdas/lib/tables';
import { deliveryMetrics } from '../../lambdas/deliveries/delivery-metrics';
import { loadConfig } from '../../lambdas/lib/config';
import { productItem } from '../../lambdas/products/products-store';
import { rateLimitExpiryAttribute, rateLimits } from '../../lambdas/lib/rate-limit';
import { apiRoutes, staffRoles, type ApiRoute } from '../../lambdas/routes';
import { photoMaking, stageThrottle } from '../../infra/aws/constructs/api';
import { cachedProductList } from '../../infra/aws/constructs/site';
import { repoRoot } from '../../infra/paths';

/**
 * Assertions on the synthesized template (bundling skipped). Expectations come
 * from the data the stack is built from: lambdas/routes.ts, lambdas/lib/tables.ts,
 * lambdas/lib/config.ts, infra/seed/products.ts.
 */

// CloudFormation properties are free-form JSON; the assertions below check their shape.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Properties = Record<string, any>;
type Resource = { Type: string; Properties: Properties; DeletionPolicy?: string; UpdateReplacePolicy?: string };
type Statement = { Action: string | string[]; Resource: unknown; Condition?: unknown };
type Origin = { Id: string; DomainName: unknown; OriginAccessControlId?: unknown; CustomOriginConfig?: Properties };
type Behavior = Properties & { PathPattern?: string; TargetOriginId: string };

const workDir = mkdtempSync(path.join(os.tmpdir(), 'agri-dealer-infra-'));
const tableNames = Object.keys(tableDefinitions) as TableName[];

function synth(id: string, options: { webBuildDir: string; context?: Record<string, unknown> }) {
  const app = new App({
    outdir: path.join(workDir, `${id}.out`),
    context: { 'aws:cdk:bundling-stacks': [], ...options.context },
  });
  const stack = new SiteStack(app, id, { webBuildDir: options.webBuildDir });
  return { stack, template: Template.fromStack(stack) };
}

/** A minimal web build: two prerendered pages, the admin's page, the fallback page, a hashed asset. */
function fakeWebBuild(): string {
  const dir = path.join(workDir, 'web-build');
  for (const [file, content] of Object.entries({
    'index.html': '<html>home</html>',
    'tracteurs/index.html': '<html>tractors</html>',
    'admin/index.html': '<html>admin</html>',
    '__spa-fallback.html': '<html>spa</html>',
    'assets/entry.client-abc123.js': 'console.log(1)',
  })) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), content);
  }
  writeFileSync(scriptHashesFile(dir), JSON.stringify(fakeScriptHashes));
  return dir;
}
const fakeScriptHashes = ["'sha256-7mu4H06fwDCjmnxxr/xNHyuQC6pLTHr4M2E4jXw5WZs='", "'sha256-QAlSewaQLi/NPCznjAZSyvQ72heD0VdxmNDDkZeCxgc='"];

const logicalId = (construct: IConstruct) => Stack.of(construct).getLogicalId(construct.node.defaultChild as CfnFunction);
const ref = (construct: IConstruct) => ({ Ref: logicalId(construct) });
/** A CloudFormation dynamic reference to a secret of this stack, as CDK writes it. */
const secretReference = (secret: IConstruct) => ({ 'Fn::Join': ['', ['{{resolve:secretsmanager:', ref(secret), ':SecretString:::}}']] });
const arnOf = (construct: IConstruct) => ({ 'Fn::GetAtt': [logicalId(construct), 'Arn'] });

/** A function's environment as CloudFormation resolves it: each reference becomes a long enough string. */
const resolvedEnvironment = (env: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(env).map(([name, value]) => [name, typeof value === 'string' ? value : `resolved-${name}-${'x'.repeat(64)}`]));

const sendTraces = { Action: ['xray:PutTraceSegments', 'xray:PutTelemetryRecords'], Effect: 'Allow', Resource: '*' };
/** The statements of a function's own role, but the one every function has to send its traces. */
function policyStatements(fn: IFunction): Statement[] {
  const role = logicalId(fn.role!);
  const statements = ofType('AWS::IAM::Policy')
    .filter(([, p]) => JSON.stringify(p.Properties.Roles) === JSON.stringify([{ Ref: role }]))
    .flatMap(([, p]) => p.Properties.PolicyDocument.Statement as Statement[]);
  expect(statements[0]).toEqual(sendTraces);
  return statements.slice(1);
}

let stack: SiteStack;
let template: Template;
let resources: Record<string, Resource>;
const ofType = (type: string) => Object.entries(resources).filter(([, r]) => r.Type === type);

beforeAll(() => {
  ({ stack, template } = synth('AgriDealer', { webBuildDir: fakeWebBuild() }));
  resources = template.toJSON().Resources as Record<string, Resource>;
});

afterAll(() => rmSync(workDir, { recursive: true, force: true }));

describe('API', () => {
  it('every API path is under /api/, the only prefix CloudFront sends to the API', () => {
    for (const route of apiRoutes) expect(route.path).toMatch(/^\/api\//);
  });

  it('has one route per entry of apiRoutes, each proxied to its function with payload format 2.0', () => {
    const routes = ofType('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties);
    expect(routes.map((r) => r.RouteKey).sort()).toEqual(apiRoutes.map((r) => `${r.method} ${r.path}`).sort());

    for (const route of apiRoutes) {
      const props = routes.find((r) => r.RouteKey === `${route.method} ${route.path}`)!;
      const integrationId = (props.Target['Fn::Join'][1] as unknown[]).find((part) => typeof part === 'object') as {
        Ref: string;
      };
      const integration = resources[integrationId.Ref]!.Properties;
      expect(integration).toMatchObject({ IntegrationType: 'AWS_PROXY', PayloadFormatVersion: '2.0' });
      expect(integration.IntegrationUri).toEqual(arnOf(stack.api.functions[route.handler]!));
    }
  });

  it('creates one function per handler folder', () => {
    const handlers = [...new Set(apiRoutes.map((r) => r.handler))].sort();
    expect(Object.keys(stack.api.functions).sort()).toEqual(handlers);
    const ids = Object.values(stack.api.functions).map(logicalId);
    for (const id of ids) expect(resources[id]?.Type).toBe('AWS::Lambda::Function');
  });

  it('runs every function on Node.js 24, arm64, as an ES module, traced, 15 s (or its route\'s own) / 512 MB (the photo maker more), with retained-for-a-month logs', () => {
    for (const [handler, fn] of Object.entries(stack.api.functions)) {
      const props = resources[logicalId(fn)]!.Properties;
      const route = (apiRoutes as readonly ApiRoute[]).find((r) => r.handler === handler)!;
      expect(props).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        TracingConfig: { Mode: 'Active' },
        Handler: 'index.handler',
        Timeout: route.timeoutSeconds ?? 15,
        // The function that makes the order's photos gets a whole vCPU.
        MemorySize: handler === 'submit-form' ? photoMaking.memorySize : 512,
      });
      // API Gateway stops waiting for an integration at 30 s.
      expect(props.Timeout).toBeLessThan(30);
      const logGroup = resources[props.LoggingConfig.LogGroup.Ref]!;
      expect(logGroup.Properties.RetentionInDays).toBe(30);
    }
  });

  it('gives every function the environment loadConfig() requires, pointing at this stack', () => {
    for (const fn of [...Object.values(stack.api.functions), stack.deliveries.worker]) {
      const env = resources[logicalId(fn)]!.Properties.Environment.Variables as Record<string, unknown>;
      expect(env).toMatchObject({
        SUBMISSIONS_TABLE: ref(stack.database.tables.submissions),
        ORDER_SEARCH_TABLE: ref(stack.database.tables.orderSearch),
        PRODUCTS_TABLE: ref(stack.database.tables.products),
        MEDIA_TABLE: ref(stack.database.tables.media),
        CONTENT_TABLE: ref(stack.database.tables.content),
        USER_POOL_ID: ref(stack.auth.userPool),
        UPLOADS_BUCKET: ref(stack.uploads.bucket),
        // The kept photos are read on the site's own origin, through the /photos/* behaviour.
        UPLOADS_PUBLIC_URL: {
          'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalId(stack.site.distribution), 'DomainName'] }, '/']],
        },
        FORM_SCHEMAS_DIR: '/var/task/form-schemas',
        RATE_LIMITS_TABLE: ref(stack.database.tables.rateLimits),
        ANTI_SPAM: 'on',
      });
      expect(env).not.toHaveProperty('DYNAMODB_ENDPOINT');
      expect(env).not.toHaveProperty('S3_ENDPOINT');
      expect(env).not.toHaveProperty('COGNITO_ENDPOINT');
      expect(env).not.toHaveProperty('AWS_REGION'); // reserved: Lambda sets it
      // The relay URLs are in no function's configuration (the worker reads them at run time).
      expect(env).not.toHaveProperty('SHEET_RELAY_URLS');

      // What the function sees once CloudFormation resolved the references.
      const resolved = resolvedEnvironment(env);
      const config = loadConfig({
        ...resolved,
        UPLOADS_PUBLIC_URL: 'https://d111111abcdef8.cloudfront.net/',
        SHEET_RELAY_URLS: '{}',
        AWS_REGION: 'eu-west-3',
      });
      expect(config.dynamoDbEndpoint).toBeUndefined();
      expect(config.s3Endpoint).toBeUndefined();
      expect(config.antiSpam).toBe(true);
    }
  });

  /** The statements of the function's own role, but the one every function has to send its traces. */
  const statementsOf = (handler: string): Statement[] =>
    policyStatements(handler === 'deliver-submissions' ? stack.deliveries.worker : stack.api.functions[handler]!);
  const actionsOf = (statements: Statement[], service: string) =>
    statements.flatMap((s) => [s.Action].flat()).filter((action) => action.startsWith(`${service}:`));
  const objectsUnder = (prefix: string) => ({
    'Fn::Join': ['', [{ 'Fn::GetAtt': [logicalId(stack.uploads.bucket), 'Arn'] }, `/${prefix}*`]],
  });
  /** UpdateItem on the rate limit's counters, nothing else of that table. */
  const countRequests = () => ({
    Action: 'dynamodb:UpdateItem',
    Effect: 'Allow',
    Resource: { 'Fn::GetAtt': [logicalId(stack.database.tables.rateLimits), 'Arn'] },
  });
  const uploadsObjects = () => objectsUnder('uploads/');
  /** Reading one of the generated secrets at run time (CDK's grantRead). */
  const readSecret = (secret: IConstruct) => ({ Action: ['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret'], Effect: 'Allow', Resource: ref(secret) });

  it('lets submit-form put and read back submissions, count its clients\' requests, read the uploads and write the photos it makes under photos/, nothing else', () => {
    const statements = statementsOf('submit-form');
    const dynamo = statements.filter((s) => actionsOf([s], 'dynamodb').length > 0);
    const submissions = { 'Fn::GetAtt': [logicalId(stack.database.tables.submissions), 'Arn'] };
    expect(dynamo).toEqual([
      {
        Action: ['dynamodb:PutItem', 'dynamodb:GetItem'],
        Effect: 'Allow',
        Resource: submissions,
      },
      countRequests(),
    ]);

    // It reads the uploads, and writes neither them nor anything but the photos it makes.
    const s3 = statements.filter((s) => actionsOf([s], 's3').length > 0);
    expect(s3).toEqual([
      { Action: 's3:GetObject', Effect: 'Allow', Resource: uploadsObjects() },
      { Action: 's3:PutObject', Effect: 'Allow', Resource: objectsUnder('photos/') },
    ]);
    // It checks start tokens and trusts CloudFront's visitor address.
    const secrets = statements.filter((s) => actionsOf([s], 'secretsmanager').length > 0);
    expect(secrets).toEqual(expect.arrayContaining([readSecret(stack.secrets.formStartKey), readSecret(stack.secrets.originSecret)]));
    expect(statements.length).toBe(dynamo.length + s3.length + 2);
  });

  it('lets the delivery worker find due submissions on their index, update them and write their search entries, nothing else', () => {
    const submissions = { 'Fn::GetAtt': [logicalId(stack.database.tables.submissions), 'Arn'] };
    const orderSearch = { 'Fn::GetAtt': [logicalId(stack.database.tables.orderSearch), 'Arn'] };
    const statements = statementsOf('deliver-submissions').filter((s) => actionsOf([s], 'dynamodb').length > 0);
    expect(statements).toEqual(
      expect.arrayContaining([
        { Action: 'dynamodb:UpdateItem', Effect: 'Allow', Resource: submissions },
        { Action: 'dynamodb:Query', Effect: 'Allow', Resource: { 'Fn::Join': ['', [submissions, '/index/byDelivery']] } },
        { Action: 'dynamodb:BatchWriteItem', Effect: 'Allow', Resource: orderSearch },
      ]),
    );
    const actions = statements.flatMap((s) => [s.Action].flat());
    expect(actions.filter((action) => !action.startsWith('dynamodb:DescribeStream') && !action.startsWith('dynamodb:GetRecords') && !action.startsWith('dynamodb:GetShardIterator') && !action.startsWith('dynamodb:ListStreams'))).toEqual([
      'dynamodb:UpdateItem',
      'dynamodb:BatchWriteItem',
      'dynamodb:Query',
      'dynamodb:DeleteItem',
      'dynamodb:Query',
    ]);
    // The staff's devices to notify: read, and removed when their push service says they are gone; on the content table only.
    const content = { 'Fn::GetAtt': [logicalId(stack.database.tables.content), 'Arn'] };
    expect(statements).toEqual(
      expect.arrayContaining([
        { Action: 'dynamodb:DeleteItem', Effect: 'Allow', Resource: content },
        { Action: 'dynamodb:Query', Effect: 'Allow', Resource: content },
      ]),
    );
  });

  it('lets create-upload only put objects under uploads/ (presigned URLs carry its permission), never a kept photo, and count its clients\' requests', () => {
    expect(statementsOf('create-upload')).toEqual(
      expect.arrayContaining([{ Action: 's3:PutObject', Effect: 'Allow', Resource: uploadsObjects() }, countRequests(), readSecret(stack.secrets.originSecret)]),
    );
    expect(statementsOf('create-upload')).toHaveLength(3);
  });

  it('lets start-form only count its clients\' requests, and read the start key and the origin secret', () => {
    expect(statementsOf('start-form')).toEqual(
      expect.arrayContaining([countRequests(), readSecret(stack.secrets.formStartKey), readSecret(stack.secrets.originSecret)]),
    );
    expect(statementsOf('start-form')).toHaveLength(3);
  });

  it('throttles the whole API far above what the per-client limits let through', () => {
    const [[, stage]] = ofType('AWS::ApiGatewayV2::Stage') as [[string, Resource]];
    expect(stage.Properties.DefaultRouteSettings).toMatchObject({
      ThrottlingRateLimit: stageThrottle.rateLimit,
      ThrottlingBurstLimit: stageThrottle.burstLimit,
    });
    // A hundred clients each at both of their limits at once still fit under it.
    const perClientPerSecond = (rateLimits.tokenlessSubmissions + rateLimits.uploads) / 60;
    expect(stageThrottle.rateLimit).toBeGreaterThanOrEqual(100 * perClientPerSecond);
  });

  /** Item actions are granted on the table alone; Queries on the table and each of its indexes by name, never `index/*`. */
  const tableArn = (table: TableName) => ({ 'Fn::GetAtt': [logicalId(stack.database.tables[table]), 'Arn'] });
  const queryArns = (table: TableName) => [
    tableArn(table),
    ...tableDefinitions[table].indexes.map((index) => ({ 'Fn::Join': ['', [tableArn(table), `/index/${index.name}`]] })),
  ];
  // A table without indexes is one resource, not a list.
  const query = (table: TableName) => ({ Action: 'dynamodb:Query', Effect: 'Allow', Resource: tableDefinitions[table].indexes.length > 0 ? queryArns(table) : tableArn(table) });
  const readStaffEmails = () => ({
    Action: 'cognito-idp:AdminGetUser',
    Effect: 'Allow',
    Resource: { 'Fn::GetAtt': [logicalId(stack.auth.userPool), 'Arn'] },
  });

  // Functions: the stack exists only once the tests run.
  it.each<[string, () => Statement[]]>([
    ['admin-me', () => [readStaffEmails()]],
    [
      'admin-orders',
      () => [
        { Action: ['dynamodb:GetItem', 'dynamodb:UpdateItem', 'dynamodb:BatchGetItem'], Effect: 'Allow', Resource: tableArn('submissions') },
        query('submissions'),
        { Action: 'dynamodb:BatchWriteItem', Effect: 'Allow', Resource: tableArn('orderSearch') },
        query('orderSearch'),
        { Action: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'], Effect: 'Allow', Resource: tableArn('content') },
        { ...readStaffEmails(), Action: ['cognito-idp:AdminGetUser', 'cognito-idp:ListUsersInGroup'] },
      ],
    ],
    [
      'admin-order-delete',
      () => [
        { Action: ['dynamodb:GetItem', 'dynamodb:PutItem'], Effect: 'Allow', Resource: tableArn('submissions') },
        { Action: 'dynamodb:BatchWriteItem', Effect: 'Allow', Resource: tableArn('orderSearch') },
        { Action: 's3:DeleteObject', Effect: 'Allow', Resource: objectsUnder('photos/') },
        readStaffEmails(),
      ],
    ],
    [
      'admin-orders-export',
      () => [
        { Action: 'dynamodb:BatchGetItem', Effect: 'Allow', Resource: tableArn('submissions') },
        query('submissions'),
        query('orderSearch'),
        { Action: ['s3:PutObject', 's3:GetObject'], Effect: 'Allow', Resource: objectsUnder('exports/') },
        readStaffEmails(),
      ],
    ],
    [
      'admin-products',
      () => [
        {
          Action: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:DeleteItem'],
          Effect: 'Allow',
          Resource: tableArn('products'),
        },
        query('products'),
        { Action: 'dynamodb:GetItem', Effect: 'Allow', Resource: tableArn('media') },
        { Action: 'dynamodb:GetItem', Effect: 'Allow', Resource: tableArn('content') },
      ],
    ],
    [
      'admin-media',
      () => [
        {
          Action: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
          Effect: 'Allow',
          Resource: tableArn('media'),
        },
        query('media'),
        query('products'),
        { Action: 'dynamodb:GetItem', Effect: 'Allow', Resource: tableArn('content') },
        { Action: ['s3:PutObject', 's3:GetObject', 's3:DeleteObject'], Effect: 'Allow', Resource: objectsUnder('media/') },
        readStaffEmails(),
      ],
    ],
  ])('gives %s only what it needs', (handler, expected) => {
    // And, like every staff function, the origin secret: it refuses requests sent around CloudFront.
    expect(statementsOf(handler)).toEqual([...expected(), readSecret(stack.secrets.originSecret)]);
  });

  it('lets admin-readiness only read the live content, the relay URLs\' secret (which sheets have an address) and the origin secret', () => {
    const statements = statementsOf('admin-readiness');
    expect(statements).toEqual(expect.arrayContaining([{ Action: 'dynamodb:GetItem', Effect: 'Allow', Resource: tableArn('content') }, readSecret(stack.secrets.originSecret)]));
    expect(statements).toHaveLength(3);
    expect(JSON.stringify(statements)).toContain(`secret:${defaultSheetRelayUrlsSecretName('dev')}-??????`);
  });

  it('lets list-products only query the products table and its indexes, and read the live content (its catalogue)', () => {
    expect(statementsOf('list-products')).toEqual([query('products'), { Action: 'dynamodb:GetItem', Effect: 'Allow', Resource: tableArn('content') }]);
  });
});

describe('Staff routes', () => {
  const routeProps = () => ofType('AWS::ApiGatewayV2::Route').map(([, r]) => r.Properties);
  const authorizers = () => ofType('AWS::ApiGatewayV2::Authorizer');

  const jwtAuthorizer = () => authorizers().find(([, a]) => a.Properties.AuthorizerType === 'JWT')!;
  const originAuthorizer = () => authorizers().find(([, a]) => a.Properties.AuthorizerType === 'REQUEST')!;

  it('puts the JWT authorizer on the staff routes, and the origin check on the public ones', () => {
    expect(authorizers()).toHaveLength(2);
    for (const route of apiRoutes as readonly ApiRoute[]) {
      const props = routeProps().find((r) => r.RouteKey === `${route.method} ${route.path}`)!;
      if (route.auth) expect(props, props.RouteKey).toMatchObject({ AuthorizationType: 'JWT', AuthorizerId: { Ref: jwtAuthorizer()[0] } });
      else expect(props, props.RouteKey).toMatchObject({ AuthorizationType: 'CUSTOM', AuthorizerId: { Ref: originAuthorizer()[0] } });
    }
  });

  it('answers public requests only when they carry CloudFront’s origin secret, checked once per five minutes', () => {
    expect(originAuthorizer()[1].Properties).toMatchObject({
      IdentitySource: ['$request.header.x-origin-verify'],
      EnableSimpleResponses: true,
      AuthorizerResultTtlInSeconds: 300,
    });
    const fn = resources[logicalId(stack.api.originCheck)]!.Properties;
    // Its own secret only, named, read at run time: no table, bucket or relay in its configuration.
    expect(fn.Environment.Variables).toEqual({ ORIGIN_VERIFY_SECRET: ref(stack.secrets.originSecret) });
  });

  it('accepts tokens of the staff pool only, for the admin client', () => {
    const [, authorizer] = jwtAuthorizer();
    expect(authorizer.Properties).toMatchObject({
      AuthorizerType: 'JWT',
      IdentitySource: ['$request.header.Authorization'],
      JwtConfiguration: { Audience: [ref(stack.auth.userPoolClient)] },
    });
    const issuer = JSON.stringify(authorizer.Properties.JwtConfiguration.Issuer);
    expect(issuer).toContain('cognito-idp.');
    expect(issuer).toContain(JSON.stringify(ref(stack.auth.userPool)));
  });

  it('has a Cognito group per role', () => {
    const groups = ofType('AWS::Cognito::UserPoolGroup').map(([, g]) => g.Properties);
    expect(groups.map((g) => g.GroupName).sort()).toEqual([...staffRoles].sort());
    for (const group of groups) expect(group.UserPoolId).toEqual(ref(stack.auth.userPool));
  });

  it('writes the admin pages\' sign-in settings next to the site, with this stack\'s pool and client', () => {
    const [, pages] = ofType('Custom::CDKBucketDeployment').find(([, d]) => d.Properties.Exclude?.includes('assets/*'))!;
    expect(pages.Properties.SourceObjectKeys).toHaveLength(2);
    const markers = JSON.stringify(pages.Properties.SourceMarkers);
    expect(markers).toContain(JSON.stringify(ref(stack.auth.userPool)));
    expect(markers).toContain(JSON.stringify(ref(stack.auth.userPoolClient)));
  });
});

describe('Uploads', () => {
  const uploads = () => resources[logicalId(stack.uploads.bucket)]!;

  it('keeps the photos in a private, encrypted bucket that outlives the stack', () => {
    expect(uploads()).toMatchObject({ DeletionPolicy: 'RetainExceptOnCreate', UpdateReplacePolicy: 'Retain' });
    expect(uploads().Properties).toMatchObject({
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      BucketEncryption: { ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }] },
    });
  });

  it('lets uploads no order took and the staff\'s exports expire the next day, and drops unfinished multipart uploads', () => {
    const rules = uploads().Properties.LifecycleConfiguration.Rules as Properties[];
    expect(rules).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ Prefix: 'uploads/', ExpirationInDays: 1, Status: 'Enabled' }),
        expect.objectContaining({ Prefix: 'exports/', ExpirationInDays: 1, Status: 'Enabled' }),
        expect.objectContaining({ AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' }),
      ]),
    );
    // Nothing else expires: the kept photos stay as long as the orders, the pictures as long as the library.
    expect(rules.filter((rule) => rule.ExpirationInDays !== undefined)).toHaveLength(2);
    expect(rules.every((rule) => [undefined, 'uploads/', 'exports/'].includes(rule.Prefix))).toBe(true);
  });

  it("takes presigned PUTs from the site's pages only, with a content type (CORS, set once the distribution exists)", () => {
    // The bucket's own template declares no CORS: naming the distribution there would be a cycle.
    expect(uploads().Properties.CorsConfiguration).toBeUndefined();
    const corsCalls = ofType('Custom::AWS').filter(([id]) => id.startsWith('UploadsSiteOriginCors'));
    expect(corsCalls).toHaveLength(1);
    const [[, cors]] = corsCalls as [[string, Resource]];
    for (const call of [cors.Properties.Create, cors.Properties.Update]) {
      const text = JSON.stringify(call);
      expect(text).toContain('PutBucketCors');
      expect(text).toContain(JSON.stringify({ 'Fn::GetAtt': [logicalId(stack.site.distribution), 'DomainName'] }));
      expect(text).toContain(String.raw`\"AllowedMethods\":[\"PUT\",\"GET\",\"HEAD\"]`);
      expect(text).toContain(String.raw`\"AllowedHeaders\":[\"content-type\"]`);
      expect(text).not.toContain('*');
    }
    // Its provider may only set the uploads bucket's CORS.
    const dependsOn = (cors as Resource & { DependsOn: string[] }).DependsOn;
    const policies = ofType('AWS::IAM::Policy').filter(([id]) => dependsOn.includes(id));
    expect(policies.flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement)).toEqual([
      { Action: 's3:PutBucketCors', Effect: 'Allow', Resource: arnOf(stack.uploads.bucket) },
    ]);
  });

  it('lets only this distribution read the objects, over TLS', () => {
    const [[, policy]] = ofType('AWS::S3::BucketPolicy').filter(
      ([, p]) => JSON.stringify(p.Properties.Bucket) === JSON.stringify(ref(stack.uploads.bucket)),
    ) as [[string, Resource]];
    const statements = policy.Properties.PolicyDocument.Statement as (Statement & Properties)[];
    const allowed = statements.filter((s) => s.Effect === 'Allow');
    expect(allowed).toHaveLength(1);
    expect(allowed[0]).toMatchObject({ Action: 's3:GetObject', Principal: { Service: 'cloudfront.amazonaws.com' } });
    expect(JSON.stringify(allowed[0]!.Condition)).toContain(JSON.stringify(ref(stack.site.distribution)));
    expect(statements.find((s) => s.Effect === 'Deny')?.Condition).toEqual({ Bool: { 'aws:SecureTransport': 'false' } });
  });
});

describe('Database', () => {
  const keySchema = (partitionKey: KeyAttribute, sortKey?: KeyAttribute) => [
    { AttributeName: partitionKey.name, KeyType: 'HASH' },
    ...(sortKey ? [{ AttributeName: sortKey.name, KeyType: 'RANGE' }] : []),
  ];

  it('creates exactly the tables and indexes of lambdas/lib/tables.ts', () => {
    expect(ofType('AWS::DynamoDB::GlobalTable')).toHaveLength(tableNames.length);

    for (const name of tableNames) {
      const definition: TableDefinition = tableDefinitions[name];
      const props = resources[logicalId(stack.database.tables[name])]!.Properties;
      expect(props.BillingMode).toBe('PAY_PER_REQUEST');
      expect(props.KeySchema).toEqual(keySchema(definition.partitionKey, definition.sortKey));
      expect(props.GlobalSecondaryIndexes ?? []).toEqual(
        definition.indexes.map((index) => ({
          IndexName: index.name,
          KeySchema: keySchema(index.partitionKey, index.sortKey),
          Projection: { ProjectionType: 'ALL' },
        })),
      );
      const keys = [definition, ...definition.indexes].flatMap((k) => [k.partitionKey, k.sortKey ?? []].flat());
      const attributes = new Map(keys.map((k) => [k.name, k.type]));
      expect(props.AttributeDefinitions).toEqual(
        expect.arrayContaining([...attributes].map(([AttributeName, AttributeType]) => ({ AttributeName, AttributeType }))),
      );
      expect(props.AttributeDefinitions).toHaveLength(attributes.size);
    }
  });

  it('keeps submissions (retained, deletion protection, point-in-time recovery) and streams their keys', () => {
    const submissions = resources[logicalId(stack.database.tables.submissions)]!;
    expect(submissions.DeletionPolicy).toBe('RetainExceptOnCreate');
    expect(submissions.UpdateReplacePolicy).toBe('Retain');
    expect(submissions.Properties.StreamSpecification).toEqual({ StreamViewType: 'KEYS_ONLY' });
    expect(submissions.Properties.Replicas[0]).toMatchObject({
      DeletionProtectionEnabled: true,
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
  });

  it('keeps the products like submissions, listed newest first per category and as a whole, without a Scan', () => {
    const products = resources[logicalId(stack.database.tables.products)]!;
    expect(products.DeletionPolicy).toBe('RetainExceptOnCreate');
    expect(products.Properties.KeySchema).toEqual([{ AttributeName: 'productId', KeyType: 'HASH' }]);
    expect(products.Properties.GlobalSecondaryIndexes.map((index: Properties) => [index.IndexName, index.KeySchema])).toEqual([
      ['byCategory', keySchema({ name: 'category', type: 'S' }, { name: 'createdAt', type: 'S' })],
      ['byCreated', keySchema({ name: 'listing', type: 'S' }, { name: 'createdAt', type: 'S' })],
    ]);
    expect(products.Properties.Replicas[0]).toMatchObject({
      DeletionProtectionEnabled: true,
      PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
    });
  });
});

describe('Rate limit counters', () => {
  it('are deleted by DynamoDB once expired (TTL), and not kept with the stack', () => {
    const table = resources[logicalId(stack.database.tables.rateLimits)]!;
    expect(table.Properties.TimeToLiveSpecification).toEqual({ AttributeName: rateLimitExpiryAttribute, Enabled: true });
    expect(table.DeletionPolicy).toBe('Delete');
    expect(table.Properties.Replicas[0]).toMatchObject({ DeletionProtectionEnabled: false });
  });
});

describe('Deliveries', () => {
  it('alarms when an order has waited more than 15 minutes for a delivery, on the age each run reports', () => {
    const alarms = ofType('AWS::CloudWatch::Alarm').map(([, r]) => r.Properties);
    const alarm = alarms.find((props) => props.MetricName === deliveryMetrics.oldestUndeliveredAge)!;
    expect(alarm).toMatchObject({
      Namespace: deliveryMetrics.namespace,
      // The stage too: two stages in one account and region do not set off each other's alarm.
      Dimensions: [
        { Name: 'service', Value: 'order-requests' },
        { Name: 'stage', Value: 'dev' },
      ],
      Statistic: 'Maximum',
      Period: 60,
      Threshold: 15 * 60,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: 1,
    });
    // The handlers' Powertools serviceName, the dimension the metric is published with.
    expect(resources[logicalId(stack.deliveries.worker)]!.Properties.Environment.Variables).toMatchObject({
      POWERTOOLS_SERVICE_NAME: 'order-requests',
      STAGE: 'dev',
    });
  });

  it('takes the alarm\'s delay from the context, in whole minutes', () => {
    const { template } = synth('LateAlarm', { webBuildDir: path.join(workDir, 'missing-build'), context: { undeliveredAlarmMinutes: 60 } });
    const alarm = Object.values(template.toJSON().Resources as Record<string, Resource>).find(
      (r) => r.Type === 'AWS::CloudWatch::Alarm' && r.Properties.MetricName === deliveryMetrics.oldestUndeliveredAge,
    )!;
    expect(alarm.Properties.Threshold).toBe(3600);
    expect(() => synth('BadAlarm', { webBuildDir: path.join(workDir, 'missing-build'), context: { undeliveredAlarmMinutes: 'soon' } })).toThrow(
      'Context undeliveredAlarmMinutes must be a whole number of minutes, got "soon"',
    );
  });

  it('starts the worker for each burst of inserted submissions, from the table stream', () => {
    const mappings = ofType('AWS::Lambda::EventSourceMapping').map(([, r]) => r.Properties);
    expect(mappings).toHaveLength(1);
    expect(mappings[0]).toMatchObject({
      FunctionName: ref(stack.deliveries.worker),
      EventSourceArn: { 'Fn::GetAtt': [logicalId(stack.database.tables.submissions), 'StreamArn'] },
      StartingPosition: 'LATEST',
      MaximumBatchingWindowInSeconds: 1,
      FilterCriteria: { Filters: [{ Pattern: JSON.stringify({ eventName: ['INSERT'] }) }] },
    });
  });

  it('runs the worker every minute for the retries, within a minute-long timeout', () => {
    const rules = ofType('AWS::Events::Rule').map(([, r]) => r.Properties);
    expect(rules).toEqual([
      expect.objectContaining({
        ScheduleExpression: 'rate(1 minute)',
        State: 'ENABLED',
        Targets: [expect.objectContaining({ Arn: arnOf(stack.deliveries.worker) })],
      }),
    ]);
    expect(resources[logicalId(stack.deliveries.worker)]!.Properties).toMatchObject({ Timeout: 60, Runtime: 'nodejs24.x' });
  });
});

describe('the staff e-mail', () => {
  const workerOf = (target: SiteStack, targetResources: Record<string, Resource>) => {
    const role = logicalId(target.deliveries.worker.role!);
    const statements = Object.values(targetResources)
      .filter((r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles) === JSON.stringify([{ Ref: role }]))
      .flatMap((p) => p.Properties.PolicyDocument.Statement as (Statement & { Condition?: unknown })[]);
    const functions = [...Object.values(target.api.functions), target.deliveries.worker];
    const environments = functions.map((fn) => targetResources[logicalId(fn)]!.Properties.Environment.Variables as Record<string, unknown>);
    return { statements, environments };
  };
  const sesActions = (statements: Statement[]) => statements.flatMap((s) => [s.Action].flat()).filter((a) => a.startsWith('ses:'));
  const siteUrlOf = (target: SiteStack) => ({
    'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [logicalId(target.site.distribution), 'DomainName'] }]],
  });

  it('is off without staff addresses: no address in the environment, no right to send mail', () => {
    const { statements, environments } = workerOf(stack, resources);
    expect(sesActions(statements)).toEqual([]);
    for (const env of environments) {
      expect(env).not.toHaveProperty('STAFF_EMAILS');
      expect(env).not.toHaveProperty('MAIL_FROM');
      expect(env.SITE_URL).toEqual(siteUrlOf(stack));
    }
  });

  it('takes the addresses from the context; only the worker may send, as the configured sender', () => {
    const mailing = synth('Mailing', {
      webBuildDir: fakeWebBuild(),
      context: { staffEmails: 'sales@dealer.dz, manager@gmail.com', mailFrom: 'orders@dealer.dz', staffLanguage: 'ar' },
    });
    const mailingResources = mailing.template.toJSON().Resources as Record<string, Resource>;
    const { statements, environments } = workerOf(mailing.stack, mailingResources);
    const identity = (name: string) => ({
      'Fn::Join': ['', ['arn:', { Ref: 'AWS::Partition' }, ':ses:', { Ref: 'AWS::Region' }, ':', { Ref: 'AWS::AccountId' }, `:identity/${name}`]],
    });
    expect(statements.filter((s) => sesActions([s]).length > 0)).toEqual([
      {
        Action: 'ses:SendEmail',
        Effect: 'Allow',
        Resource: ['orders@dealer.dz', 'dealer.dz', 'sales@dealer.dz', 'manager@gmail.com', 'gmail.com'].map(identity),
        Condition: { StringEquals: { 'ses:FromAddress': 'orders@dealer.dz' } },
      },
    ]);
    for (const fn of Object.values(mailing.stack.api.functions)) {
      const role = logicalId(fn.role!);
      const apiStatements = Object.values(mailingResources)
        .filter((r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.Roles) === JSON.stringify([{ Ref: role }]))
        .flatMap((p) => p.Properties.PolicyDocument.Statement as Statement[]);
      expect(sesActions(apiStatements)).toEqual([]);
    }

    for (const env of environments) {
      expect(env).toMatchObject({
        STAFF_EMAILS: 'sales@dealer.dz,manager@gmail.com',
        MAIL_FROM: 'orders@dealer.dz',
        STAFF_LANGUAGE: 'ar',
        SITE_URL: siteUrlOf(mailing.stack),
      });
      expect(env).not.toHaveProperty('SES_ENDPOINT');
      // What the functions read once CloudFormation resolved the references.
      const resolved = resolvedEnvironment(env);
      const config = loadConfig({
        ...resolved,
        UPLOADS_PUBLIC_URL: 'https://d111111abcdef8.cloudfront.net/',
        SITE_URL: 'https://d111111abcdef8.cloudfront.net',
        SHEET_RELAY_URLS: '{}',
        AWS_REGION: 'eu-west-3',
      });
      expect(config.sesEndpoint).toBeUndefined();
      expect(config.staffMail).toEqual({
        to: ['sales@dealer.dz', 'manager@gmail.com'],
        from: 'orders@dealer.dz',
        siteUrl: 'https://d111111abcdef8.cloudfront.net',
        language: 'ar',
      });
    }
  });

  it('refuses to synthesize addresses without a valid sender', () => {
    expect(() => synth('NoSender', { webBuildDir: fakeWebBuild(), context: { staffEmails: 'sales@dealer.dz' } })).toThrow(
      'context for the staff e-mail: MAIL_FROM is not set',
    );
    expect(() =>
      synth('BadAddress', { webBuildDir: fakeWebBuild(), context: { staffEmails: 'sales@dealer.dz;x', mailFrom: 'orders@dealer.dz' } }),
    ).toThrow('STAFF_EMAILS must be e-mail addresses separated by commas, got "sales@dealer.dz;x"');
  });
});

describe('Products seed', () => {
  const seedResource = () => {
    const seeds = ofType('Custom::AWS').filter(([id]) => id === logicalId(stack.productsSeed!.resource));
    expect(seeds).toHaveLength(1);
    return seeds[0]!;
  };
  /** The SDK call of a Custom::AWS property: a JSON string joined around the table's Ref. */
  const sdkCall = (property: { 'Fn::Join': [string, unknown[]] }) => {
    const table = JSON.stringify(ref(stack.database.tables.products));
    const json = property['Fn::Join'][1]
      .map((part) => (typeof part === 'string' ? part : JSON.stringify(part) === table ? '<products table>' : '<other>'))
      .join('');
    return JSON.parse(json) as { service: string; action: string; parameters: Properties; physicalResourceId: unknown };
  };
  /** Plain values from DynamoDB's typed form, as far as the seed uses it. */
  const plain = (value: Properties): unknown => {
    if ('S' in value) return value.S;
    if ('N' in value) return Number(value.N);
    if ('BOOL' in value) return value.BOOL;
    return Object.fromEntries(Object.entries(value.M as Properties).map(([name, v]) => [name, plain(v)]));
  };

  it('puts the seed products into the products table on creation only, never on update or deletion', () => {
    const [, seed] = seedResource();
    expect(seed.Properties.Update).toBeUndefined();
    expect(seed.Properties.Delete).toBeUndefined();
    // The SDK of the Lambda runtime: no npm install at deploy time.
    expect(seed.Properties.InstallLatestAwsSdk).toBe(false);

    const call = sdkCall(seed.Properties.Create);
    expect(call).toMatchObject({ service: 'DynamoDB', action: 'BatchWriteItem' });
    const requests = call.parameters.RequestItems as Record<string, { PutRequest: { Item: Properties } }[]>;
    expect(Object.keys(requests)).toEqual(['<products table>']);
    const items = requests['<products table>']!.map((request) => plain({ M: request.PutRequest.Item }));
    expect(items).toEqual(seedProducts.map(productItem));
    expect(items.length).toBeLessThanOrEqual(25);
  });

  it('may only batch-write to the products table', () => {
    const [seedId, seed] = seedResource();
    const dependsOn = (seed as Resource & { DependsOn: string[] }).DependsOn;
    const policies = ofType('AWS::IAM::Policy').filter(([id]) => dependsOn.includes(id));
    expect(policies.flatMap(([, policy]) => policy.Properties.PolicyDocument.Statement)).toEqual([
      {
        Action: 'dynamodb:BatchWriteItem',
        Effect: 'Allow',
        Resource: { 'Fn::GetAtt': [logicalId(stack.database.tables.products), 'Arn'] },
      },
    ]);
    expect(seedId).toBe(logicalId(stack.productsSeed!.resource));
  });
});

describe('Auth', () => {
  it('has a staff-only pool signing in with e-mail and a strong password', () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', {
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
      UsernameAttributes: ['email'],
    });
    const [[, pool]] = ofType('AWS::Cognito::UserPool') as [[string, Resource]];
    const policy = pool.Properties.Policies.PasswordPolicy;
    expect(policy.MinimumLength).toBeGreaterThanOrEqual(12);
    expect(policy).toMatchObject({ RequireLowercase: true, RequireUppercase: true, RequireNumbers: true, RequireSymbols: true });
  });

  it('has a secretless client allowing the password flow and refresh tokens, and outputs both ids', () => {
    const clients = ofType('AWS::Cognito::UserPoolClient');
    expect(clients).toHaveLength(1);
    const [[, client]] = clients as [[string, Resource]];
    expect(client.Properties.GenerateSecret).toBe(false);
    expect(client.Properties.ExplicitAuthFlows).toEqual(
      expect.arrayContaining(['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH']),
    );
    const outputs = template.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(outputs.UserPoolId?.Value).toEqual(ref(stack.auth.userPool));
    expect(outputs.UserPoolClientId?.Value).toEqual(ref(stack.auth.userPoolClient));
  });

  it('offers MFA with an authenticator app only, never SMS, and the sign-in settings require it of the admin group', async () => {
    template.hasResourceProperties('AWS::Cognito::UserPool', { MfaConfiguration: 'OPTIONAL', EnabledMfas: ['SOFTWARE_TOKEN_MFA'] });
    // The settings file the admin pages read (/admin/config.json), as staged for the site's bucket.
    const [, pages] = ofType('Custom::CDKBucketDeployment').find(([, d]) => d.Properties.Exclude?.includes('assets/*'))!;
    const outdir = (stack.node.root as App).outdir;
    const staged = (pages.Properties.SourceObjectKeys as string[]).map((key) => path.join(outdir, `asset.${key.replace(/\.zip$/, '')}`, 'admin', 'config.json'));
    const settings = await Promise.any(staged.map((file) => readFile(file, 'utf8')));
    expect(JSON.parse(settings)).toMatchObject({ mfaRequiredFor: ['admin'] });
  });
});

describe('Site', () => {
  const distribution = () => ofType('AWS::CloudFront::Distribution')[0]![1].Properties.DistributionConfig;
  const cloudFrontFunction = (id: string) => {
    const functions = ofType('AWS::CloudFront::Function').filter(([logical]) => logical.startsWith(`Site${id}`));
    expect(functions).toHaveLength(1);
    return functions[0]![1];
  };
  const apiBehavior = () => (distribution().CacheBehaviors as Behavior[]).find((b) => b.PathPattern === '/api/*')!;

  it('tells the API the visitor\'s address, whatever the visitor sent, and proves with the origin secret that it did', () => {
    const fn = cloudFrontFunction('ViewerAddress');
    expect(apiBehavior().FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [expect.stringMatching(/^SiteViewerAddress/), 'FunctionARN'] } },
    ]);
    const handler = new Function(`${fn.Properties.FunctionCode}; return handler;`)() as (event: unknown) => {
      headers: Record<string, { value: string }>;
    };
    const request = handler({
      viewer: { ip: '105.101.7.9' },
      request: { uri: '/api/uploads', headers: { 'x-viewer-address': { value: '10.0.0.1' }, 'accept-language': { value: 'ar' } } },
    });
    expect(request.headers).toEqual({ 'x-viewer-address': { value: '105.101.7.9' }, 'accept-language': { value: 'ar' } });

    // CloudFront's own header replaces any of that name the visitor sent; the functions compare it with ORIGIN_SECRET.
    const origin = (distribution().Origins as Origin[]).find((o) => o.Id === apiBehavior().TargetOriginId)!;
    expect((origin as Properties).OriginCustomHeaders).toEqual([
      { HeaderName: 'x-origin-verify', HeaderValue: secretReference(stack.secrets.originSecret) },
    ]);
  });

  it('serves /api/* from the HTTP API, uncached, with viewer headers but not Host', () => {
    const config = distribution();
    const api = (config.CacheBehaviors as Behavior[]).find((b) => b.PathPattern === '/api/*')!;
    expect(api).toMatchObject({
      CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
      OriginRequestPolicyId: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
      ViewerProtocolPolicy: 'https-only',
    });
    expect(api.AllowedMethods).toEqual(expect.arrayContaining([...new Set(apiRoutes.map((r) => r.method))]));
    const origin = (config.Origins as Origin[]).find((o) => o.Id === api.TargetOriginId)!;
    expect(JSON.stringify(origin.DomainName)).toContain(JSON.stringify(ref(stack.api.httpApi)));
    expect(origin.CustomOriginConfig?.OriginProtocolPolicy).toBe('https-only');
  });

  it("serves the public product list (the home page's featured products) from CloudFront's cache: one API call a minute per edge and filter, not one per view", async () => {
    const behaviors = distribution().CacheBehaviors as Behavior[];
    const products = behaviors.find((b) => b.PathPattern === cachedProductList.path)!;
    // CloudFront takes the first pattern that matches: /api/* would take the list uncached.
    expect(behaviors.indexOf(products)).toBeLessThan(behaviors.findIndex((b) => b.PathPattern === '/api/*'));
    expect(products).toMatchObject({ AllowedMethods: ['GET', 'HEAD'], ViewerProtocolPolicy: 'https-only', TargetOriginId: apiBehavior().TargetOriginId });
    expect(products.FunctionAssociations).toBeUndefined();
    const policy = resources[(products.CachePolicyId as { Ref: string }).Ref]!.Properties.CachePolicyConfig;
    expect(policy).toMatchObject({ DefaultTTL: 60, MaxTTL: 60, MinTTL: 0 });
    const key = policy.ParametersInCacheKeyAndForwardedToOrigin;
    expect(key.QueryStringsConfig).toEqual({ QueryStringBehavior: 'whitelist', QueryStrings: ['category', 'subcategory'] });
    expect(key.HeadersConfig.HeaderBehavior).toBe('none');
    expect(key.CookiesConfig.CookieBehavior).toBe('none');
    // The only public read that may be shared: a start token is each visitor's own, so it stays under /api/*, uncached.
    const publicReads = apiRoutes.filter((r) => r.method === 'GET' && !('auth' in r && r.auth)).map((r) => r.path);
    expect(publicReads.sort()).toEqual(['/api/forms/{formId}/start', cachedProductList.path]);
    // Whatever the home page fetches is that list, or nothing: no view of it calls the API uncached.
    const homeDir = path.join(repoRoot, 'web/app/features/home');
    const sources = await Promise.all((await readdir(homeDir)).map((file) => readFile(path.join(homeDir, file), 'utf8')));
    const fetched = sources.flatMap((source) => [...source.matchAll(/fetch\(\s*[`'"]([^`'"]*)/g)].map((match) => match[1]!));
    for (const address of fetched) expect(address.split('?')[0]).toBe(cachedProductList.path);
  });

  const pictureBehavior = (pattern: string) => (distribution().CacheBehaviors as Behavior[]).find((b) => b.PathPattern === pattern)!;
  const photosBehavior = () => pictureBehavior('/photos/*');

  it.each(['/photos/*', '/media/*'])('serves %s from the uploads bucket through origin access control, cached, read-only', (pattern) => {
    const config = distribution();
    const photos = pictureBehavior(pattern);
    expect(photos).toMatchObject({
      CachePolicyId: CachePolicy.CACHING_OPTIMIZED.cachePolicyId,
      AllowedMethods: ['GET', 'HEAD'],
      ViewerProtocolPolicy: 'redirect-to-https',
    });
    const origin = (config.Origins as Origin[]).find((o) => o.Id === photos.TargetOriginId)!;
    expect(origin.OriginAccessControlId).toBeDefined();
    expect(origin.DomainName).toEqual({ 'Fn::GetAtt': [logicalId(stack.uploads.bucket), 'RegionalDomainName'] });
    // Only /api/*, /media/* and /photos/* leave the site bucket: an /uploads/ path is no file of the site.
    expect((config.CacheBehaviors as Behavior[]).map((b) => b.PathPattern).sort()).toEqual(['/api/*', '/api/products', '/media/*', '/photos/*']);
    // Kept photos and library pictures are served alike: images only, sandboxed.
    expect(pictureBehavior('/media/*')).toEqual({ ...photosBehavior(), PathPattern: '/media/*' });
  });

  it('sends the photos with nosniff and a sandboxing content security policy', () => {
    const policyId = photosBehavior().ResponseHeadersPolicyId as { Ref: string };
    const config = resources[policyId.Ref]!.Properties.ResponseHeadersPolicyConfig;
    expect(config.SecurityHeadersConfig).toMatchObject({
      ContentTypeOptions: { Override: true },
      ContentSecurityPolicy: { ContentSecurityPolicy: photoContentSecurityPolicy, Override: true },
      StrictTransportSecurity: { Override: true },
    });
    expect(photoContentSecurityPolicy).toMatch(/(^|; )sandbox(;|$)/);
    expect(photoContentSecurityPolicy).toMatch(/(^|; )default-src 'none'(;|$)/);
  });

  /** The headers a response headers policy adds, written as the local site server writes them. */
  const headersOf = (policyId: { Ref: string }) => {
    const { SecurityHeadersConfig: security, CustomHeadersConfig: custom } = resources[policyId.Ref]!.Properties.ResponseHeadersPolicyConfig;
    const hsts = security.StrictTransportSecurity;
    return {
      'content-security-policy': security.ContentSecurityPolicy.ContentSecurityPolicy,
      'strict-transport-security': [`max-age=${hsts.AccessControlMaxAgeSec}`, hsts.IncludeSubdomains && 'includeSubDomains', hsts.Preload && 'preload']
        .filter(Boolean)
        .join('; '),
      'referrer-policy': security.ReferrerPolicy.ReferrerPolicy,
      ...Object.fromEntries((custom.Items as { Header: string; Value: string }[]).map((item) => [item.Header.toLowerCase(), item.Value])),
      'x-frame-options': security.FrameOptions.FrameOption,
      ...(security.ContentTypeOptions.Override && { 'x-content-type-options': 'nosniff' }),
    };
  };
  const pagePolicy = () =>
    pageContentSecurityPolicy({
      scriptHashes: fakeScriptHashes,
      connectSources: [`https://${stack.uploads.bucket.bucketRegionalDomainName}`, `https://cognito-idp.${stack.region}.${stack.urlSuffix}`],
    });

  it('adds the headers of infra/security-headers.ts to pages, /api/* and photos, the ones the local site server sends', () => {
    const config = distribution();
    expect(headersOf(config.DefaultCacheBehavior.ResponseHeadersPolicyId)).toEqual(stack.resolve(securityHeaders(pagePolicy())));
    expect(headersOf(apiBehavior().ResponseHeadersPolicyId)).toEqual(securityHeaders(apiContentSecurityPolicy));
    expect(headersOf(photosBehavior().ResponseHeadersPolicyId)).toEqual(securityHeaders(photoContentSecurityPolicy));
  });

  it("allows the build's inline scripts by hash, the uploads bucket and the user pool of this region, within CloudFront's length limit", () => {
    const policy = headersOf(distribution().DefaultCacheBehavior.ResponseHeadersPolicyId)['content-security-policy'] as {
      'Fn::Join': [string, unknown[]];
    };
    // The longest names AWS allows: a 63-character bucket in a long region.
    const longest = policy['Fn::Join'][1]
      .map((part) => (typeof part === 'string' ? part : JSON.stringify(part).includes('RegionalDomainName') ? `${'b'.repeat(63)}.s3.ap-southeast-5.amazonaws.com` : 'ap-southeast-5.amazonaws.com'))
      .join('');
    expect(longest).toContain(`script-src 'self' ${fakeScriptHashes.join(' ')};`);
    expect(longest).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    expect(longest.length).toBeLessThanOrEqual(1783);
  });

  it('sends a photo stored with any type but an image type as a download', () => {
    const [association] = photosBehavior().FunctionAssociations as { EventType: string; FunctionARN: { 'Fn::GetAtt': [string, string] } }[];
    expect(association!.EventType).toBe('viewer-response');
    const fn = resources[association!.FunctionARN['Fn::GetAtt'][0]]!;
    expect(fn.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    const handler = new Function(`${fn.Properties.FunctionCode}; return handler;`)() as (event: unknown) => {
      headers: Record<string, { value: string }>;
    };
    const served = (type: string | undefined, statusCode = 200) =>
      handler({ response: { statusCode, headers: type ? { 'content-type': { value: type } } : {} } }).headers;

    for (const type of ['image/jpeg', 'image/png', 'image/gif', 'image/webp']) {
      expect(served(type)).toEqual({ 'content-type': { value: type } });
    }
    for (const type of ['text/html', 'image/svg+xml', 'application/xml', 'text/html; charset=utf-8', undefined]) {
      expect(served(type), type).toEqual({
        'content-type': { value: 'application/octet-stream' },
        'content-disposition': { value: 'attachment' },
      });
    }
    // S3's own error answers keep their status; the security headers still apply.
    expect(served('application/xml', 403)).toEqual({ 'content-type': { value: 'application/xml' } });
  });

  it('serves everything else from the private bucket through origin access control', () => {
    const config = distribution();
    const origin = (config.Origins as Origin[]).find((o) => o.Id === config.DefaultCacheBehavior.TargetOriginId)!;
    expect(origin.OriginAccessControlId).toBeDefined();
    expect(origin.DomainName).toEqual({ 'Fn::GetAtt': [logicalId(stack.site.bucket), 'RegionalDomainName'] });
    template.hasResourceProperties('AWS::S3::Bucket', {
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
    });
    expect(template.toJSON().Outputs.SiteUrl).toBeDefined();
  });

  it('routes pages from the live site its key value store names, in every language, with no page listed in its code', async () => {
    const fn = cloudFrontFunction('PageRouting');
    expect(fn.Properties.FunctionConfig.Runtime).toBe('cloudfront-js-2.0');
    expect(fn.Properties.FunctionConfig.KeyValueStoreAssociations).toEqual([{ KeyValueStoreARN: arnOf(stack.site.routing) }]);
    expect(Buffer.byteLength(fn.Properties.FunctionCode as string)).toBeLessThan(10 * 1024);
    const site = '2026-11-25T10:00:00.000Z~abc123';
    const store = new Map([[liveKey, site], ...routingEntries(site, ['index.html', 'tracteurs/index.html', 'fr/tracteurs/index.html']).map(({ key, value }) => [key, value] as const)]);
    const edge = edgeRouting(store, fn.Properties.FunctionCode as string);
    const uri = async (request: EdgeRequest) => ((await edge.request(request)) as EdgeRequest).uri;
    expect(await uri({ uri: '/fr/tracteurs' })).toBe(`/sites/${site}/fr/tracteurs/index.html`);
    expect(await uri({ uri: '/pieces-detachees/no-such-brand' })).toBe(`/sites/${site}/__spa-fallback.html`);
    expect(await edge.status('/pieces-detachees/no-such-brand')).toBe(404);
    expect(await uri({ uri: '/assets/entry.client-abc123.js' })).toBe('/assets/entry.client-abc123.js');
    expect(await uri({ uri: '/admin/orders' })).toBe('/admin/index.html');
    expect(await edge.request({ uri: '/tracteurs', cookies: { lang: { value: 'en' } } })).toMatchObject({ statusCode: 302, headers: { location: { value: '/en/tracteurs' } } });
  });

  it('has a publisher that writes sites under sites/ and their routing, started by the admin’s content handler, run at each deploy of a new build', () => {
    const publisher = resources[logicalId(stack.publisher.fn)]!.Properties;
    expect(publisher.Environment.Variables).toMatchObject({
      SITE_BUILD_DIR: siteBuildDirInLambda,
      SITE_BUCKET: ref(stack.site.bucket),
      SITE_ROUTING_STORE: arnOf(stack.site.routing),
    });
    expect(publisher).toMatchObject({ Timeout: 300, MemorySize: 2048, Architectures: ['arm64'] });
    const statements = policyStatements(stack.publisher.fn);
    expect(statements).toContainEqual(expect.objectContaining({ Action: 's3:ListBucket', Condition: { StringLike: { 's3:prefix': 'sites/*' } } }));
    expect(statements).toContainEqual(
      expect.objectContaining({ Action: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'], Resource: { 'Fn::Join': ['', [arnOf(stack.site.bucket), '/sites/*']] } }),
    );
    expect(statements).toContainEqual(expect.objectContaining({ Action: expect.arrayContaining(['cloudfront-keyvaluestore:UpdateKeys']), Resource: arnOf(stack.site.routing) }));

    const adminContent = stack.api.functions['admin-content']!;
    expect(resources[logicalId(adminContent)]!.Properties.Environment.Variables.PUBLISHER_FUNCTION).toEqual(ref(stack.publisher.fn));
    expect(policyStatements(adminContent)).toContainEqual({ Action: 'lambda:InvokeFunction', Effect: 'Allow', Resource: arnOf(stack.publisher.fn) });

    // The trigger runs the function's current version: a new build (a new package) runs it again, after the build's files are in the bucket.
    const [triggerId, trigger] = ofType('Custom::Trigger')[0]!;
    expect(trigger.Properties).toMatchObject({ InvocationType: 'RequestResponse' });
    expect(JSON.stringify(trigger.Properties.HandlerArn)).toContain('CurrentVersion');
    const pagesDeployment = ofType('Custom::CDKBucketDeployment').find(([, d]) => d.Properties.Exclude?.includes('assets/*'))!;
    expect((resources[triggerId] as Resource & { DependsOn?: string[] }).DependsOn).toEqual(expect.arrayContaining([pagesDeployment[0]]));
    // Deploying the build never prunes the published sites.
    expect(pagesDeployment[1].Properties.Exclude).toContain('sites/*');
  });

  it('deploys hashed assets first and unpruned, then the pages, pruned, invalidating the distribution', () => {
    const deployments = ofType('Custom::CDKBucketDeployment');
    expect(deployments).toHaveLength(2);
    const [assetsId, assets] = deployments.find(([, d]) => d.Properties.Include?.includes('assets/*'))!;
    const [, pages] = deployments.find(([, d]) => d.Properties.Exclude?.includes('assets/*'))!;
    expect(assets.Properties).toMatchObject({ Prune: false, Exclude: ['*'] });
    expect(assets.Properties.SystemMetadata['cache-control']).toContain('immutable');
    expect(pages.Properties).toMatchObject({
      Prune: true,
      DistributionId: ref(stack.site.distribution),
      DistributionPaths: ['/*'],
    });
    expect(pages.Properties.SystemMetadata['cache-control']).toContain('max-age=0');
    expect((pages as Resource & { DependsOn: string[] }).DependsOn).toContain(assetsId);
  });
});

describe('without a web build, with a custom secret name and anti-spam off', () => {
  let bare: { stack: SiteStack; template: Template };
  beforeAll(() => {
    bare = synth('Bare', {
      webBuildDir: path.join(workDir, 'missing-build'),
      context: { sheetRelayUrlsSecretName: 'other/relay-urls', antiSpam: 'off', relayReadBack: 'off' },
    });
  });

  it('turns the honeypot verdict, the fill time and the rate limit off in every function', () => {
    for (const fn of [...Object.values(bare.stack.api.functions), bare.stack.deliveries.worker]) {
      const props = bare.template.toJSON().Resources[logicalId(fn)].Properties;
      expect(props.Environment.Variables.ANTI_SPAM).toBe('off');
    }
  });

  it('refuses an antiSpam context that is neither on nor off', () => {
    expect(() => synth('Typo', { webBuildDir: path.join(workDir, 'missing-build'), context: { antiSpam: 'false' } })).toThrow(
      'Context antiSpam must be "on" or "off", got "false"',
    );
  });

  it('synthesizes without deploying site files, and says so', () => {
    bare.template.resourceCountIs('Custom::CDKBucketDeployment', 0);
    Annotations.fromStack(bare.stack).hasWarning('/Bare/Site', Match.stringLikeRegexp('missing-build does not exist'));
    // Nor does a deploy of it render the live content: there is no build to render with.
    bare.template.resourceCountIs('Custom::Trigger', 0);
  });

  it('lets the delivery worker and the readiness card alone read the relay URLs, at run time, from the secret named in the context', () => {
    const resources = bare.template.toJSON().Resources as Record<string, Resource>;
    const worker = resources[logicalId(bare.stack.deliveries.worker)]!.Properties;
    expect(worker.Environment.Variables.SHEET_RELAY_URLS_SECRET).toBe('other/relay-urls');
    expect(JSON.stringify(worker.Environment)).not.toContain('resolve:secretsmanager:other');
    const readers = Object.values(resources).filter(
      (r) => r.Type === 'AWS::IAM::Policy' && JSON.stringify(r.Properties.PolicyDocument).includes('secret:other/relay-urls'),
    );
    const readiness = bare.stack.api.functions['admin-readiness']!;
    expect(readers.map((r) => r.Properties.Roles).sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)))).toEqual(
      [[{ Ref: logicalId(bare.stack.deliveries.worker.role!) }], [{ Ref: logicalId(readiness.role!) }]].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b))),
    );
    expect(resources[logicalId(readiness)]!.Properties.Environment.Variables.SHEET_RELAY_URLS_SECRET).toBe('other/relay-urls');
  });

  it('tells the delivery worker alone that the relay cannot read back, when the context says so', () => {
    const variables = (template: Template, fn: IFunction) => template.toJSON().Resources[logicalId(fn)].Properties.Environment.Variables;
    expect(variables(bare.template, bare.stack.deliveries.worker).RELAY_READ_BACK).toBe('off');
    for (const fn of [...Object.values(bare.stack.api.functions), bare.stack.publisher.fn]) expect(variables(bare.template, fn)).not.toHaveProperty('RELAY_READ_BACK');
    expect(variables(template, stack.deliveries.worker)).not.toHaveProperty('RELAY_READ_BACK');
    expect(loadConfig({ ...resolvedEnvironment(variables(bare.template, bare.stack.deliveries.worker)), AWS_REGION: 'eu-west-3', UPLOADS_PUBLIC_URL: 'https://d.example/' }).relayReadBack).toBe(false);
  });

  it('names the relay URLs secret after the stage by default, for stages side by side', () => {
    expect(defaultSheetRelayUrlsSecretName('prod')).toBe('agri-dealer/prod/sheet-relay-urls');
    const worker = resources[logicalId(stack.deliveries.worker)]!.Properties;
    expect(worker.Environment.Variables.SHEET_RELAY_URLS_SECRET).toBe('agri-dealer/dev/sheet-relay-urls');
    expect(relayUrlsMaxAgeSeconds).toBeLessThanOrEqual(300);
  });
});
