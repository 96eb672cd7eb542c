// Which paths are API-like, so the web app's HTML never answers them (a monitoring
// probe or an API client must get a clear JSON 404, not a 200 page), and which paths
// under a service's prefix name a service's internals, which the gateway never
// forwards: each service's /metrics, /healthz, /readyz and /openapi.json are for the
// cluster (and the docs endpoints below), not for the public listener.

/** Paths a client could mistake for an API, health or metrics endpoint. */
const API_LOOKING = /^\/(api|openapi|swagger|metrics|healthz|readyz|livez|health)/i;

export function isApiLooking(path: string): boolean {
  return API_LOOKING.test(path) || /\.(json|ya?ml)$/i.test(path);
}

/** The last segment names a service's own endpoint (e.g. /api/user/openapi.json). */
const SERVICE_INTERNALS = new Set(['openapi.json', 'metrics', 'healthz', 'readyz']);

export function isServiceInternal(path: string): boolean {
  const last = path.slice(path.lastIndexOf('/') + 1).toLowerCase();
  return SERVICE_INTERNALS.has(last);
}
