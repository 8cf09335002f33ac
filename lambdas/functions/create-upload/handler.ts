import type { UploadsRequest, UploadsResponse } from '../../../shared/api';
import { Logger } from '@aws-lambda-powertools/logger';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { imageField } from '../../../shared/forms/uploads';
import { shortened } from '../../../shared/forms/validation-messages';
import { createFormRegistry } from '../../forms/form-registry';
import { newUploadKey } from '../../forms/upload-keys';
import { maxFileNameLength, parseFileDescriptions, refuseFiles } from '../../forms/upload-request';
import { createDocumentClient, createDynamoDbClient, createS3Client } from '../../lib/aws-clients';
import { clientAddress } from '../../lib/client-address';
import { loadConfig } from '../../lib/config';
import { errorResponse, isRecord, json, readJsonBody, requestLanguage, type HttpResponse } from '../../lib/http';
import { publicRateLimiter, tooManyRequests } from '../../lib/rate-limit';
import { createUploadsBucket } from '../../lib/uploads-bucket';

/**
 * POST /api/uploads: presigned S3 PUT URLs for the photos a visitor picked in
 * a photo field, one per file, after checking them against the field's limits.
 * Each URL is signed for the file's type and exact size, so S3 refuses any
 * other; the photos are checked again at submission, on their first bytes.
 * A client past the rate limit gets 429 (docs/decisions/0011).
 */

const maxBodyBytes = 16 * 1024;
const maxEntries = 20;
const urlLifetimeSeconds = 5 * 60;

const config = loadConfig();
const forms = createFormRegistry(config.formSchemasDir);
const bucket = createUploadsBucket(createS3Client(config), config.uploadsBucket);
const logger = new Logger({ serviceName: 'order-requests' });
const rateLimiter = publicRateLimiter(createDocumentClient(createDynamoDbClient(config)), config, logger);

export async function handler(event: APIGatewayProxyEventV2, context?: Context): Promise<HttpResponse> {
  // Each log line names the request and the function's instance.
  if (context) logger.addContext(context);
  const language = requestLanguage(event);
  const body = readJsonBody(event, language, maxBodyBytes);
  if (!body.ok) return body.response;
  const request = parseUploadRequest(body.value);
  if (!request) return errorResponse(400, 'invalidUploadRequest', language, { maxFiles: maxEntries, maxNameLength: maxFileNameLength });

  const form = await forms.get(request.formId);
  if (!form) return errorResponse(404, 'formNotFound', language);
  const field = imageField(form.schema, request.field);
  if (!field) return errorResponse(400, 'notImageField', language, { field: shortened(request.field) });

  const refusal = refuseFiles(request.files, field.name, field, language);
  if (refusal) return refusal;
  const limit = await rateLimiter.take('uploads', await clientAddress(event, config.originSecret));
  if (!limit.allowed) return tooManyRequests(limit.retryAfterSeconds, language);

  const expiresAt = new Date(Date.now() + urlLifetimeSeconds * 1000).toISOString();
  const uploads = await Promise.all(
    request.files.map(async ({ type, size }) => {
      const key = newUploadKey(form.id, type);
      return {
        uploadUrl: await bucket.presignPut(key, { contentType: type, size }, urlLifetimeSeconds),
        // The browser sets the length itself, from the body: the size declared here must be the file's own.
        headers: { 'content-type': type },
        publicUrl: `${config.uploadsPublicUrl}${key}`,
        expiresAt,
      };
    }),
  );
  const answer: UploadsResponse = { uploads };
  return json(201, answer);
}

function parseUploadRequest(value: unknown): UploadsRequest | undefined {
  if (!isRecord(value)) return undefined;
  const { formId, field } = value;
  const files = parseFileDescriptions(value.files, maxEntries);
  if (typeof formId !== 'string' || typeof field !== 'string' || !files) return undefined;
  return { formId, field, files };
}
