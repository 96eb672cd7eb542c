// The refresh-token cookie (docs/architecture.md §2): httpOnly, SameSite=Strict, scoped to
// /api/user, Secure in production. Parsed by hand: one cookie, no dependency.
import type { Request, Response } from 'express';
import type { IssuedRefreshToken } from '../domain/refresh-sessions';

export const REFRESH_COOKIE = 'refreshtoken';
const COOKIE_PATH = '/api/user';

export interface CookiePolicy {
  secure: boolean;
}

export function readRefreshToken(req: Request): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0 || pair.slice(0, separator).trim() !== REFRESH_COOKIE) continue;
    const value = pair.slice(separator + 1).trim();
    return value.length > 0 ? value : undefined;
  }
  return undefined;
}

export function setRefreshCookie(res: Response, issued: IssuedRefreshToken, policy: CookiePolicy): void {
  res.cookie(REFRESH_COOKIE, issued.token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: policy.secure,
    path: COOKIE_PATH,
    // The cookie lives exactly as long as the session family behind it.
    maxAge: Math.max(0, issued.expiresAt - Date.now()),
  });
}

export function clearRefreshCookie(res: Response, policy: CookiePolicy): void {
  res.clearCookie(REFRESH_COOKIE, { httpOnly: true, sameSite: 'strict', secure: policy.secure, path: COOKIE_PATH });
}
