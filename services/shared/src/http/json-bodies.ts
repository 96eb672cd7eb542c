// Request bodies are JSON. A body of another type (text/plain, a form, none named)
// used to be skipped by the JSON parser and read as `{}`: a `text/plain` PUT answered
// 200 as if saved. Now it is refused with 415 before any route runs, in every service;
// an empty body of any type still counts as `{}` (docs/adr/0054-writes-that-change-nothing.md).
import { finished } from 'node:stream';
import type { RequestHandler } from 'express';
import { AppError } from '../errors';

export const JSON_BODIES_ONLY = 'Send the request body as JSON, with Content-Type: application/json.';

/**
 * 415 `{msg}` for a non-empty request body whose Content-Type is not
 * `application/json` (the type the JSON parser reads). The body is read off first, as
 * the JSON parser does with a body it refuses, so the connection stays usable (a
 * proxy's pooled one included); a chunked body turns out empty only once read.
 * `routesRead`: body types the service's routes read themselves (`ServiceAppOptions.routesRead`).
 */
export function jsonBodiesOnly(routesRead: string[] = []): RequestHandler {
  return (req, _res, next) => {
    const length = req.headers['content-length'];
    const chunked = req.headers['transfer-encoding'] !== undefined;
    if ((!chunked && (length === undefined || Number(length) === 0)) || req.is('application/json')) return next();
    // A type the service's own routes read (imports: multipart uploads), after their token check.
    if (routesRead.length > 0 && req.is(routesRead)) return next();
    let bytes = 0;
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
    });
    finished(req, (error) => {
      if (error) return next(Object.assign(error, { type: 'request.aborted' }));
      if (bytes > 0) return next(new AppError(415, JSON_BODIES_ONLY, 'unsupported_media_type'));
      next();
    });
    req.resume();
  };
}
