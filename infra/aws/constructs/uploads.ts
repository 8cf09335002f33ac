import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { exportsPrefix, uploadsPrefix } from '../../../lambdas/forms/upload-keys';

/**
 * The visitors' photos and the staff's pictures: a private bucket the
 * browser PUTs to through presigned URLs (POST /api/uploads under uploads/,
 * POST /api/admin/media/uploads under media/). A submission copies the
 * photos its order keeps under photos/; CloudFront reads /photos/* and
 * /media/*. The staff's CSV exports wait under exports/ for a day.
 */
export class Uploads extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string) {
    super(scope, id);

    // The kept photos are linked from the dealer's sheet: they outlive the stack.
    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.RETAIN,
      lifecycleRules: [
        // An upload is kept by copying it at submission: one no order took is gone the next day.
        { id: 'ExpireUploads', prefix: uploadsPrefix, expiration: Duration.days(1) },
        { id: 'AbortIncompleteUploads', abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // An export is downloaded within minutes of being made (its link lasts 5).
        { id: 'ExpireExports', prefix: exportsPrefix, expiration: Duration.days(1) },
      ],
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
    });
  }
}
