/**
 * A picture's address on the site, whatever host it was stored with: its
 * path (`/media/<id>.png`, `/photos/<order>/…`). Uploads are served from the
 * site's own origin, and the site and its admin are opened at whichever of
 * their names was typed (`localhost` or `127.0.0.1` locally, the CloudFront
 * name or the dealer's domain in AWS): an absolute address would tie the
 * picture to one of them, and the page's Content-Security-Policy
 * (`img-src 'self'`) refuses it on the others. Anything that is not an
 * http(s) address is answered as it is.
 */
export function sitePath(address: string): string {
  if (address.startsWith('/') && !address.startsWith('//')) return address;
  try {
    const url = new URL(address);
    return url.protocol === 'http:' || url.protocol === 'https:' ? `${url.pathname}${url.search}` : address;
  } catch {
    return address;
  }
}
