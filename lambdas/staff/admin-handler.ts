import type { Logger } from '@aws-lambda-powertools/logger';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';
import type { Language } from '../../shared/languages';
import { isFromCloudFront } from '../lib/client-address';
import { errorResponse, requestLanguage, type HttpResponse } from '../lib/http';
import type { SecretSource } from '../lib/rotating-secret';
import { authorizeCaller, type Caller } from './staff-auth';

/** One admin request, once the caller is known to be allowed. */
export interface AdminRequest {
  event: APIGatewayProxyEventV2;
  /** The staff member's language (Accept-Language). */
  language: Language;
  caller: Caller;
}

export type AdminAction = (request: AdminRequest) => Promise<HttpResponse>;

export interface AdminHandlerOptions {
  logger: Logger;
  /**
   * CloudFront's origin secret (ORIGIN_SECRET, or in AWS its secret, read at
   * run time), where the API sits behind it: a request without it came around
   * CloudFront and its WAF. API Gateway takes one authorizer per route, and the
   * staff routes' is the user pool's, so the check is here, before the
   * caller's groups.
   */
  originSecret: SecretSource | undefined;
}

/**
 * A handler for admin routes: checks that the request came through the site
 * and the caller's groups for the route, then runs the action of the route key
 * ("PATCH /api/admin/orders/{orderId}"). An unexpected failure is logged and
 * answered 500 in the staff's language.
 */
export function adminHandler({ logger, originSecret }: AdminHandlerOptions, actions: Record<string, AdminAction>) {
  return async (event: APIGatewayProxyEventV2, context?: Context): Promise<HttpResponse> => {
    // Each log line names the request and the function's instance.
    if (context) logger.addContext(context);
    const language = requestLanguage(event);
    try {
      if (originSecret !== undefined && !(await isFromCloudFront(event.headers, originSecret))) return errorResponse(403, 'forbidden', language);
    } catch (error) {
      logger.error('The origin secret could not be read', { error });
      return errorResponse(500, 'internalError', language);
    }
    const check = authorizeCaller(event, language);
    if (!check.ok) return check.response;
    const action = actions[event.routeKey];
    if (!action) return errorResponse(404, 'routeNotFound', language);
    try {
      return await action({ event, language, caller: check.caller });
    } catch (error) {
      logger.error('Admin request failed', { error, routeKey: event.routeKey });
      return errorResponse(500, 'internalError', language);
    }
  };
}
