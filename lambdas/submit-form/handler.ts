import { Logger } from '@aws-lambda-powertools/logger';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { FormData } from '../../shared/forms/form-schema';
import { normalizeFormData } from '../../shared/forms/normalize';
import { uploadText } from '../../shared/forms/uploads';
import type { Language } from '../../shared/languages';
import { createFormRegistry } from '../forms/form-registry';
import { createOrderSubmitter, SubmissionIdReusedError } from '../forms/submit-order';
import { createImageVerifier } from '../forms/verify-images';
import { createDocumentClient, createDynamoDbClient, createS3Client } from '../lib/aws-clients';
import { loadConfig } from '../lib/config';
import { errorResponse, json, localizedErrorResponse, readJsonBody, requestLanguage, type HttpResponse } from '../lib/http';
import { createSubmissionsStore } from '../lib/submissions-store';
import { createUploadsBucket } from '../lib/uploads-bucket';

/**
 * POST /api/forms/{formId}/submissions: validate, check the photos, store.
 * The answer is 201 as soon as the submission is stored; the sheet row and
 * the other deliveries follow from the stored submission
 * (docs/decisions/0002-every-order-kept.md).
 */

const maxBodyBytes = 64 * 1024;
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const config = loadConfig();
const logger = new Logger({ serviceName: 'order-requests' });
const forms = createFormRegistry(config.formSchemasDir);
const verifyImages = createImageVerifier({
  bucket: createUploadsBucket(createS3Client(config), config.uploadsBucket),
  publicUrl: config.uploadsPublicUrl,
});
const submitOrder = createOrderSubmitter({
  store: createSubmissionsStore(createDocumentClient(createDynamoDbClient(config)), config.submissionsTable),
  deliveries: ['sheet'],
});

export async function handler(event: APIGatewayProxyEventV2): Promise<HttpResponse> {
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
  let imageErrors;
  try {
    imageErrors = await verifyImages(form, data, language);
  } catch (error) {
    logger.error('The photos could not be checked', { error });
    return errorResponse(503, 'storeUnavailable', language);
  }
  if (imageErrors.length > 0) {
    return localizedErrorResponse(400, 'imageRejected', uploadText.imageRejected, language, { fields: imageErrors });
  }

  try {
    const order = await submitOrder(form, { formId: form.id, submissionId: submission.submissionId.toLowerCase(), language, data });
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

function submissionFailure(error: unknown, language: Language): HttpResponse {
  if (error instanceof SubmissionIdReusedError) return errorResponse(409, 'submissionIdReused', language);
  // Nothing was stored, so nothing will reach the sheet: the visitor keeps the form and may send it again.
  logger.error('The submission could not be stored', { error });
  return errorResponse(503, 'storeUnavailable', language);
}
