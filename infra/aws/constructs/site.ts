import { existsSync } from 'node:fs';
import { Annotations, CfnOutput, Duration, RemovalPolicy, Stack, Validations, type SecretValue } from 'aws-cdk-lib';
import type { ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import type { IHttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { ARecord, HostedZone, RecordTarget } from 'aws-cdk-lib/aws-route53';
import { CloudFrontTarget } from 'aws-cdk-lib/aws-route53-targets';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { mediaPrefix, photosPrefix } from '../../../lambdas/forms/upload-keys';
import { originVerifyHeader } from '../../../lambdas/lib/client-address';
import { sitesPrefix } from '../../../lambdas/content/site-routing';
import { adminConfigPath, adminPath, type AdminConfig } from '../../../shared/admin-api';
import { photoContentSecurityPolicy } from '../../photos';
import {
  apiContentSecurityPolicy,
  frameOptions,
  pageContentSecurityPolicy,
  permissionsPolicy,
  readScriptHashes,
  referrerPolicy,
  transportSecurity,
} from '../../security-headers';
import { acknowledgeOnStackSingleton, arnParts, lambdaLogsPolicy } from '../nag';
import { pageRoutingFunctionCode } from './page-routing';
import { photoTypesFunctionCode } from './photo-types';
import { viewerAddressFunctionCode } from './viewer-address';

export interface SiteProps {
  httpApi: IHttpApi;
  /** The visitors' photos: the ones orders keep are served under /photos/* (their object keys start with photos/). */
  uploadsBucket: s3.IBucket;
  /** Output of `npm run build` (build/web/client); deployed only if it exists. */
  webBuildDir: string;
  /** Written next to the pages as /admin/config.json: the admin pages' Amplify settings for this stack. */
  adminConfig: AdminConfig;
  /** Sent to the API with every request, so that it trusts the visitor address CloudFront gives (ORIGIN_SECRET). */
  originSecret: SecretValue;
  /** Receives CloudFront's standard logs and the site bucket's access logs. */
  accessLogs: s3.IBucket;
  /** The WAF web ACL in front of the distribution (infra/aws/edge-stack.ts); none on a cheap stage. */
  webAclArn?: string;
  /** The site's own domain, with its us-east-1 certificate and Route 53 zone; CloudFront's own name otherwise. */
  domain?: { name: string; hostedZoneId: string; certificate: ICertificate };
}

/**
 * The public product list (GET /api/products, the home page's featured
 * products among them) is served from CloudFront's cache: an edge asks the API
 * at most once a minute per filter, whatever the number of visitors. The
 * handler says `public, max-age=60`; CloudFront keeps it no longer, and
 * browsers count CloudFront's time against their own (the Age header), so a
 * change still shows within a minute. Its errors say `no-store` and are not
 * kept. Only the filters the handler reads make copies: `?fbclid=…` shares one.
 */
export const cachedProductList = { path: '/api/products', seconds: 60, queryStrings: ['category', 'subcategory'] } as const;

/**
 * One CloudFront origin for the static site (private S3 bucket), the API
 * under /api/* and the photos orders keep under /photos/*: same-origin
 * requests, so no CORS (except the photos' presigned PUTs to S3). The
 * uploads themselves, unchecked, are not served.
 */
export class Site extends Construct {
  readonly bucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  /** Names the live site and its pages, for the page routing function (lambdas/content/site-routing.ts). */
  readonly routing: cloudfront.KeyValueStore;
  /** Puts the build's files in the bucket; the publisher renders the pages once it is done. */
  readonly deployment?: Construct;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);
    const stack = Stack.of(this);

    // Holds the build's files, which `npm run build` recreates, and the sites the publisher renders from stored content.
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 'site-bucket/',
    });

    this.routing = new cloudfront.KeyValueStore(this, 'Routing', { comment: 'The live site and its pages, written by the publisher' });
    const pageRouting = new cloudfront.Function(this, 'PageRouting', {
      comment: "Serves the live site's pages in each language, /admin/* the admin page, others the not-found page with 404; sends visitors to their language",
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(pageRoutingFunctionCode({ apps: [adminPath] })),
      keyValueStore: this.routing,
    });

    const viewerAddress = new cloudfront.Function(this, 'ViewerAddress', {
      comment: "Gives the API the visitor's address, whatever the visitor sent",
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(viewerAddressFunctionCode()),
    });

    // Images only, never a page on the site's origin (infra/photos.ts).
    const photoTypes = new cloudfront.Function(this, 'PhotoTypes', {
      comment: 'Sends a photo whose stored type is not an image type as a download',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(photoTypesFunctionCode()),
    });
    const photoHeaders = securityHeadersPolicy(this, 'PhotoHeaders', 'Photos: no type sniffing, sandboxed, nothing loads', photoContentSecurityPolicy);
    // Kept photos and the picture library: images only, under their random keys, never rewritten.
    const pictureBehavior: cloudfront.BehaviorOptions = {
      origin: S3BucketOrigin.withOriginAccessControl(props.uploadsBucket),
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
      responseHeadersPolicy: photoHeaders,
      functionAssociations: [{ function: photoTypes, eventType: cloudfront.FunctionEventType.VIEWER_RESPONSE }],
    };

    // The browser calls the uploads bucket (presigned PUTs) and, on the admin's pages, the staff's user pool.
    const pageHeaders = securityHeadersPolicy(
      this,
      'PageHeaders',
      "Pages: the build's inline scripts by hash, the uploads bucket, the user pool, the map",
      pageContentSecurityPolicy({
        scriptHashes: readScriptHashes(props.webBuildDir),
        connectSources: [`https://${props.uploadsBucket.bucketRegionalDomainName}`, `https://cognito-idp.${stack.region}.${stack.urlSuffix}`],
      }),
    );
    const apiHeaders = securityHeadersPolicy(this, 'ApiHeaders', 'API answers: nothing loads, nothing frames them', apiContentSecurityPolicy);

    // The HTTP API's $default stage serves paths as they are, /api prefix included.
    const apiDomain = `${props.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
    const apiOrigin = new HttpOrigin(apiDomain, {
      protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
      // Replaces any header of that name the visitor sent.
      customHeaders: { [originVerifyHeader]: props.originSecret.unsafeUnwrap() },
    });

    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Agricultural machinery catalogue and order requests',
      // Europe's edge locations are the closest to Algeria.
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      ...(props.webAclArn && { webAclId: props.webAclArn }),
      ...(props.domain && {
        domainNames: [props.domain.name],
        certificate: props.domain.certificate,
        minimumProtocolVersion: cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021,
      }),
      enableLogging: true,
      logBucket: props.accessLogs,
      logFilePrefix: 'cloudfront/',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket),
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        cachePolicy: cloudfront.CachePolicy.CACHING_OPTIMIZED,
        responseHeadersPolicy: pageHeaders,
        functionAssociations: [
          { function: pageRouting, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
          { function: pageRouting, eventType: cloudfront.FunctionEventType.VIEWER_RESPONSE },
        ],
      },
      additionalBehaviors: {
        // Listed before /api/*, which CloudFront would match first otherwise.
        [cachedProductList.path]: {
          origin: apiOrigin,
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
          cachePolicy: new cloudfront.CachePolicy(this, 'ProductListCache', {
            comment: 'The public product list: kept as long as the API says (a minute), one copy per filter',
            defaultTtl: Duration.seconds(cachedProductList.seconds),
            minTtl: Duration.seconds(0),
            maxTtl: Duration.seconds(cachedProductList.seconds),
            queryStringBehavior: cloudfront.CacheQueryStringBehavior.allowList(...cachedProductList.queryStrings),
            headerBehavior: cloudfront.CacheHeaderBehavior.none(),
            cookieBehavior: cloudfront.CacheCookieBehavior.none(),
            enableAcceptEncodingGzip: true,
            enableAcceptEncodingBrotli: true,
          }),
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: apiHeaders,
        },
        '/api/*': {
          origin: apiOrigin,
          // No redirect: a client would replay a redirected POST as a GET.
          viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
          cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
          // API Gateway routes on its own Host name, so the viewer's Host must not be forwarded.
          originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: apiHeaders,
          functionAssociations: [{ function: viewerAddress, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST }],
        },
        // The path is the object key; a kept photo never changes (its Cache-Control says so), so it caches well.
        [`/${photosPrefix}*`]: pictureBehavior,
        // The picture library: keys are random too, and a picture is never rewritten.
        [`/${mediaPrefix}*`]: pictureBehavior,
      },
    });

    if (props.domain) {
      new ARecord(this, 'DomainRecord', {
        recordName: props.domain.name,
        zone: HostedZone.fromHostedZoneAttributes(this, 'Zone', { hostedZoneId: props.domain.hostedZoneId, zoneName: props.domain.name }),
        target: RecordTarget.fromAlias(new CloudFrontTarget(this.distribution)),
      });
    } else {
      Validations.of(this.distribution).acknowledge({
        id: 'AwsSolutions-CFR4',
        reason: "CloudFront's own *.cloudfront.net certificate, whose TLS versions cannot be chosen: -c domainName gives TLS 1.2 at least (docs/decisions/0023)",
      });
    }
    if (!props.webAclArn) {
      Validations.of(this.distribution).acknowledge({ id: 'AwsSolutions-CFR2', reason: 'A cheap stage, deployed with -c waf=off on purpose (docs/decisions/0023)' });
    }
    Validations.of(this.distribution).acknowledge({
      id: 'AwsSolutions-CFR1',
      reason: 'Algerian farmers are the audience, but the dealer also answers visitors abroad: no country is refused (docs/decisions/0023)',
    });

    if (existsSync(props.webBuildDir)) this.deployment = this.deploy(props.webBuildDir, props.adminConfig);
    else {
      Annotations.of(this).addWarningV2(
        'agri-dealer:site:noWebBuild',
        `${props.webBuildDir} does not exist: the site files are not deployed. Run \`npm run build\` first (\`npm run deploy\` does).`,
      );
    }

    new CfnOutput(this, 'SiteUrl', { key: 'SiteUrl', value: `https://${props.domain?.name ?? this.distribution.distributionDomainName}` });
    // npm run secrets:rotate changes the origin secret CloudFront sends, on this distribution.
    new CfnOutput(this, 'DistributionId', { key: 'DistributionId', value: this.distribution.distributionId });
  }

  /**
   * Two passes over the build: hashed assets first, kept forever and never
   * pruned (a page loaded before a deploy can still fetch its chunks); then
   * everything else, revalidated by browsers on each visit and pruned.
   */
  private deploy(buildDir: string, adminConfig: AdminConfig): Construct {
    const source = Source.asset(buildDir);
    const assets = new BucketDeployment(this, 'DeployAssets', {
      sources: [source],
      destinationBucket: this.bucket,
      exclude: ['*'],
      include: ['assets/*'],
      prune: false,
      cacheControl: [CacheControl.setPublic(), CacheControl.maxAge(Duration.days(365)), CacheControl.immutable()],
      memoryLimit: 512,
    });
    const pages = new BucketDeployment(this, 'DeployPages', {
      // The admin pages read their Amplify settings from a file, so one build serves every stack.
      sources: [source, Source.jsonData(adminConfigPath.slice(1), adminConfig)],
      destinationBucket: this.bucket,
      // Excluded files are also left alone by pruning: the published sites stay.
      exclude: ['assets/*', `${sitesPrefix}*`],
      // Browsers revalidate; CloudFront keeps pages until the invalidation below.
      cacheControl: [
        CacheControl.setPublic(),
        CacheControl.maxAge(Duration.seconds(0)),
        CacheControl.mustRevalidate(),
        CacheControl.sMaxAge(Duration.days(7)),
      ],
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
    });
    pages.node.addDependency(assets);
    // CDK's own function copying the build into the bucket, made once for the stack.
    acknowledgeOnStackSingleton(this, 'Custom::CDKBucketDeployment', [
      lambdaLogsPolicy,
      ...['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'].map((action) => ({
        id: `AwsSolutions-IAM5[Action::${action}]`,
        reason: "CDK's bucket deployment copies, lists and prunes whole folders of the build (docs/decisions/0023)",
      })),
      {
        id: `AwsSolutions-IAM5[Resource::arn:${arnParts(this).partition}:s3:::cdk-hnb659fds-assets-${arnParts(this).account}-${arnParts(this).region}/*]`,
        reason: "The build's archive is read from the CDK assets bucket, named by its hash (docs/decisions/0023)",
      },
      {
        id: `AwsSolutions-IAM5[Resource::<${Stack.of(this).getLogicalId(this.bucket.node.defaultChild as s3.CfnBucket)}.Arn>/*]`,
        reason: 'The deployment writes the build over the whole site bucket; it leaves the published sites (sites/) by its exclude rule, not its rights (docs/decisions/0023)',
      },
      { id: 'AwsSolutions-IAM5[Resource::*]', reason: "CDK's own policy lets its deployment invalidate any distribution; it invalidates this one alone (docs/decisions/0023)" },
      { id: 'AwsSolutions-L1', reason: "CDK chooses the bucket deployment's runtime, not this project (docs/decisions/0023)" },
    ]);
    return pages;
  }
}

/** The headers of infra/security-headers.ts, with this Content-Security-Policy, as CloudFront adds them. */
function securityHeadersPolicy(scope: Construct, id: string, comment: string, contentSecurityPolicy: string): cloudfront.ResponseHeadersPolicy {
  return new cloudfront.ResponseHeadersPolicy(scope, id, {
    comment,
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy, override: true },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: frameOptions as cloudfront.HeadersFrameOption, override: true },
      referrerPolicy: { referrerPolicy: referrerPolicy as cloudfront.HeadersReferrerPolicy, override: true },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(transportSecurity.maxAgeSeconds),
        includeSubdomains: transportSecurity.includeSubDomains,
        preload: transportSecurity.preload,
        override: true,
      },
    },
    customHeadersBehavior: { customHeaders: [{ header: 'Permissions-Policy', value: permissionsPolicy, override: true }] },
  });
}
