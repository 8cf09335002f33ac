import { IdempotencyConfig, makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { Logger } from '@aws-lambda-powertools/logger';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { normalizeFormData } from '../../shared/forms/normalize';
import type { FormData } from '../../shared/forms/form-schema';
import { uploadText } from '../../shared/forms/uploads';
import { createFormRegistry } from '../forms/form-registry';
import { createOrderSubmitter, type Submission } from '../forms/submit-order';
import { createImageVerifier } from '../forms/verify-images';
import { createDocumentClient, createDynamoDbClient, createS3Client } from '../lib/aws-clients';
import { loadConfig } from '../lib/config';
import { errorResponse, json, localizedErrorResponse, readJsonBody, requestLanguage, type HttpResponse } from '../lib/http';
import { createSheetRelay, RelayError } from '../lib/sheet-relay';
import { createSubmissionStore } from '../lib/submission-store';
import { createUploadsBucket } from '../lib/uploads-bucket';

/** POST /api/forms/{formId}/submissions: validate, check the photos, append to the sheet, store. */

const maxBodyBytes = 64 * 1024;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const config = loadConfig();
const logger = new Logger({ serviceName: 'order-requests' });
const dynamoDb = createDynamoDbClient(config);
const forms = createFormRegistry(config.formSchemasDir);
const verifyImages = createImageVerifier({
  bucket: createUploadsBucket(createS3Client(config), config.uploadsBucket),
  publicUrl: config.uploadsPublicUrl,
});
const submitOrder = createOrderSubmitter({
  relay: createSheetRelay(config.sheetRelayUrls),
  store: createSubmissionStore(createDocumentClient(dynamoDb), {
    orders: config.ordersTable,
    messages: config.messagesTable,
  }),
  onStoreFailure: (error, item) => logger.error('Submission reached the sheet but could not be stored', { error, item }),
});

const idempotency = new IdempotencyConfig({
  eventKeyJmesPath: '[formId, submissionId]',
  payloadValidationJmesPath: 'data',
  throwOnNoIdempotencyKey: true,
  // A visitor's retry can come days later from a phone that was offline.
  expiresAfterSeconds: 7 * 24 * 60 * 60,
});

/** A repeated submission id replays the first answer instead of appending a second row. */
const submitOnce = makeIdempotent(
  async (submission: Submission) => {
    const form = await forms.get(submission.formId);
    if (!form) throw new Error(`form ${submission.formId} disappeared`);
    return submitOrder(form, submission);
  },
  {
    persistenceStore: new DynamoDBPersistenceLayer({ tableName: config.idempotencyTable, awsSdkV3Client: dynamoDb }),
    config: idempotency,
    keyPrefix: 'form-submission',
  },
);

export async function handler(event: APIGatewayProxyEventV2, context: Context): Promise<HttpResponse> {
  const language = requestLanguage(event);
  const form = await forms.get(event.pathParameters?.formId ?? '');
  if (!form) return errorResponse(404, 'formNotFound', language);

  const body = readJsonBody(event, language, maxBodyBytes);
  if (!body.ok) return body.response;
  const submission = parseSubmission(body.value);
  if (!submission) return errorResponse(400, 'invalidSubmission', language);

  const data = normalizeFormData(submission.data);
  const fieldErrors = form.validate(data, language);
  if (fieldErrors.length > 0) {
    const missing = fieldErrors.some((e) => e.keyword === 'required');
    return errorResponse(400, missing ? 'missingRequiredFields' : 'invalidFields', language, { fields: fieldErrors });
  }
  let imageErrors;
  try {
    imageErrors = await verifyImages(form, data, language);
  } catch (error) {
    logger.error('The photos could not be checked', { error });
    return errorResponse(500, 'internalError', language);
  }
  if (imageErrors.length > 0) {
    return localizedErrorResponse(400, 'imageRejected', uploadText.imageRejected, language, { fields: imageErrors });
  }

  idempotency.registerLambdaContext(context);
  try {
    const order = await submitOnce({ formId: form.id, submissionId: submission.submissionId.toLowerCase(), language, data });
    return json(201, order);
  } catch (error) {
    return submissionFailure(error, language);
  }
}

function parseSubmission(value: unknown): { data: FormData; submissionId: string } | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { data, submissionId } = value as Record<string, unknown>;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  if (typeof submissionId !== 'string' || !uuidPattern.test(submissionId)) return undefined;
  return { data: data as FormData, submissionId };
}

function submissionFailure(error: unknown, language: ReturnType<typeof requestLanguage>): HttpResponse {
  if (error instanceof RelayError) {
    logger.warn('Sheet relay failed', { error });
    return error.relayMessage
      ? json(502, { error: error.relayMessage, code: 'sheetsFailed' })
      : errorResponse(502, 'sheetsFailed', language);
  }
  const name = (error as Error | undefined)?.name;
  if (name === 'IdempotencyAlreadyInProgressError') return errorResponse(409, 'submissionInProgress', language);
  if (name === 'IdempotencyValidationError') return errorResponse(409, 'submissionIdReused', language);
  logger.error('Submission failed', { error });
  return errorResponse(500, 'internalError', language);
}
