// Security headers. Pages get helmet's full set with a strict CSP (set by Express);
// API answers get the same protective headers precomputed once, because setting a
// fixed list is all helmet would do per request, at a fraction of the cost.
import type { ServerResponse } from 'node:http';

export function apiSecurityHeaders(production: boolean): Array<[string, string]> {
  const headers: Array<[string, string]> = [
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    ['cross-origin-opener-policy', 'same-origin'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['origin-agent-cluster', '?1'],
    ['referrer-policy', 'no-referrer'],
    ['x-content-type-options', 'nosniff'],
    ['x-dns-prefetch-control', 'off'],
    ['x-download-options', 'noopen'],
    ['x-frame-options', 'SAMEORIGIN'],
    ['x-permitted-cross-domain-policies', 'none'],
    ['x-xss-protection', '0'],
  ];
  if (production) headers.push(['strict-transport-security', 'max-age=31536000; includeSubDomains']);
  return headers;
}

export function setHeaders(res: ServerResponse, headers: Array<[string, string]>): void {
  for (const [name, value] of headers) res.setHeader(name, value);
}
