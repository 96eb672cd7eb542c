// The protective headers of every API answer, computed once. They are what helmet
// sets for a JSON API, with the strictest CSP (an API answer never loads anything);
// setting a fixed list is all helmet would do per request, at a fraction of the cost.
// Pages (the gateway's web app and docs) use helmet's full set instead.
import type { ServerResponse } from 'node:http';

export type HeaderList = ReadonlyArray<readonly [string, string]>;

export function apiSecurityHeaders({ hsts }: { hsts: boolean }): HeaderList {
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
  if (hsts) headers.push(['strict-transport-security', 'max-age=31536000; includeSubDomains']);
  return headers;
}

export function setHeaders(res: ServerResponse, headers: HeaderList): void {
  for (const [name, value] of headers) res.setHeader(name, value);
}
