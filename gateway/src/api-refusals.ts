// How the lean API path (api.ts) refuses a request: the one JSON error body, and a 429
// with the RateLimit headers of the limit that refused it.
import type { ServerResponse } from 'node:http';
import { AppError, errorBody, rateLimitHeaders, type RateLimiter } from '@tripcost/shared';
import { sendJson } from './http-helpers';

export const fail = (res: ServerResponse, error: AppError, headers?: Record<string, string>) =>
  sendJson(res, error.status, errorBody(error), headers);

export function refusedByLimit(res: ServerResponse, limiter: RateLimiter, policy: string, key: string, msg: string) {
  const headers = rateLimitHeaders(policy, limiter.limit, limiter.windowMs, limiter.windowNow(key));
  fail(res, new AppError(429, msg, 'rate_limited'), headers);
}
