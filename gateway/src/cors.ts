// CORS with an allow-list and credentials. Listed origins get the CORS headers;
// any other origin gets none, so the browser refuses the response.
import type { IncomingMessage, ServerResponse } from 'node:http';

const ALLOWED_METHODS = 'GET,HEAD,PUT,PATCH,POST,DELETE';
const PREFLIGHT_MAX_AGE = '600';

export interface Cors {
  /** Sets the headers; returns true when the request was a preflight and is answered. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
}

export function createCors(allowedOrigins: string[]): Cors {
  const allowed = new Set(allowedOrigins);
  return {
    handle(req, res) {
      const origin = req.headers.origin;
      const listed = typeof origin === 'string' && allowed.has(origin);
      if (origin) res.setHeader('vary', 'Origin');
      if (listed) {
        res.setHeader('access-control-allow-origin', origin);
        res.setHeader('access-control-allow-credentials', 'true');
        res.setHeader('access-control-expose-headers', 'x-request-id, etag');
      }
      const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
      if (!preflight) return false;
      if (listed) {
        res.setHeader('access-control-allow-methods', ALLOWED_METHODS);
        const requested = req.headers['access-control-request-headers'];
        if (requested) res.setHeader('access-control-allow-headers', requested);
        res.setHeader('access-control-max-age', PREFLIGHT_MAX_AGE);
      }
      res.statusCode = 204;
      res.setHeader('content-length', '0');
      res.end();
      return true;
    },
  };
}
