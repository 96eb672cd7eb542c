// The protective headers of every API answer, computed once: those that apply to a
// JSON answer (docs/adr/0045-api-security-headers.md). Helmet's other headers govern
// documents (opener policy, origin-keyed agent clusters, DNS prefetching) or clients
// long gone (IE8 downloads, Flash cross-domain policies, the XSS auditor), and every
// header written costs each answer's head its validation and bytes. Pages (the
// gateway's web app and docs) use helmet's full set.
import type { ServerResponse } from 'node:http';

export type HeaderList = ReadonlyArray<readonly [string, string]>;

export function apiSecurityHeaders({ hsts }: { hsts: boolean }): HeaderList {
  const headers: Array<[string, string]> = [
    // Rendered as a document by mistake, a JSON answer loads nothing and is framed nowhere.
    ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    // Never read as script or HTML, whatever a browser guesses.
    ['x-content-type-options', 'nosniff'],
    // Never embedded by another site's no-cors request (an <img> or <script> of our API).
    ['cross-origin-resource-policy', 'same-origin'],
    // Framing, for browsers older than CSP's frame-ancestors.
    ['x-frame-options', 'DENY'],
    ['referrer-policy', 'no-referrer'],
  ];
  if (hsts) headers.push(['strict-transport-security', 'max-age=31536000; includeSubDomains']);
  return headers;
}

export function setHeaders(res: ServerResponse, headers: HeaderList): void {
  for (const [name, value] of headers) res.setHeader(name, value);
}
