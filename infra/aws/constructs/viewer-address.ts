import { viewerAddressHeader } from '../../../lambdas/lib/client-address';

/**
 * A CloudFront Function on the API's viewer requests: it writes the visitor's
 * address into `x-viewer-address`, replacing whatever the visitor sent, for
 * the rate limit (lambdas/lib/client-address.ts). The API trusts that header
 * only on requests that also carry CloudFront's origin secret.
 */
export function viewerAddressFunctionCode(): string {
  return `function handler(event) {
  var request = event.request;
  request.headers[${JSON.stringify(viewerAddressHeader)}] = { value: event.viewer.ip };
  return request;
}`;
}
