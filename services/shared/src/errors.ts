// The one error type for "the caller did something wrong". Anything else that is
// thrown is a bug and is answered with a generic 500 by the error middleware.
export class AppError extends Error {
  constructor(
    readonly status: number,
    msg: string,
    readonly code?: string,
    readonly details?: unknown[],
    /** What the refusal names beyond its sentence (a conflict's `fields`), in the body beside `msg`. */
    readonly named?: { fields: string[] },
  ) {
    super(msg);
    this.name = 'AppError';
  }
}

/** The JSON body every refusal is answered with, here and at the gateway: `{msg, code?, details?, fields?}`. */
export function errorBody(error: AppError): { msg: string; code?: string; details?: unknown[]; fields?: string[] } {
  const body: { msg: string; code?: string; details?: unknown[]; fields?: string[] } = { msg: error.message };
  if (error.code) body.code = error.code;
  if (error.details) body.details = error.details;
  if (error.named) body.fields = error.named.fields;
  return body;
}

export const badRequest = (msg: string, code = 'bad_request', details?: unknown[]) =>
  new AppError(400, msg, code, details);
/** Why a request is not authenticated; each reason has the sentence a client shows. */
export const UNAUTHORIZED_MESSAGES = {
  token_missing: 'Please log in to continue.',
  token_invalid: 'Your session has expired or is invalid. Please log in again.',
  /** The refresh session is gone (logged out, expired, revoked or reused). */
  session_ended: 'Your session has ended. Please log in again.',
  /** A valid token of a user whose tokens are revoked (e.g. a deleted account). */
  token_revoked: 'This account no longer exists. Please log in again.',
} as const;
export type UnauthorizedReason = keyof typeof UNAUTHORIZED_MESSAGES;

/** The one way to answer 401: no token, or a token that does not verify (any more). */
export const unauthorized = (
  reason: UnauthorizedReason = 'token_missing',
  msg: string = UNAUTHORIZED_MESSAGES[reason],
) => new AppError(401, msg, reason);
export const forbidden = (msg = 'You do not have access to this resource.') => new AppError(403, msg, 'forbidden');
export const notFound = (msg = 'Not found.') => new AppError(404, msg, 'not_found');
export const conflict = (msg: string, code = 'conflict') => new AppError(409, msg, code);
export const tooManyRequests = (msg = 'Too many requests. Please try again later.') =>
  new AppError(429, msg, 'rate_limited');
/** Refused because the service is stopping: retry (another replica, or this one restarted). */
export const shuttingDown = () => new AppError(503, 'The service is shutting down. Please retry.', 'shutting_down');
export const serviceUnavailable = (msg: string, code = 'unavailable') => new AppError(503, msg, code);
