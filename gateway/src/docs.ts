// /api/docs: one page over every service's OpenAPI document, the merged document
// at /api/docs/openapi.json, and each service's own at /api/docs/<service>.json. Rendered on the server (the CSP allows no
// inline script), fetched fresh from each service with a short timeout.
import type { RequestHandler } from 'express';
import { AppError } from '@tripcost/shared';
import type { Upstream } from './routing';

export interface OpenApiDoc {
  paths?: Record<string, Record<string, { summary?: string; security?: unknown[] }>>;
}

const FETCH_TIMEOUT_MS = 1500;

async function fetchDocs(upstreams: Upstream[]) {
  return Promise.all(
    upstreams.map(async (upstream) => {
      try {
        const res = await fetch(`${upstream.target}/openapi.json`, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        return { upstream, doc: (await res.json()) as OpenApiDoc };
      } catch (error) {
        return { upstream, error: (error as Error).message };
      }
    }),
  );
}

/** One document over the services' documents (paths never overlap: each service owns its prefix). */
export function mergeOpenApiDocuments(docs: OpenApiDoc[], unavailable: string[] = []): object {
  const paths: Record<string, unknown> = {};
  for (const doc of docs) Object.assign(paths, doc.paths ?? {});
  return {
    openapi: '3.0.3',
    info: { title: 'TripCost API', version: '1.0.0' },
    paths,
    components: {
      securitySchemes: { accessToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
    },
    'x-unavailable-services': unavailable,
  };
}

export function mergedOpenApi(upstreams: Upstream[]): RequestHandler {
  return async (_req, res, next) => {
    try {
      const docs = await fetchDocs(upstreams);
      res.json(
        mergeOpenApiDocuments(
          docs.flatMap((entry) => (entry.doc ? [entry.doc] : [])),
          docs.filter((entry) => entry.error).map((entry) => entry.upstream.name),
        ),
      );
    } catch (error) {
      next(error);
    }
  };
}

/** GET /api/docs/:file with file `<service>.json`: that service's document, as it serves it. */
export function serviceOpenApi(upstreams: Upstream[]): RequestHandler {
  return async (req, res, next) => {
    const name = /^([a-z]+)\.json$/.exec(String(req.params.file ?? ''))?.[1];
    const upstream = upstreams.find((candidate) => candidate.name === name);
    if (!upstream) {
      const known = upstreams.map((candidate) => `/api/docs/${candidate.name}.json`).join(', ');
      return next(new AppError(404, `No API document here. Service documents: ${known}.`, 'route_not_found'));
    }
    const [entry] = await fetchDocs([upstream]);
    if (!entry.doc) {
      return next(new AppError(503, `The ${upstream.name} API document is unavailable right now.`, 'unavailable'));
    }
    res.json(entry.doc);
  };
}

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

export function docsPage(upstreams: Upstream[]): RequestHandler {
  return async (_req, res, next) => {
    try {
      const sections = (await fetchDocs(upstreams)).map(({ upstream, doc, error }) => {
        if (!doc) return `<h2>${upstream.name}</h2><p class="down">Unavailable: ${escape(error ?? 'unknown')}</p>`;
        const rows = Object.entries(doc.paths ?? {}).flatMap(([path, operations]) =>
          Object.entries(operations).map(
            ([method, operation]) =>
              `<tr><td class="m">${method.toUpperCase()}</td><td><code>${escape(path)}</code></td><td>${escape(
                operation.summary ?? '',
              )}</td><td>${operation.security?.length ? 'token' : 'public'}</td></tr>`,
          ),
        );
        return `<h2>${upstream.name}</h2><div class="scroll"><table><thead><tr><th>Method</th><th>Path</th><th>What it does</th><th>Auth</th></tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
      });
      res.type('html').send(`<!doctype html><html lang="en"><head><meta charset="utf-8"><title>TripCost API</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:960px;padding:0 1rem;color:#1f2937}
table{border-collapse:collapse;width:100%;margin-bottom:1.5rem}.scroll{overflow-x:auto}td,th{border-bottom:1px solid #e5e7eb;padding:.35rem .5rem;text-align:left}
.m{font-weight:600;color:#0f766e}.down{color:#b91c1c}</style></head><body>
<h1>TripCost API</h1><p>Every route behind the gateway, from each service's own OpenAPI document
(<a href="/api/docs/openapi.json">merged OpenAPI JSON</a>; each service's own at
${upstreams.map((upstream) => `<a href="/api/docs/${upstream.name}.json">/api/docs/${upstream.name}.json</a>`).join(', ')}). Send the access token as <code>Authorization: Bearer &lt;token&gt;</code>.</p>
${sections.join('\n')}</body></html>`);
    } catch (error) {
      next(error);
    }
  };
}
