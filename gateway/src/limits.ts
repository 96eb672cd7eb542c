// Rate limits kept in Redis so every gateway replica shares them: a global per-IP
// limit, a per-IP limit on the public photo route, and the login limit (failed
// attempts per IP and email). If Redis is unreachable the limits fail open: an
// outage of the limiter must not become an outage of the product.
import type { RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit, type Options } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import type { Redis } from '@tripcost/shared';
import type { GatewayConfig } from './config';

const LOGIN_BODY_LIMIT = 10 * 1024;

function store(redis: Redis, prefix: string) {
  return new RedisStore({
    prefix: `tripcost:rl:${prefix}:`,
    sendCommand: (command: string, ...args: string[]) => redis.call(command, ...args) as Promise<RedisReply>,
  });
}

const jsonLimitHandler =
  (msg: string): Options['handler'] =>
  (_req, res) => {
    res.status(429).json({ msg, code: 'rate_limited' });
  };

const common = { standardHeaders: 'draft-8', legacyHeaders: false, passOnStoreError: true } as const;

export function globalLimit(redis: Redis, config: GatewayConfig): RequestHandler {
  return rateLimit({
    ...common,
    windowMs: 60_000,
    limit: config.RATE_LIMIT_PER_MINUTE,
    store: store(redis, 'ip'),
    handler: jsonLimitHandler('Too many requests. Please slow down and try again in a minute.'),
  });
}

export function photoLimit(redis: Redis, config: GatewayConfig): RequestHandler {
  return rateLimit({
    ...common,
    windowMs: 60_000,
    limit: config.PHOTO_RATE_LIMIT_PER_MINUTE,
    store: store(redis, 'photo'),
    handler: jsonLimitHandler('Too many photo requests. Please try again in a minute.'),
  });
}

/**
 * Failed logins per IP + email: 10 failures in 15 minutes, then 429. Only failures
 * count (successful logins are not charged). The gateway never parses bodies, but
 * it must know the email here, so this one small body is read (≤ 10 kB), keyed on,
 * and then replayed to the auth service unchanged.
 */
export function loginLimit(redis: Redis, config: GatewayConfig): RequestHandler[] {
  const limiter = rateLimit({
    ...common,
    windowMs: 15 * 60_000,
    limit: config.LOGIN_FAILURES_PER_15_MIN,
    skipSuccessfulRequests: true,
    store: store(redis, 'login'),
    keyGenerator: (req) => `${ipKeyGenerator(req.ip ?? 'unknown')}|${emailOf((req as { rawBody?: Buffer }).rawBody)}`,
    handler: jsonLimitHandler('Too many failed login attempts. Please wait 15 minutes and try again.'),
  });
  return [readSmallBody, limiter];
}

const readSmallBody: RequestHandler = (req, res, next) => {
  const chunks: Buffer[] = [];
  let size = 0;
  let failed = false;
  req.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > LOGIN_BODY_LIMIT && !failed) {
      failed = true;
      res.status(413).json({ msg: 'The request body is too large.', code: 'body_too_large' });
      req.resume();
      return;
    }
    if (!failed) chunks.push(chunk);
  });
  req.on('end', () => {
    if (failed) return;
    (req as { rawBody?: Buffer }).rawBody = Buffer.concat(chunks);
    next();
  });
  req.on('error', next);
};

function emailOf(body: Buffer | undefined): string {
  if (!body?.length) return '';
  try {
    const parsed = JSON.parse(body.toString('utf8'));
    return typeof parsed?.email === 'string' ? parsed.email.trim().toLowerCase().slice(0, 320) : '';
  } catch {
    return '';
  }
}
