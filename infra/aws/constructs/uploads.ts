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
export interface UploadsProps {
  /** Receives the bucket's server access logs. */
  accessLogs: s3.IBucket;
  /** The site's origins, the only ones whose pages may PUT (CORS); any origin when not known before deploy. */
  siteOrigins?: string[];
}

export class Uploads extends Construct {
  readonly bucket: s3.Bucket;

  constructor(scope: Construct, id: string, props: UploadsProps) {
    super(scope, id);

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
      // The site's own domain when one is configured; else any origin, the presigned URL being the
      // permission: naming the distribution's address here would make the bucket depend on the
      // distribution that reads it.
      cors: [
        {
          allowedOrigins: props.siteOrigins ?? ['*'],
          allowedMethods: [s3.HttpMethods.PUT, s3.HttpMethods.GET, s3.HttpMethods.HEAD],
          allowedHeaders: ['content-type'],
          exposedHeaders: ['ETag'],
          maxAge: 3000,
        },
      ],
    });
  }
}
