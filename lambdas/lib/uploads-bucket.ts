import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
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
  /** Stores a file the server made (an export), to be downloaded as `attachment`. */
  putFile(key: string, body: string | Uint8Array, file: { contentType: string; filename: string }): Promise<void>;
  /** A URL that downloads the object as a file named `filename`, for a short while. */
  presignDownload(key: string, filename: string, expiresInSeconds: number): Promise<string>;
  delete(key: string): Promise<void>;
}

export function createUploadsBucket(client: S3Client, bucket: string): UploadsBucket {
  return {
    presignPut: (key, contentType, expiresIn) =>
      getSignedUrl(client, new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: contentType }), {
        expiresIn,
        // The presigner leaves the type unsigned by default; signed, S3 stores only the type that was checked.
        signableHeaders: new Set(['content-type']),
      }),

    async putFile(key, body, { contentType, filename }) {
      await client.send(
        new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentDisposition: attachment(filename),
        }),
      );
    },

    presignDownload: (key, filename, expiresIn) =>
      getSignedUrl(
        client,
        new GetObjectCommand({ Bucket: bucket, Key: key, ResponseContentDisposition: attachment(filename) }),
        { expiresIn },
      ),

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },

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

/** `attachment` with the name as ASCII and, for any other letters, as UTF-8 (RFC 6266). */
function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
