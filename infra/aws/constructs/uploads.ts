import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import { AnyPrincipal, Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { AwsCustomResource, AwsCustomResourcePolicy, PhysicalResourceId } from 'aws-cdk-lib/custom-resources';
import { Construct } from 'constructs';
import { acknowledgeOnStackSingleton, lambdaLogsPolicy } from '../nag';
import { exportsPrefix, mediaPrefix, photosPrefix, uploadsPrefix } from '../../../lambdas/forms/upload-keys';

/**
 * The visitors' photos and the staff's pictures: a private bucket the
 * browser PUTs to through presigned URLs (POST /api/uploads under uploads/,
 * POST /api/admin/media/uploads under media/). A submission copies the
 * photos its order keeps under photos/; CloudFront reads /photos/* and
 * /media/*. The staff's CSV exports wait under exports/ for a day.
 */
export interface UploadsProps {
  /** Receives the bucket's server access logs. */
  accessLogs: s3.IBucket;
  /** The bucket an earlier deploy kept (../attach.ts), taken by name as it is: its rules, versions and photos stay. */
  attachedBucketName?: string;
}

export class Uploads extends Construct {
  readonly bucket: s3.IBucket;

  constructor(scope: Construct, id: string, props: UploadsProps) {
    super(scope, id);
    if (props.attachedBucketName) {
      this.bucket = s3.Bucket.fromBucketName(this, 'Bucket', props.attachedBucketName);
      return;
    }

    // The kept photos are linked from the dealer's sheet: they outlive the stack.
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // Kept, but not after a first deploy that failed (RetainExceptOnCreate).
      removalPolicy: RemovalPolicy.RETAIN_ON_UPDATE_OR_DELETE,
      // A photo deleted or overwritten by mistake can be brought back for a month.
      versioned: true,
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 'uploads-bucket/',
      lifecycleRules: [
        { id: 'ExpireOldVersions', noncurrentVersionExpiration: Duration.days(30), expiredObjectDeleteMarker: true },
        // An upload is kept by copying it at submission: one no order took is gone the next day.
        { id: 'ExpireUploads', prefix: uploadsPrefix, expiration: Duration.days(1) },
        { id: 'AbortIncompleteUploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // An export is downloaded within minutes of being made (its link lasts 5).
        { id: 'ExpireExports', prefix: exportsPrefix, expiration: Duration.days(1) },
      ],
    });
  }

  /**
   * Lets the distribution read the photos and pictures of an attached bucket,
   * over TLS only: CloudFront's origin access control writes that policy on a
   * bucket of this stack by itself, and the policy an earlier stack wrote went
   * with it.
   */
  allowDistributionToRead(distribution: IDistribution): void {
    if (this.bucket.node.defaultChild) return;
    const policy = new s3.BucketPolicy(this, 'AttachedBucketPolicy', { bucket: this.bucket });
    policy.document.addStatements(
      new PolicyStatement({
        principals: [new ServicePrincipal('cloudfront.amazonaws.com')],
        actions: ['s3:GetObject'],
        resources: [this.bucket.arnForObjects(`${photosPrefix}*`), this.bucket.arnForObjects(`${mediaPrefix}*`)],
        conditions: { StringEquals: { 'AWS:SourceArn': distribution.distributionArn } },
      }),
      new PolicyStatement({
        effect: Effect.DENY,
        principals: [new AnyPrincipal()],
        actions: ['s3:*'],
        resources: [this.bucket.bucketArn, this.bucket.arnForObjects('*')],
        conditions: { Bool: { 'aws:SecureTransport': 'false' } },
      }),
    );
  }

  /**
   * Lets only the site's pages PUT and read (CORS). Set by a custom resource
   * once the distribution exists: named in the bucket's own properties, the
   * distribution's address would make the bucket depend on the distribution
   * that reads it. The bucket's template declares no CORS, so CloudFormation
   * leaves this rule alone on later updates.
   */
  allowBrowsersFrom(origins: string[]): void {
    const putCors = {
      service: 'S3',
      action: 'PutBucketCors',
      parameters: {
        Bucket: this.bucket.bucketName,
        CORSConfiguration: {
          CORSRules: [
            {
              AllowedOrigins: origins,
              AllowedMethods: ['PUT', 'GET', 'HEAD'],
              AllowedHeaders: ['content-type'],
              ExposeHeaders: ['ETag'],
              MaxAgeSeconds: 3000,
            },
          ],
        },
      },
      physicalResourceId: PhysicalResourceId.of(`${this.node.addr}-cors`),
    };
    new AwsCustomResource(this, 'SiteOriginCors', {
      onCreate: putCors,
      onUpdate: putCors,
      policy: AwsCustomResourcePolicy.fromSdkCalls({ resources: [this.bucket.bucketArn] }),
      // The runtime's SDK has PutBucketCors; installing the latest would need npm and a network at deploy time.
      installLatestAwsSdk: false,
    });
    acknowledgeOnStackSingleton(this, `AWS${AwsCustomResource.PROVIDER_FUNCTION_UUID.replaceAll('-', '')}`, [lambdaLogsPolicy]);
  }
}
