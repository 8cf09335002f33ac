import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';

/** How long access logs are kept: long enough to look into an incident reported weeks later. */
export const accessLogRetention = Duration.days(90);

/**
 * Where requests are logged: CloudFront's standard logs and the buckets'
 * server access logs in one private bucket, the API's access log in
 * CloudWatch Logs, each kept for 90 days.
 */
export class AccessLogs extends Construct {
  readonly bucket: s3.Bucket;
  readonly api: LogGroup;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront's standard logs are written with an ACL.
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ id: 'ExpireLogs', expiration: accessLogRetention }],
      removalPolicy: RemovalPolicy.DESTROY,
      autoDeleteObjects: true,
    });
    Validations.of(this.bucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'The access logs bucket itself: logging its own access would log forever (docs/decisions/0023)',
    });
    this.api = new LogGroup(this, 'Api', { retention: RetentionDays.THREE_MONTHS, removalPolicy: RemovalPolicy.DESTROY });
  }
}
