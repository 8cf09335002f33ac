import { HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

/** What the bucket says of a stored object. */
export interface StoredObject {
  contentType?: string;
  contentLength?: number;
}

export interface UploadsBucket {
  /** A URL the browser PUTs the file to, with `content-type: <contentType>`. */
  presignPut(key: string, contentType: string, expiresInSeconds: number): Promise<string>;
  /** The object's type and size; undefined when there is no such object. */
  head(key: string): Promise<StoredObject | undefined>;
}

export function createUploadsBucket(client: S3Client, bucket: string): UploadsBucket {
  return {
    presignPut: (key, contentType, expiresIn) =>
      getSignedUrl(client, new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: contentType }), {
        expiresIn,
        // The presigner leaves the type unsigned by default; signed, S3 stores only the type that was checked.
        signableHeaders: new Set(['content-type']),
      }),

    async head(key) {
      try {
        const object = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return { contentType: object.ContentType, contentLength: object.ContentLength };
      } catch (error) {
        if (isMissingObject(error)) return undefined;
        throw error;
      }
    },
  };
}

/**
 * S3 answers 404 for a missing key, or 403 to a caller that may read objects
 * but not list the bucket (the functions' grants are object-level only).
 */
function isMissingObject(error: unknown): boolean {
  const status = (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
  return status === 404 || status === 403;
}
