import { Logger } from '@aws-lambda-powertools/logger';
import { Metrics } from '@aws-lambda-powertools/metrics';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import type { FormData } from '../../../shared/forms/form-schema';
import { normalizeFormData } from '../../../shared/forms/normalize';
import { uploadText } from '../../../shared/forms/uploads';
import type { Language } from '../../../shared/languages';
import { createFormRegistry } from '../../forms/form-registry';
import { createPhotoKeeper } from '../../forms/keep-photos';
import { orderMetrics, recordOrderOutcome } from '../../forms/order-metrics';
import { createStartTokenBindings } from '../../forms/start-token-bindings';
import { createStartTokens, startKeysOf } from '../../forms/start-tokens';
import { createSubmissionGuard } from '../../forms/submission-guard';
import { createOrderSubmitter, SubmissionIdReusedError } from '../../submissions/submit-order';
import { createUploadBindings } from '../../forms/upload-bindings';
import { createDocumentClient, createDynamoDbClient, createS3Client } from '../../lib/aws-clients';
import { clientAddress } from '../../lib/client-address';
import { loadConfig } from '../../lib/config';
import { errorResponse, json, localizedErrorResponse, readJsonBody, requestLanguage, type HttpResponse } from '../../lib/http';
import { publicRateLimiter, tooManyRequests } from '../../lib/rate-limit';
import { boundToRequestDeadline, withinDeadline } from '../../lib/request-deadline';
import { createSubmissionsStore } from '../../submissions/submissions-store';
import { createUploadsBucket } from '../../lib/uploads-bucket';

/**
 * POST /api/forms/{formId}/submissions: validate, check and keep the photos, store.
 * The answer is 201 as soon as the submission is stored; the sheet row and
 * the other deliveries follow from the stored submission
 * (docs/decisions/0002-every-order-kept.md). A bot's submission (honeypot)
 * gets the same answer and is stored as spam, never delivered; one sent too
 * soon after its form opened is delivered, marked for staff to check; a
 * submission without a valid start token past its address's budget gets 429
 * (docs/decisions/0011).
 */

const maxBodyBytes = 64 * 1024;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const config = loadConfig();
const logger = new Logger({ serviceName: 'order-requests' });
const metrics = new Metrics({ namespace: orderMetrics.namespace, serviceName: 'order-requests', defaultDimensions: { stage: config.stage } });
const forms = createFormRegistry(config.formSchemasDir);
const documents = boundToRequestDeadline(createDocumentClient(createDynamoDbClient(config)));
const store = createSubmissionsStore(documents, config.submissionsTable);
const keepPhotos = createPhotoKeeper({
  bucket: createUploadsBucket(boundToRequestDeadline(createS3Client(config)), config.uploadsBucket),
  publicUrl: config.uploadsPublicUrl,
  isStored: async (orderId) => (await store.get(orderId)) !== undefined,
  bindings: createUploadBindings(documents, config.rateLimitsTable),
});
const submitOrder = createOrderSubmitter({
  store,
  // The push is owed whether or not this function knows the push key: the delivery worker holds it.
  deliveries: ['sheet', 'search', 'push', ...(config.staffMail ? (['email'] as const) : [])],
});
const guard = createSubmissionGuard({
  enabled: config.antiSpam,
  startTokens: createStartTokens(startKeysOf(config)),
  bindings: createStartTokenBindings(documents, config.rateLimitsTable),
  rateLimiter: publicRateLimiter(documents, config, logger),
  onError: (error) => logger.warn('The start token could not be bound to the submission; it is taken as its own', { error }),
});

/**
 * The visitor has an answer within 5 s whatever the store or S3 do: past this
 * the calls still waiting are cut off and the answer is 503, which the site
 * sends again by itself (a second is left for API Gateway and the network).
 */
const answerWithinMs = 4_000;

export function handler(event: APIGatewayProxyEventV2, context?: Context): Promise<HttpResponse> {
  return withinDeadline(answerWithinMs, () => answer(event, context));
}

async function answer(event: APIGatewayProxyEventV2, context?: Context): Promise<HttpResponse> {
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
  const orderId = submission.submissionId.toLowerCase();
  const guarded = await guard({ formId: form.id, submissionId: orderId, signals: submission.signals, client: await clientAddress(event, config.originSecret) });
  if (!guarded.allowed) {
    recordOrderOutcome(metrics, 'rateLimited');
    return tooManyRequests(guarded.retryAfterSeconds, language);
  }
  const { spam, check } = guarded.verdict;
  let photos;
  try {
    photos = await keepPhotos(form, data, orderId, language);
  } catch (error) {
    // The order was not stored: the site sends it again with the same submission id, which keeps its photos' uploads.
    logger.error('The photos could not be checked and kept', { error });
    return errorResponse(503, 'storeUnavailable', language);
  }
  if (!photos.ok) {
    return localizedErrorResponse(400, photos.reason, uploadText[photos.reason], language, { fields: photos.errors });
  }

  try {
    const order = await submitOrder(form, { formId: form.id, submissionId: orderId, language, data, storedData: photos.data, spam, check });
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

function submissionFailure(error: unknown, language: Language): HttpResponse {
  if (error instanceof SubmissionIdReusedError) return errorResponse(409, 'submissionIdReused', language);
  // Not stored, or stored with its answer lost (a write cut off by the deadline may still have been
  // applied): the site sends it again with the same submission id, which then answers as the first time.
  logger.error('The submission could not be stored', { error });
  return errorResponse(503, 'storeUnavailable', language);
}
