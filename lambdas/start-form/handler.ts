import type { StartResponse } from '../../shared/api';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { formExists } from '../../shared/forms/schema-files';
import { createStartTokens } from '../forms/start-tokens';
import { loadConfig } from '../lib/config';
import { errorResponse, json, requestLanguage, type HttpResponse } from '../lib/http';

/**
 * GET /api/forms/{formId}/start: the form's start token, which the browser
 * fetches in the background when the form opens and sends with the
 * submission. The minimum fill time is measured from it
 * (docs/decisions/0011-honest-input-and-no-spam.md).
 */

const config = loadConfig();
const startTokens = createStartTokens(config.formStartKey);
const exists = formExists(config.formSchemasDir);

export async function handler(event: APIGatewayProxyEventV2): Promise<HttpResponse> {
  const formId = event.pathParameters?.formId ?? '';
  if (!(await exists(formId))) return errorResponse(404, 'formNotFound', requestLanguage(event));
  const answer: StartResponse = { startToken: startTokens.issue(formId) };
  return json(200, answer);
}
