import path from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, type ICommandHooks } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct } from 'constructs';
import { pascalCase } from '../naming';
import { repoRoot } from '../paths';

/** Where the bundle's afterBundling hook puts the form schemas inside the Lambda package. */
export const formSchemasDirInLambda = '/var/task/form-schemas';

export interface HandlerFunctionProps {
  /** Folder under lambdas/ holding handler.ts. */
  handler: string;
  description: string;
  environment: Record<string, string>;
  timeout?: Duration;
}

/**
 * A function for `lambdas/<handler>/handler.ts`, built the same way for the
 * API's handlers and the workers: bundled with esbuild (the AWS SDK
 * included), on ARM, with its own log group and the form schemas packaged.
 */
export function createHandlerFunction(scope: Construct, props: HandlerFunctionProps): NodejsFunction {
  const id = pascalCase(props.handler);
  const logGroup = new LogGroup(scope, `${id}Logs`, {
    retention: RetentionDays.ONE_MONTH,
    removalPolicy: RemovalPolicy.DESTROY,
  });
  return new NodejsFunction(scope, id, {
    description: props.description,
    entry: path.join(repoRoot, 'lambdas', props.handler, 'handler.ts'),
    handler: 'handler',
    projectRoot: repoRoot,
    depsLockFilePath: path.join(repoRoot, 'package-lock.json'),
    runtime: Runtime.NODEJS_22_X,
    architecture: Architecture.ARM_64,
    memorySize: 512,
    timeout: props.timeout ?? Duration.seconds(15),
    logGroup,
    environment: props.environment,
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

/** The handlers read form-schemas/*.json at run time (FORM_SCHEMAS_DIR), so they ship in the package. */
const copyFormSchemas: ICommandHooks = {
  beforeBundling: () => [],
  beforeInstall: () => [],
  afterBundling: (inputDir, outputDir) => [
    `mkdir -p "${outputDir}/form-schemas"`,
    `cp "${inputDir}"/form-schemas/*.json "${outputDir}/form-schemas/"`,
  ],
};
