// The one error middleware: user mistakes become `{msg}` with their status, anything
// unexpected becomes `500 {msg: "Something went wrong"}` with the stack only in the log.
import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { AppError, errorBody } from '../errors';
import type { Logger } from '../logger';
import { zodToAppError } from '../validation';

interface BodyParserError extends Error {
  type?: string;
  status?: number;
}

export function toAppError(error: unknown): AppError | undefined {
  if (error instanceof AppError) return error;
  if (error instanceof ZodError) return zodToAppError(error);
  const parserError = error as BodyParserError;
  switch (parserError?.type) {
    case 'entity.parse.failed':
      return new AppError(400, 'The request body is not valid JSON.', 'malformed_json');
    case 'entity.too.large':
      return new AppError(413, 'The request body is too large.', 'body_too_large');
    case 'encoding.unsupported':
    case 'charset.unsupported':
      return new AppError(415, 'Unsupported request body encoding.', 'unsupported_encoding');
    case 'request.aborted':
      return new AppError(400, 'The request was aborted.', 'request_aborted');
  }
  // A path parameter that is not valid percent-encoding (e.g. `/profile/%`).
  if (error instanceof URIError) return new AppError(400, 'The request path is not valid.', 'malformed_path');
  // Client errors raised by Express itself or its static file server (http-errors
  // with `expose`), e.g. a missing asset: keep their status, say it plainly.
  const status = parserError?.status;
  if (typeof status === 'number' && status >= 400 && status < 500 && (error as { expose?: boolean }).expose) {
    return new AppError(status, status === 404 ? 'Not found.' : 'The request could not be served.', 'client_error');
  }
  return undefined;
}

export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const known = toAppError(error);
    if (res.headersSent) {
      req.socket.destroy();
      return;
    }
    if (known) {
      // A deliberate 5xx (a provider not configured, a dependency down) is a known
      // condition, warned about where it is detected; the access log must not cry ERROR.
      if (known.status >= 500) res.locals.knownCondition = known.code ?? 'unavailable';
      res.status(known.status).json(errorBody(known));
      return;
    }
    logger.error({ err: error, method: req.method, url: req.originalUrl }, 'unhandled error');
    res.status(500).json({ msg: 'Something went wrong' });
  };
}

export const notFoundHandler: RequestHandler = (req, res) => {
  res.status(404).json({ msg: `No route for ${req.method} ${req.path}`, code: 'route_not_found' });
};
