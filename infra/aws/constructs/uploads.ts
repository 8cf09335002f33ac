import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { exportsPrefix } from '../../../lambdas/forms/upload-keys';

/**
 * The visitors' photos and the staff's pictures: a private bucket the
 * browser PUTs to through presigned URLs (POST /api/uploads,
 * POST /api/admin/media/uploads) and CloudFront reads under /uploads/* and
 * /media/*. The staff's CSV exports wait under exports/ for a day.
 */
export class Uploads extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    // The photos are linked from the dealer's sheet: they outlive the stack.
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.RETAIN,
      // Any origin: the presigned URL is the permission. Naming the site's
      // origin here would make the bucket depend on the distribution that reads it.
      cors: [
        {
          allowedOrigins: ['*'],
          allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
          allowedHeaders: ['content-type'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
      // An export is downloaded within minutes of being made (its link lasts 5).
      lifecycleRules: [{ id: 'ExpireExports', prefix: exportsPrefix, expiration: Duration.days(1) }],
    });
  }
}
