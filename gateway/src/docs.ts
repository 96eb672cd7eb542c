// /api/docs: one page over every service's OpenAPI document, the merged document
// at /api/docs/openapi.json, and each service's own at /api/docs/<service>.json. Rendered on the server (the CSP allows no
// inline script), fetched fresh from each service with a short timeout.
import { isDeepStrictEqual } from 'node:util';
import type { RequestHandler } from 'express';
import { AppError, mapRefs } from '@tripcost/shared';
import type { Upstream } from './routing';

export interface OpenApiDoc {
  paths?: Record<string, Record<string, { summary?: string; security?: unknown[] }>>;
  components?: { schemas?: Record<string, unknown> };
}

/** A service's document, under the service's name (which prefixes a component that collides). */
export interface ServiceDoc {
  name: string;
  doc: OpenApiDoc;
}

const FETCH_TIMEOUT_MS = 1500;
const COMPONENTS = '#/components/schemas/';

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

/**
 * One document over the services' documents. Paths never overlap (each service owns its
 * prefix); components may: a component identical in two services (the `Error` answer,
 * `Message`) is kept once, and one that differs from an earlier service's component of
 * the same name is renamed `<service>.<Name>` in that service's paths and components.
 */
export function mergeOpenApiDocuments(services: ServiceDoc[], unavailable: string[] = []): object {
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = {};
  for (const { name, doc } of services) {
    const own = doc.components?.schemas ?? {};
    const renamed = new Map<string, string>();
    const withRenames = (value: unknown) =>
      mapRefs(value, (ref) => {
        const id = ref.startsWith(COMPONENTS) ? ref.slice(COMPONENTS.length) : undefined;
        return id !== undefined && renamed.has(id) ? COMPONENTS + renamed.get(id) : ref;
      });
    // Renaming one component changes the components that refer to it, which may then
    // differ from their namesakes too: rename until nothing more collides.
    for (let changed = true; changed;) {
      changed = false;
      for (const [id, schema] of Object.entries(own)) {
        if (renamed.has(id) || !(id in schemas) || isDeepStrictEqual(schemas[id], withRenames(schema))) continue;
        renamed.set(id, `${name}.${id}`);
        changed = true;
      }
    }
    for (const [id, schema] of Object.entries(own)) schemas[renamed.get(id) ?? id] = withRenames(schema);
    Object.assign(paths, withRenames(doc.paths ?? {}));
  }
  return {
    openapi: '3.0.3',
    info: { title: 'TripCost API', version: '1.0.0' },
    paths,
    components: {
      schemas,
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
          docs.flatMap((entry) => (entry.doc ? [{ name: entry.upstream.name, doc: entry.doc }] : [])),
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
