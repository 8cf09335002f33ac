import { createHash } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { inlineScriptHashes, pageContentSecurityPolicy, securityHeaders } from '../../infra/security-headers';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inline script hashes', () => {
  test('hashes each script a browser runs, exactly as written between the tags', () => {
    const html = '<script>a()</script><script type="module">\nawait b()\n</script><script id="_R_" type=text/javascript>c()</script>';
    expect(inlineScriptHashes(html)).toEqual([sha256('a()'), sha256('\nawait b()\n'), sha256('c()')]);
  });

  test('leaves out scripts loaded from a file and data blocks, which the policy does not govern', () => {
    const html =
      '<script type="module" crossorigin src="/assets/app.js"></script><script type="application/json" id="page-scripts">["/a.js"]</script>' +
      '<script type="application/ld+json">{}</script>';
    expect(inlineScriptHashes(html)).toEqual([]);
  });
});

describe('headers', () => {
  test('HSTS for two years with subdomains and preload; no framing; the hashes and sources in the pages’ policy', () => {
    const policy = pageContentSecurityPolicy({ scriptHashes: [sha256('a()')], connectSources: ['https://b.s3.eu-west-3.amazonaws.com'] });
    expect(policy).toContain(`script-src 'self' ${sha256('a()')};`);
    expect(policy).toContain("connect-src 'self' https://b.s3.eu-west-3.amazonaws.com;");
    expect(policy).toContain('frame-src https://www.openstreetmap.org;');
    const headers = securityHeaders(policy);
    expect(headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains; preload');
    expect(headers['x-frame-options']).toBe('DENY');
  });
});
