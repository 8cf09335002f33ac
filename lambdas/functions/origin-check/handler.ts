import type { APIGatewayRequestSimpleAuthorizerHandlerV2 } from 'aws-lambda';
import { isFromCloudFront } from '../../lib/client-address';
import { loadOriginCheckConfig } from '../../lib/config';

/**
 * API Gateway's authorizer of the public routes in AWS: a request passes only
 * with the origin secret CloudFront adds (`x-origin-verify`), so the API
 * cannot be called around CloudFront, its WAF and its headers. It reads its
 * secret alone, not the whole configuration: it runs before every public
 * request whose answer is not cached yet. During a rotation it accepts the
 * previous value too (lib/rotating-secret.ts).
 */
const { originSecret } = loadOriginCheckConfig();

export const handler: APIGatewayRequestSimpleAuthorizerHandlerV2 = async (event) => ({
  isAuthorized: originSecret !== undefined && (await isFromCloudFront(event.headers ?? {}, originSecret)),
});
