// The checks of the lean API path (api.ts) between routing and the proxy, in order,
// each in memory when it can be: the per-IP and photo limits, the upstream's identity,
// the failed-login guard, the token check (signature, then the revoked-users list),
// the failed-password guard of account deletion. A request that needs nothing awaited
// (most) is proxied without a promise; one that does continues in an async step.
import type { ServerResponse } from 'node:http';
import proxyAddr from 'proxy-addr';
import { AppError, type RateLimiter } from '@tripcost/shared';
import { fail, refusedByLimit } from './api-refusals';
import type { EdgeAuth, EdgeAuthOutcome } from './edge-auth';
import { requestHead } from './header-list';
import { DELETE_ACCOUNT_REFUSAL, type PasswordGuard } from './password-guard';
import type { ProxiedRequest } from './proxy';
import type { Upstream } from './routing';
import type { UpstreamIdentity } from './upstream-identity';

export interface Admission {
  limiters: { perIp: RateLimiter; photos: RateLimiter };
  identity: Pick<UpstreamIdentity, 'admits'>;
  edgeAuth: EdgeAuth;
  guard: PasswordGuard;
  /** Which proxy hops may set the client IP (proxy-addr's compiled TRUST_PROXY). */
  trust: ReturnType<typeof proxyAddr.compile>;
  /** Sends the request on to its upstream. */
  proxy(upstream: Upstream, req: ProxiedRequest, res: ServerResponse): void;
}

/** The function that checks a routed API request and proxies it, or answers the refusal. */
export function admission({ limiters, identity, edgeAuth, guard, trust, proxy }: Admission) {
  function handle(req: ProxiedRequest, res: ServerResponse, path: string, upstream: Upstream): Promise<void> | void {
    // Without X-Forwarded-For, proxy-addr's answer is the socket's address.
    const ip = requestHead(req).forwardedFor === undefined ? (req.socket.remoteAddress ?? '') : proxyAddr(req, trust);
    if (limiters.perIp.hitNow(ip) > limiters.perIp.limit) {
      const msg = 'Too many requests. Please slow down and try again in a minute.';
      return refusedByLimit(res, limiters.perIp, 'per-ip', ip, msg);
    }
    if (path === '/api/places-pics' && req.method === 'GET' && limiters.photos.hitNow(ip) > limiters.photos.limit) {
      return refusedByLimit(
        res,
        limiters.photos,
        'photos',
        ip,
        'Too many photo requests. Please try again in a minute.',
      );
    }
    // Nothing of the request goes to a process that is not this product's service.
    const admitted = identity.admits(upstream.name);
    if (admitted !== true) return admitLater(admitted, req, res, path, upstream, ip);
    return checkCaller(req, res, path, upstream, ip);
  }

  async function admitLater(
    admitted: boolean | Promise<boolean>,
    req: ProxiedRequest,
    res: ServerResponse,
    path: string,
    upstream: Upstream,
    ip: string,
  ): Promise<void> {
    if (admitted === false || !(await admitted)) {
      return fail(
        res,
        new AppError(
          503,
          `The ${upstream.name} service is unavailable. Please try again shortly.`,
          'upstream_unverified',
        ),
      );
    }
    return checkCaller(req, res, path, upstream, ip);
  }

  function checkCaller(
    req: ProxiedRequest,
    res: ServerResponse,
    path: string,
    upstream: Upstream,
    ip: string,
  ): Promise<void> | void {
    if (path === '/api/user/login' && req.method === 'POST') return loginThenProxy(req, res, path, upstream, ip);
    const method = req.method ?? 'GET';
    const { authorization } = requestHead(req);
    const auth = edgeAuth.now(method, path, authorization);
    if (auth === undefined) {
      return edgeAuth(method, path, authorization).then((later) => proxyIfAllowed(req, res, path, upstream, ip, later));
    }
    return proxyIfAllowed(req, res, path, upstream, ip, auth);
  }

  async function loginThenProxy(
    req: ProxiedRequest,
    res: ServerResponse,
    path: string,
    upstream: Upstream,
    ip: string,
  ) {
    if (await guard.checkLogin(req, res, ip)) return;
    const auth = await edgeAuth('POST', path, requestHead(req).authorization);
    return proxyIfAllowed(req, res, path, upstream, ip, auth);
  }

  function proxyIfAllowed(
    req: ProxiedRequest,
    res: ServerResponse,
    path: string,
    upstream: Upstream,
    ip: string,
    auth: EdgeAuthOutcome,
  ): Promise<void> | void {
    if ('refused' in auth) return fail(res, auth.refused);
    if (path === '/api/user/me' && req.method === 'DELETE') {
      const userId = auth.user?.id ?? '';
      return guard.guardFailures(res, `delete-account:${ip}|${userId}`, DELETE_ACCOUNT_REFUSAL).then((refused) => {
        if (!refused) proxy(upstream, req, res);
      });
    }
    proxy(upstream, req, res);
  }

  return handle;
}
