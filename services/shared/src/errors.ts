// The one error type for "the caller did something wrong". Anything else that is
// thrown is a bug and is answered with a generic 500 by the error middleware.
export class AppError extends Error {
  constructor(
    readonly status: number,
    msg: string,
    readonly code?: string,
    readonly details?: unknown[],
  ) {
    super(msg);
    this.name = 'AppError';
  }
}

export const badRequest = (msg: string, code = 'bad_request', details?: unknown[]) =>
  new AppError(400, msg, code, details);
export const unauthorized = (msg = 'Please log in to continue.') => new AppError(401, msg, 'unauthorized');
export const forbidden = (msg = 'You do not have access to this resource.') => new AppError(403, msg, 'forbidden');
export const notFound = (msg = 'Not found.') => new AppError(404, msg, 'not_found');
export const conflict = (msg: string, code = 'conflict') => new AppError(409, msg, code);
export const tooManyRequests = (msg = 'Too many requests. Please try again later.') =>
  new AppError(429, msg, 'rate_limited');
export const serviceUnavailable = (msg: string, code = 'unavailable') => new AppError(503, msg, code);
