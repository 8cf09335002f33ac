import path from 'node:path';
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { Effect, PolicyDocument, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { pascalCase } from '../naming';
import { functionEntry, repoRoot } from '../../paths';

/** Where the bundle's afterBundling hook puts the form schemas inside the Lambda package. */
export const formSchemasDirInLambda = '/var/task/form-schemas';

export interface HandlerFunctionProps {
  /** Folder under lambdas/functions/ holding handler.ts. */
  handler: string;
  description: string;
  environment: Record<string, string>;
  timeout?: Duration;
  /** Whether it reads form-schemas/*.json (FORM_SCHEMAS_DIR); only then are they packaged. */
  formSchemas: boolean;
  /** Instances kept for it alone, and the most it may run: a flood of one route cannot starve the others. */
  reservedConcurrency?: number;
  /** Memory, and with it CPU; 512 MB unless said. */
  memorySize?: number;
  /** Packages installed beside the bundle rather than bundled (native code: sharp), for the function's Linux on ARM. */
  nodeModules?: string[];
  /** Commands run once the bundle is made, to add files to the package (`inputDir` is the repository). */
  afterBundling?(inputDir: string, outputDir: string): string[];
}

/**
 * A function for `lambdas/functions/<handler>/handler.ts`, built the same way for the
 * API's handlers and the workers: bundled with esbuild (the AWS SDK
 * included), on Node.js 24 and ARM, traced by X-Ray, with its own log group
 * and, when it reads them, the form schemas packaged.
 */
export function createHandlerFunction(scope: Construct, props: HandlerFunctionProps): NodejsFunction {
  const id = pascalCase(props.handler);
  const logGroup = new LogGroup(scope, `${id}Logs`, {
    retention: RetentionDays.ONE_MONTH,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  // Its own log group and nothing else: AWS's managed AWSLambdaBasicExecutionRole would let it write to any.
  const role = new Role(scope, `${id}Role`, {
    assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    inlinePolicies: {
      WriteItsLogs: new PolicyDocument({
        statements: [new PolicyStatement({ effect: Effect.ALLOW, actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logGroup.logGroupArn] })],
      }),
    },
  });
  const fn = new NodejsFunction(scope, id, {
    role,
    description: props.description,
    entry: functionEntry(props.handler),
    handler: 'handler',
    projectRoot: repoRoot,
    depsLockFilePath: path.join(repoRoot, 'package-lock.json'),
    runtime: Runtime.NODEJS_24_X,
    architecture: Architecture.ARM_64,
    memorySize: props.memorySize ?? 512,
    timeout: props.timeout ?? Duration.seconds(15),
    logGroup,
    tracing: Tracing.ACTIVE,
    ...(props.reservedConcurrency !== undefined && { reservedConcurrentExecutions: props.reservedConcurrency }),
    environment: props.environment,
    bundling: {
      format: OutputFormat.ESM,
      mainFields: ['module', 'main'],
      // Bundled CommonJS dependencies (ajv, …) still call require().
      banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
      minify: true,
      // Stack traces name the source files and lines (--enable-source-maps), without the sources
      // themselves in the map: a tenth of its size, which was three quarters of the package.
      sourceMap: true,
      sourcesContent: false,
      // The AWS SDK is bundled, not taken from the runtime: the versions tested
      // locally are the ones that run (the presigner and lib-dynamodb must match
      // their clients), for a cold-start cost measured as equal.
      externalModules: [],
      ...(props.nodeModules && {
        nodeModules: props.nodeModules,
        // npm installs the native binaries of the Lambda's platform, not of the machine that deploys:
        // the first synth downloads them from the npm registry, later ones take them from npm's cache.
        environment: { npm_config_os: 'linux', npm_config_cpu: 'arm64', npm_config_libc: 'glibc', npm_config_prefer_offline: 'true' },
      }),
      commandHooks: {
        beforeBundling: () => [],
        beforeInstall: () => [],
        afterBundling: (inputDir, outputDir) => [
          ...(props.formSchemas ? copyFormSchemas(inputDir, outputDir) : []),
          ...(props.afterBundling?.(inputDir, outputDir) ?? []),
        ],
      },
    },
  });
  Validations.of(role).acknowledge({
    id: 'AwsSolutions-IAM5[Resource::*]',
    reason: "X-Ray's PutTraceSegments and PutTelemetryRecords (active tracing) apply to no narrower resource (docs/decisions/0023)",
  });
  return fn;
}

/** The handlers read form-schemas/*.json at run time (FORM_SCHEMAS_DIR), so they ship in the package. */
const copyFormSchemas = (inputDir: string, outputDir: string) => [
  `mkdir -p "${outputDir}/form-schemas"`,
  `cp "${inputDir}"/form-schemas/*.json "${outputDir}/form-schemas/"`,
];
