import { existsSync } from 'node:fs';
import path from 'node:path';
import { Annotations, Duration } from 'aws-cdk-lib';
import type { IKeyValueStore } from 'aws-cdk-lib/aws-cloudfront';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Grant, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import { InvocationType, Trigger } from 'aws-cdk-lib/triggers';
import { Construct, type IConstruct } from 'constructs';
import { mediaPrefix } from '../../../lambdas/forms/upload-keys';
import { sitesPrefix } from '../../../lambdas/content/site-routing';
import { manifestFile } from '../../../lambdas/content/render-site';
import type { TableName } from '../../../lambdas/lib/tables';
import { pageRendererEntry, repoRoot, webBuildRoot } from '../../paths';
import { acknowledgeOnStackSingleton, lambdaLogsPolicy } from '../nag';
import { createHandlerFunction } from './handler-function';
import { grantOnObjects, grantOnTable } from './grants';

/** Where the publisher's package holds the web build it renders with. */
export const siteBuildDirInLambda = '/var/task/site-build';

export interface PublisherProps {
  tables: Record<TableName, ITableV2>;
  /** The library pictures' originals, under media/. */
  uploadsBucket: IBucket;
  /** The site's bucket: published sites go under sites/. */
  siteBucket: IBucket;
  /** The distribution's key value store, naming the live site and its pages. */
  routing: IKeyValueStore;
  environment: Record<string, string>;
  /**
   * The build's files in the bucket: rendering the live content again waits
   * for them. Without them (no build yet) the live content is not rendered
   * at deploy time.
   */
  renderAfter?: IConstruct;
}

/**
 * The site's publisher (lambdas/functions/publish-site): renders every page with the
 * web build's own prerender code, makes the chosen photos with sharp, writes
 * the site into the site bucket and makes it live in the key value store.
 * The admin's content handler starts it; every deploy whose build changed
 * runs it once (a trigger) to render the live content with the new build, so
 * a deploy never brings the build's defaults back over published content.
 */
export class Publisher extends Construct {
  readonly fn: NodejsFunction;

  constructor(scope: Construct, id: string, props: PublisherProps) {
    super(scope, id);
    this.fn = createHandlerFunction(this, {
      handler: 'publish-site',
      description: 'Renders every page of the site with the published content and puts them live',
      environment: {
        ...props.environment,
        SITE_BUILD_DIR: siteBuildDirInLambda,
        SITE_BUCKET: props.siteBucket.bucketName,
        SITE_ROUTING_STORE: props.routing.keyValueStoreArn,
      },
      // A publish reports its progress at least every few seconds; a whole site takes well under a minute.
      timeout: Duration.minutes(5),
      memorySize: 2048,
      formSchemas: false,
      nodeModules: ['sharp'],
      // Without a build (a clean clone's `npm run synth`) the package holds no renderer: a publish
      // would fail, and no deploy should run it (`npm run deploy` builds first).
      afterBundling: (inputDir, outputDir) => (existsSync(pageRendererEntry) ? packageWebBuild(inputDir, outputDir) : []),
    });
    if (!existsSync(pageRendererEntry)) {
      Annotations.of(this).addWarningV2(
        'agri-dealer:publisher:noWebBuild',
        `${path.relative(repoRoot, webBuildRoot)} holds no page renderer: the publisher is packaged without it and cannot publish. \`npm run deploy\` builds first.`,
      );
    }

    grantOnTable(this.fn, props.tables, 'content', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem');
    grantOnTable(this.fn, props.tables, 'media', 'dynamodb:GetItem');
    grantOnObjects(this.fn, props.uploadsBucket, mediaPrefix, 's3:GetObject');
    grantOnObjects(this.fn, props.siteBucket, sitesPrefix, 's3:GetObject', 's3:PutObject', 's3:DeleteObject');
    Grant.addToPrincipal({
      grantee: this.fn,
      actions: ['s3:ListBucket'],
      resourceArns: [props.siteBucket.bucketArn],
      conditions: { StringLike: { 's3:prefix': `${sitesPrefix}*` } },
    });
    this.fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['cloudfront-keyvaluestore:DescribeKeyValueStore', 'cloudfront-keyvaluestore:GetKey', 'cloudfront-keyvaluestore:ListKeys', 'cloudfront-keyvaluestore:UpdateKeys'],
        resources: [props.routing.keyValueStoreArn],
      }),
    );

    // Once per deploy of a new build (the function's code holds the build): the live content, rendered again.
    if (!props.renderAfter) return;
    const render = new Trigger(this, 'RenderLiveContent', {
      handler: this.fn,
      invocationType: InvocationType.REQUEST_RESPONSE,
      timeout: Duration.minutes(5),
      executeAfter: [props.renderAfter],
    });
    acknowledgeOnStackSingleton(render, 'AWSCDK.TriggerCustomResourceProvider', [
      { id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]', reason: lambdaLogsPolicy.reason },
      { id: 'AwsSolutions-L1', reason: "CDK chooses the trigger provider's runtime, not this project (docs/decisions/0023)" },
    ]);
  }
}

/**
 * The web build in the package: its page renderer bundled whole (React and
 * the router included, so the function needs no node_modules of its own for
 * it), the client's manifest and the site's stylesheet (lambdas/content/render-site.ts).
 */
function packageWebBuild(inputDir: string, outputDir: string): string[] {
  const build = `${inputDir}/build/web`;
  const target = `${outputDir}${siteBuildDirInLambda.slice('/var/task'.length)}`;
  return [
    `mkdir -p "${target}/server" "${target}/client/assets"`,
    `"${inputDir}/node_modules/.bin/esbuild" "${build}/server/entry.prerender.js" --bundle --platform=node --format=esm --minify --log-level=warning` +
      ` --banner:js='import { createRequire } from "module"; const require = createRequire(import.meta.url);'` +
      ` --outfile="${target}/server/entry.prerender.js"`,
    `cp "${build}/${manifestFile}" "${target}/${manifestFile}"`,
    `cp "${build}"/client/assets/*.css "${target}/client/assets/"`,
  ];
}
