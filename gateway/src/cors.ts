// CORS with an allow-list and credentials. Listed origins get the CORS headers;
// any other origin gets none, so the browser refuses the response.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { addAnswerHeader, requestHead, writeAnswerHead } from './header-list';

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
      const { origin } = requestHead(req);
      const listed = origin !== undefined && allowed.has(origin);
      if (origin) addAnswerHeader(res, 'vary', 'Origin');
      if (listed) {
        addAnswerHeader(res, 'access-control-allow-origin', origin);
        addAnswerHeader(res, 'access-control-allow-credentials', 'true');
        addAnswerHeader(res, 'access-control-expose-headers', 'x-request-id, etag');
      }
      // Rare: the request's header object is built only here.
      const preflight = req.method === 'OPTIONS' && req.headers['access-control-request-method'] !== undefined;
      if (!preflight) return false;
      const answer: string[] = [];
      if (listed) {
        answer.push('access-control-allow-methods', ALLOWED_METHODS);
        const requested = req.headers['access-control-request-headers'];
        if (requested) answer.push('access-control-allow-headers', requested);
        answer.push('access-control-max-age', PREFLIGHT_MAX_AGE);
      }
      answer.push('content-length', '0');
      writeAnswerHead(res, 204, answer);
      res.end();
      return true;
    },
  };
}
