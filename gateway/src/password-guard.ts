// Password guessing at the gateway, wherever a password is checked (login, account
// deletion): after LOGIN_FAILURES_PER_15_MIN refused attempts on one key the next one
// is 429 until the window ends; successful attempts are not counted. Failures are
// counted in Redis directly (they are rare), not in process like the per-IP limits.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { AppError, rateLimitHeaders, type RateLimiter } from '@tripcost/shared';
import { fail } from './api-refusals';
import type { ProxiedRequest } from './proxy';

export const LOGIN_WINDOW_MS = 15 * 60_000;
const LOGIN_BODY_LIMIT = 10 * 1024;
const LOGIN_REFUSAL = 'Too many failed login attempts. Please wait 15 minutes and try again.';
export const DELETE_ACCOUNT_REFUSAL = 'Too many wrong passwords. Please wait 15 minutes and try again.';

export interface PasswordGuard {
  /** Reads the login body (kept for the proxy) and refuses when its IP + email failed too often; true when refused. */
  checkLogin(req: ProxiedRequest, res: ServerResponse, ip: string): Promise<boolean>;
  /** Refuses when `key` failed too often, else counts this attempt if it fails; true when refused. */
  guardFailures(res: ServerResponse, key: string, refusal: string): Promise<boolean>;
}

/** `passwordFailures` counts refused attempts over LOGIN_WINDOW_MS; `limit` is LOGIN_FAILURES_PER_15_MIN. */
export function passwordGuard(passwordFailures: RateLimiter, limit: number): PasswordGuard {
  /** By key, the attempts in flight (answered or counted not yet) and those waiting for one to end. */
  const attempts = new Map<string, { count: number; waiting: (() => void)[] }>();

  /**
   * Failed logins per IP + email: after LOGIN_FAILURES_PER_15_MIN failures the next
   * attempt is 429 until the window ends; successful logins are not counted. The
   * gateway never parses bodies, but it must know the email here, so this one small
   * body is read (≤ 10 kB), keyed on, and replayed to the auth service unchanged.
   */
  async function checkLogin(req: ProxiedRequest, res: ServerResponse, ip: string): Promise<boolean> {
    const body = await readSmallBody(req);
    if (body === GONE) return true; // the client left mid-body: nothing to answer
    if (!body) {
      fail(res, new AppError(413, 'The request body is too large.', 'body_too_large'));
      return true;
    }
    req.rawBody = body;
    return guardFailures(res, `login:${ip}|${emailOf(body)}`, LOGIN_REFUSAL);
  }

  /**
   * Password guessing, wherever a password is checked (login, account deletion):
   * after LOGIN_FAILURES_PER_15_MIN refused attempts on `key` the next one is 429
   * until the window ends; successful attempts are not counted.
   */
  async function guardFailures(res: ServerResponse, key: string, refusal: string): Promise<boolean> {
    // Attempts in flight on a key count against its limit until their answer has gone
    // out and, if they failed, been counted in Redis: so parallel guesses get no more
    // tries than guesses sent in turn, and the attempt after the limit is refused even
    // when it arrives before the last failure was counted. Below the limit nothing waits.
    for (;;) {
      const failures = await passwordFailures.peek(key);
      if (failures.count >= limit) {
        const headers = rateLimitHeaders('login-failures', limit, LOGIN_WINDOW_MS, failures);
        fail(res, new AppError(429, refusal, 'rate_limited'), headers);
        return true;
      }
      if (res.destroyed) return true; // the client left while it waited: nothing to answer
      const flight = attempts.get(key) ?? { count: 0, waiting: [] };
      if (failures.count + flight.count < limit) {
        flight.count++;
        attempts.set(key, flight);
        break;
      }
      await new Promise<void>((wake) => flight.waiting.push(wake));
    }
    const settle = () => {
      const flight = attempts.get(key)!;
      flight.count--;
      if (flight.count === 0 && flight.waiting.length === 0) attempts.delete(key);
      for (const wake of flight.waiting.splice(0)) wake();
    };
    // 'close' follows 'finish', or comes alone when the client left before the answer.
    res.once('close', () => {
      const failed = res.writableFinished && res.statusCode >= 400 && res.statusCode !== 429 && res.statusCode < 500;
      if (!failed) return settle();
      passwordFailures.consume(key).then(settle, settle);
    });
    return false;
  }

  return { checkLogin, guardFailures };
}

/** What readSmallBody gives when the client left before the body ended. */
const GONE = Symbol('client gone');

function readSmallBody(req: IncomingMessage): Promise<Buffer | undefined | typeof GONE> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > LOGIN_BODY_LIMIT) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve(tooLarge ? undefined : Buffer.concat(chunks)));
    // A client that leaves mid-body sends no 'end': without this the request (and a
    // graceful shutdown waiting for it) waited for good.
    req.on('close', () => {
      if (!req.complete) resolve(GONE);
    });
    req.on('error', reject);
  });
}

function emailOf(body: Buffer): string {
  try {
    const parsed = JSON.parse(body.toString('utf8'));
    return typeof parsed?.email === 'string' ? parsed.email.trim().toLowerCase().slice(0, 320) : '';
  } catch {
    return '';
  }
}
