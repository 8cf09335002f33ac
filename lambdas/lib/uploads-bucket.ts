import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

/** What the bucket says of a stored object, and how it starts. */
export interface ObjectStart {
  /** The whole object's size in bytes. */
  size: number;
  contentType?: string;
  etag: string;
  /** Its first bytes: as many as asked for, fewer when the object is shorter. */
  bytes: Uint8Array;
}

export interface UploadsBucket {
  /**
   * A URL the browser PUTs the file to with `content-type: <contentType>`;
   * S3 refuses any other type and any body that is not exactly `size` bytes.
   */
  presignPut(key: string, file: { contentType: string; size: number }, expiresInSeconds: number): Promise<string>;
  /** The object's size, type, ETag and first `byteCount` bytes; undefined when there is no such object. */
  readStart(key: string, byteCount: number): Promise<ObjectStart | undefined>;
  /** Stores a file the server made to be served as it is (an order's kept photo). */
  put(key: string, body: Uint8Array, file: { contentType: string; cacheControl: string }): Promise<void>;
  /** Stores a file the server made (an export), to be downloaded as `attachment`. */
  putFile(key: string, body: string | Uint8Array, file: { contentType: string; filename: string }): Promise<void>;
  /** A URL that downloads the object as a file named `filename`, for a short while. */
  presignDownload(key: string, filename: string, expiresInSeconds: number): Promise<string>;
  delete(key: string): Promise<void>;
}

export function createUploadsBucket(client: S3Client, bucket: string): UploadsBucket {
  return {
    presignPut: (key, { contentType, size }, expiresIn) =>
      getSignedUrl(client, new PutObjectCommand({ Bucket: bucket, Key: key, ContentType: contentType, ContentLength: size }), {
        expiresIn,
        // The presigner leaves the type unsigned by default; signed, S3 stores only the type and length that were checked.
        signableHeaders: new Set(['content-type', 'content-length']),
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

    async readStart(key, byteCount) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key, Range: `bytes=0-${byteCount - 1}` }));
        const bytes = (await object.Body?.transformToByteArray()) ?? new Uint8Array();
        // "bytes 0-15/2048": the whole size follows the slash; a whole-object answer has no range.
        const size = Number(object.ContentRange?.split('/')[1] ?? object.ContentLength);
        return { size, contentType: object.ContentType, etag: object.ETag ?? '', bytes };
      } catch (error) {
        if (isMissingObject(error)) return undefined;
        throw error;
      }
    },

    async put(key, body, { contentType, cacheControl }) {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: contentType, CacheControl: cacheControl }));
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
    },
  };
}

/**
 * S3 answers 404 for a missing key, or 403 to a caller that may read objects
 * but not list the bucket (the functions' grants are object-level only), and
 * 416 to a range request on an empty object, which is no photo either.
 */
function isMissingObject(error: unknown): boolean {
  const status = statusOf(error);
  return status === 404 || status === 403 || status === 416;
}

function statusOf(error: unknown): number | undefined {
  return (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

/** `attachment` with the name as ASCII and, for any other letters, as UTF-8 (RFC 6266). */
function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}
