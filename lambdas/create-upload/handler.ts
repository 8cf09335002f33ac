import { Logger } from '@aws-lambda-powertools/logger';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { imageField, uploadText, type ImageField } from '../../shared/forms/uploads';
import { shortened } from '../../shared/forms/validation-messages';
import type { Language } from '../../shared/languages';
import { createFormRegistry } from '../forms/form-registry';
import { hasImageExtension, newUploadKey } from '../forms/upload-keys';
import { createDocumentClient, createDynamoDbClient, createS3Client } from '../lib/aws-clients';
import { clientAddress } from '../lib/client-address';
import { loadConfig } from '../lib/config';
import { errorResponse, json, localizedErrorResponse, readJsonBody, requestLanguage, type HttpResponse } from '../lib/http';
import { createRateLimiter, tooManyRequests } from '../lib/rate-limit';
import { createUploadsBucket } from '../lib/uploads-bucket';

/**
 * POST /api/uploads: presigned S3 PUT URLs for the photos a visitor picked in
 * a photo field, one per file, after checking them against the field's limits.
 * The same limits are checked again at submission on the stored objects.
 * A client past the rate limit gets 429 (docs/decisions/0009).
 */

const maxBodyBytes = 16 * 1024;
const maxEntries = 20;
const maxNameLength = 255;
const urlLifetimeSeconds = 5 * 60;

const config = loadConfig();
const forms = createFormRegistry(config.formSchemasDir);
const bucket = createUploadsBucket(createS3Client(config), config.uploadsBucket);
const logger = new Logger({ serviceName: 'order-requests' });
const rateLimiter = createRateLimiter({
  documents: createDocumentClient(createDynamoDbClient(config)),
  tableName: config.rateLimitsTable,
  enabled: config.antiSpam,
  onError: (error) => logger.warn('The request could not be counted for the rate limit; it is let through', { error }),
});

interface FileDescription {
  name: string;
  type: string;
  size: number;
}

interface UploadRequest {
  formId: string;
  field: string;
  files: FileDescription[];
}

export async function handler(event: APIGatewayProxyEventV2): Promise<HttpResponse> {
  const language = requestLanguage(event);
  const body = readJsonBody(event, language, maxBodyBytes);
  if (!body.ok) return body.response;
  const request = parseUploadRequest(body.value);
  if (!request) return errorResponse(400, 'invalidUploadRequest', language, { maxFiles: maxEntries, maxNameLength });

  const form = await forms.get(request.formId);
  if (!form) return errorResponse(404, 'formNotFound', language);
  const field = imageField(form.schema, request.field);
  if (!field) return errorResponse(400, 'notImageField', language, { field: shortened(request.field) });

  const refusal = refuseFiles(request.files, field, language);
  if (refusal) return refusal;
  const limit = await rateLimiter.take('uploads', clientAddress(event, config.originSecret));
  if (!limit.allowed) return tooManyRequests(limit.retryAfterSeconds, language);

  const expiresAt = new Date(Date.now() + urlLifetimeSeconds * 1000).toISOString();
  const uploads = await Promise.all(
    request.files.map(async ({ type }) => {
      const key = newUploadKey(form.id, type);
      return {
        uploadUrl: await bucket.presignPut(key, type, urlLifetimeSeconds),
        headers: { 'content-type': type },
        publicUrl: `${config.uploadsPublicUrl}${key}`,
        expiresAt,
      };
    }),
  );
  return json(201, { uploads });
}

/** The first limit of the field the files break, as a 400 answer. */
function refuseFiles(files: FileDescription[], field: ImageField, language: Language): HttpResponse | undefined {
  if (files.length === 0 || files.length > field.maxItems) {
    return localizedErrorResponse(400, 'tooMany', uploadText.tooMany(field.maxItems), language, {
      field: field.name,
      maxItems: field.maxItems,
    });
  }
  for (const file of files) {
    if (!field.accept.includes(file.type) || !hasImageExtension(file.type)) {
      return localizedErrorResponse(400, 'notImage', uploadText.notImage(file.name), language, {
        field: field.name,
        file: file.name,
        accept: field.accept,
      });
    }
    if (!Number.isSafeInteger(file.size) || file.size <= 0 || file.size > field.maxBytes) {
      return localizedErrorResponse(400, 'tooLarge', uploadText.tooLarge(file.name, field.maxBytes), language, {
        field: field.name,
        file: file.name,
        maxBytes: field.maxBytes,
      });
    }
  }
  return undefined;
}

function parseUploadRequest(value: unknown): UploadRequest | undefined {
  if (!isRecord(value)) return undefined;
  const { formId, field, files } = value;
  if (typeof formId !== 'string' || typeof field !== 'string') return undefined;
  if (!Array.isArray(files) || files.length > maxEntries || !files.every(isFileDescription)) return undefined;
  return { formId, field, files };
}

function isFileDescription(value: unknown): value is FileDescription {
  if (!isRecord(value)) return false;
  const { name, type, size } = value;
  return (
    typeof name === 'string' &&
    name.length > 0 &&
    name.length <= maxNameLength &&
    typeof type === 'string' &&
    typeof size === 'number'
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
