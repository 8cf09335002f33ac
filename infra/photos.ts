import { imageExtensions } from '../lambdas/forms/upload-keys';

/**
 * How the site's origin serves the photos orders keep, under /photos/: in AWS
 * by CloudFront (infra/aws/constructs/site.ts), locally by
 * infra/local/photos-proxy.ts. Only as images, never as a page: a stored type
 * that is not an image is sent as a download, and every answer forbids type
 * sniffing and runs sandboxed, with nothing allowed to load.
 */

export const photoContentSecurityPolicy = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

/** Sent with every photo, whatever its type. */
export const photoSecurityHeaders = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': photoContentSecurityPolicy,
};

/** The types a photo is served as. */
export const servedImageTypes = Object.keys(imageExtensions);

/** What replaces a stored type that is not one of them. */
export const downloadHeaders = { 'content-type': 'application/octet-stream', 'content-disposition': 'attachment' };

/** Whether a stored Content-Type ("image/png", "image/png; x=y") is served as it is. */
export function isServedImageType(contentType: string | undefined): boolean {
  return servedImageTypes.includes((contentType ?? '').split(';')[0]!.trim().toLowerCase());
}
