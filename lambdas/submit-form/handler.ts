import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import type { FormData } from '../../shared/forms/form-schema';
import { normalizeFormData } from '../../shared/forms/normalize';
import { uploadText } from '../../shared/forms/uploads';
import type { Language } from '../../shared/languages';
import type { SpamReason } from '../../shared/submissions';
import { createFormRegistry } from '../forms/form-registry';
import { createPhotoKeeper } from '../forms/keep-photos';
import { orderMetrics, recordOrderOutcome } from '../forms/order-metrics';
import { spamVerdict } from '../forms/spam-verdict';
import { createStartTokens } from '../forms/start-tokens';
import { createOrderSubmitter, SubmissionIdReusedError } from '../forms/submit-order';
import { createDocumentClient, createDynamoDbClient, createS3Client } from '../lib/aws-clients';
import { clientAddress } from '../lib/client-address';
import { loadConfig } from '../lib/config';
import { errorResponse, json, localizedErrorResponse, readJsonBody, requestLanguage, type HttpResponse } from '../lib/http';
import { createRateLimiter, tooManyRequests } from '../lib/rate-limit';
import { createSubmissionsStore } from '../lib/submissions-store';
import { createUploadsBucket } from '../lib/uploads-bucket';

/**
 * POST /api/forms/{formId}/submissions: validate, check and keep the photos, store.
 * The answer is 201 as soon as the submission is stored; the sheet row and
 * the other deliveries follow from the stored submission
 * (docs/decisions/0002-every-order-kept.md). A bot's submission (honeypot,
 * fill time) gets the same answer and is stored as spam, never delivered;
 * a client past the rate limit gets 429 (docs/decisions/0011).
 */

const maxBodyBytes = 64 * 1024;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const config = loadConfig();
const logger = new Logger({ serviceName: 'order-requests' });
const metrics = new Metrics({ namespace: orderMetrics.namespace, serviceName: 'order-requests', defaultDimensions: { stage: config.stage } });
const forms = createFormRegistry(config.formSchemasDir);
const documents = createDocumentClient(createDynamoDbClient(config));
const store = createSubmissionsStore(documents, config.submissionsTable);
const keepPhotos = createPhotoKeeper({
  bucket: createUploadsBucket(createS3Client(config), config.uploadsBucket),
  publicUrl: config.uploadsPublicUrl,
  isStored: async (orderId) => (await store.get(orderId)) !== undefined,
});
const submitOrder = createOrderSubmitter({ store, deliveries: config.staffMail ? ['sheet', 'email'] : ['sheet'] });
const startTokens = createStartTokens(config.formStartKey);
const rateLimiter = createRateLimiter({
  documents,
  tableName: config.rateLimitsTable,
  enabled: config.antiSpam,
  onError: (error) => logger.warn('The request could not be counted for the rate limit; it is let through', { error }),
});

export async function handler(event: APIGatewayProxyEventV2, context?: Context): Promise<HttpResponse> {
  // Each log line names the request and the function's instance.
  if (context) logger.addContext(context);
  const language = requestLanguage(event);
  const form = await forms.get(event.pathParameters?.formId ?? '');
  if (!form) return errorResponse(404, 'formNotFound', language);

  const body = readJsonBody(event, language, maxBodyBytes);
  if (!body.ok) return body.response;
  const submission = parseSubmission(body.value);
  if (!submission) return errorResponse(400, 'invalidSubmission', language);

  const data = normalizeFormData(submission.data, form.schema);
  const fieldErrors = form.validate(data, language);
  if (fieldErrors.length > 0) {
    const missing = fieldErrors.some((e) => e.keyword === 'required');
    return errorResponse(400, missing ? 'missingRequiredFields' : 'invalidFields', language, { fields: fieldErrors });
  }
  const spam = spamOf(form.id, submission.signals);
  const limit = await rateLimiter.take('submissions', clientAddress(event, config.originSecret));
  if (!limit.allowed) {
    recordOrderOutcome(metrics, 'rateLimited');
    return tooManyRequests(limit.retryAfterSeconds, language);
  }
  const orderId = submission.submissionId.toLowerCase();
  let photos;
  try {
    photos = await keepPhotos(form, data, orderId, language);
  } catch (error) {
    // Nothing was stored: the visitor keeps the form and may send it again.
    logger.error('The photos could not be checked and kept', { error });
    return errorResponse(503, 'storeUnavailable', language);
  }
  if (!photos.ok) {
    return localizedErrorResponse(400, 'imageRejected', uploadText.imageRejected, language, { fields: photos.errors });
  }

  try {
    const order = await submitOrder(form, { formId: form.id, submissionId: orderId, language, data, storedData: photos.data, spam });
    recordOrderOutcome(metrics, spam ? 'spam' : 'accepted');
    return json(201, order);
  } catch (error) {
    return submissionFailure(error, language);
  }
}

interface ParsedSubmission {
  data: FormData;
  submissionId: string;
  /** What the form sent besides its data (shared/forms/anti-spam.ts), unchecked. */
  signals: { honeypot: unknown; startToken: unknown };
}

function parseSubmission(value: unknown): ParsedSubmission | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { data, submissionId, honeypot, startToken } = value as Record<string, unknown>;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  if (typeof submissionId !== 'string' || !uuidPattern.test(submissionId)) return undefined;
  return { data: data as FormData, submissionId, signals: { honeypot, startToken } };
}

/** Why the submission is taken for a bot's, if it is; never with ANTI_SPAM off. */
function spamOf(formId: string, { honeypot, startToken }: ParsedSubmission['signals']): SpamReason | undefined {
  if (!config.antiSpam) return undefined;
  return spamVerdict({ honeypot, startedAt: startTokens.issuedAt(startToken, formId) }, Date.now());
}

function submissionFailure(error: unknown, language: Language): HttpResponse {
  if (error instanceof SubmissionIdReusedError) return errorResponse(409, 'submissionIdReused', language);
  // Nothing was stored, so nothing will reach the sheet: the visitor keeps the form and may send it again.
  logger.error('The submission could not be stored', { error });
  return errorResponse(503, 'storeUnavailable', language);
}
