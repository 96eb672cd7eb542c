// Request ids and access logs: honour a sane incoming x-request-id, mint one
// otherwise, echo it back, and run the rest of the request inside its context.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import { requestContext } from '../context';
import type { Logger } from '../logger';

const SAFE_REQUEST_ID = /^[\w.:-]{1,128}$/;

/** The error code of a 503 for a feature this deployment has not configured. */
export const NOT_CONFIGURED = 'not_configured';

export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Set by the error middleware for a deliberate 5xx (see error-handler.ts). */
function knownCondition(res: ServerResponse): string | undefined {
  return (res as ServerResponse & { locals?: { knownCondition?: string } }).locals?.knownCondition;
}

export function requestLogging(logger: Logger): RequestHandler[] {
  const http = pinoHttp({
    logger,
    genReqId: (req: IncomingMessage, res: ServerResponse) => {
      const id = requestIdFor(req);
      res.setHeader('x-request-id', id);
      return id;
    },
    // A known condition's 5xx is an answer the service chose, not a failure: say so, without a made-up error.
    customErrorMessage: (_req, res) => (knownCondition(res) ? 'request answered' : 'request errored'),
    customErrorObject: (_req, res, _error, value) => {
      if (!knownCondition(res)) return value;
      const { err: _err, ...rest } = value as Record<string, unknown>;
      return { ...rest, condition: knownCondition(res) };
    },
    customLogLevel: (_req, res, error) => {
      const known = knownCondition(res);
      // "Not configured" is the configured state of this deployment, said once at start-up.
      if (known === NOT_CONFIGURED) return 'info';
      if (known) return 'warn';
      if (error || res.statusCode >= 500) return 'error';
      if (res.statusCode >= 400) return 'warn';
      return 'info';
    },
    autoLogging: { ignore: (req) => /^\/(healthz|readyz|metrics)$/.test(req.url ?? '') },
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
  });
  const withContext: RequestHandler = (req, _res, next) => {
    requestContext.run({ requestId: String(req.id) }, next);
  };
  return [http as unknown as RequestHandler, withContext];
}
