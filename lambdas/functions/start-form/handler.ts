import type { StartResponse } from '../../../shared/api';
import { Logger } from '@aws-lambda-powertools/logger';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import { formExists } from '../../../shared/forms/schema-files';
import { createStartTokens, startKeysOf } from '../../forms/start-tokens';
import { createDocumentClient, createDynamoDbClient } from '../../lib/aws-clients';
import { clientAddress } from '../../lib/client-address';
import { loadConfig } from '../../lib/config';
import { errorResponse, json, requestLanguage, type HttpResponse } from '../../lib/http';
import { publicRateLimiter, tooManyRequests } from '../../lib/rate-limit';

/**
 * GET /api/forms/{formId}/start: the form's start token, which the browser
 * fetches in the background when the form opens and sends with the
 * submission. The minimum fill time is measured from it, and the order that
 * carries it counts against it rather than against its address
 * (docs/decisions/0011-honest-input-and-no-spam.md). A client past its
 * generous per-address limit gets 429; its forms then go without a token.
 */

const config = loadConfig();
const logger = new Logger({ serviceName: 'order-requests' });
const startTokens = createStartTokens(startKeysOf(config));
const exists = formExists(config.formSchemasDir);
const rateLimiter = publicRateLimiter(createDocumentClient(createDynamoDbClient(config)), config, logger);

export async function handler(event: APIGatewayProxyEventV2, context?: Context): Promise<HttpResponse> {
  if (context) logger.addContext(context);
  const language = requestLanguage(event);
  const formId = event.pathParameters?.formId ?? '';
  if (!(await exists(formId))) return errorResponse(404, 'formNotFound', language);
  const limit = await rateLimiter.take('startTokens', await clientAddress(event, config.originSecret));
  if (!limit.allowed) return tooManyRequests(limit.retryAfterSeconds, language);
  const answer: StartResponse = { startToken: await startTokens.issue(formId) };
  return json(200, answer);
}
