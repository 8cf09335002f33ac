import type { APIGatewayRequestSimpleAuthorizerHandlerV2 } from 'aws-lambda';
import { isFromCloudFront } from '../../lib/client-address';

/**
 * API Gateway's authorizer of the public routes in AWS: a request passes only
 * with the origin secret CloudFront adds (`x-origin-verify`, ORIGIN_SECRET),
 * so the API cannot be called around CloudFront, its WAF and its headers.
 * It reads its secret alone, not the whole configuration: it runs before
 * every public request whose answer is not cached yet.
 */
const originSecret = process.env.ORIGIN_SECRET?.trim() ?? '';

export const handler: APIGatewayRequestSimpleAuthorizerHandlerV2 = async (event) => ({
  isAuthorized: originSecret !== '' && isFromCloudFront(event.headers ?? {}, originSecret),
});
