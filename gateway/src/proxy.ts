// One streaming proxy per upstream: keep-alive sockets, a per-route timeout (504),
// and JSON errors when an upstream is down (503) or misbehaves (502). Bodies are
// never parsed here; they stream straight through.
import { Agent, type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { createProxyMiddleware } from 'http-proxy-middleware';
import { DRAINING_HEADER, type Logger } from '@tripcost/shared';
import type { Upstream } from './routing';

export interface ProxiedRequest extends IncomingMessage {
  /** Set by the login limiter, which had to read the (small) body to key on email. */
  rawBody?: Buffer;
  upstreamTimedOut?: boolean;
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN', 'ENETUNREACH']);

export type Proxy = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export interface ProxyHooks {
  /**
   * Offered a failed attempt (an error, or no error for a draining service's marked
   * 503) before it is answered; true means it will be sent again (upstream-retry.ts).
   */
  retry?(error: (Error & { code?: string }) | undefined, req: ProxiedRequest, res: ServerResponse): boolean;
}

export function proxyTo(upstream: Upstream, logger: Logger, hooks: ProxyHooks = {}): Proxy {
  const agent = new Agent({ keepAlive: true, maxSockets: 256, keepAliveMsecs: 10_000, timeout: 60_000 });
  const proxy = createProxyMiddleware<ProxiedRequest, ServerResponse>({
    target: upstream.target,
    agent,
    xfwd: true,
    logger: undefined,
    on: {
      proxyReq: (proxyReq: ClientRequest, req: ProxiedRequest) => {
        proxyReq.setTimeout(upstream.timeoutMs, () => {
          req.upstreamTimedOut = true;
          proxyReq.destroy(new Error(`${upstream.name} did not answer within ${upstream.timeoutMs} ms`));
        });
        if (req.rawBody) {
          proxyReq.setHeader('content-length', req.rawBody.length);
          proxyReq.write(req.rawBody);
        }
      },
      proxyRes: (proxyRes: IncomingMessage, req: ProxiedRequest, res: ServerResponse) => {
        if (proxyRes.statusCode === 503 && proxyRes.headers[DRAINING_HEADER] && hooks.retry) {
          discardIfRetried(proxyRes, res, () => hooks.retry!(undefined, req, res));
        }
      },
      error: (
        error: Error & { code?: string },
        req: ProxiedRequest,
        res: ServerResponse | import('node:net').Socket,
      ) => {
        if (!req.upstreamTimedOut && 'writeHead' in res && hooks.retry?.(error, req, res)) return;
        const { status, msg } = describeFailure(upstream, error, req);
        logger.warn({ err: error, upstream: upstream.name, status, url: req.url }, 'upstream request failed');
        if (!('writeHead' in res)) return void res.destroy();
        if (res.headersSent) return void res.destroy();
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ msg, code: 'upstream_unavailable' }));
      },
    },
  });
  return (req, res, next) => void proxy(req as ProxiedRequest, res, next);
}

/**
 * The proxy copies an answer's status and headers onto the response and pipes its
 * body; for an answer that is being retried, the body is dropped and the response put
 * back as it was, ready for the next attempt.
 */
function discardIfRetried(proxyRes: IncomingMessage, res: ServerResponse, retry: () => boolean): void {
  const before = res.getHeaders();
  if (!retry()) return;
  proxyRes.pipe = <T extends NodeJS.WritableStream>(destination: T): T => {
    proxyRes.resume();
    return destination;
  };
  setImmediate(() => {
    for (const name of res.getHeaderNames()) res.removeHeader(name);
    for (const [name, value] of Object.entries(before)) if (value !== undefined) res.setHeader(name, value);
    res.statusCode = 200;
  });
}

function describeFailure(upstream: Upstream, error: Error & { code?: string }, req: ProxiedRequest) {
  if (req.upstreamTimedOut) {
    return { status: 504, msg: `The ${upstream.name} service took too long to answer. Please try again.` };
  }
  if (error.code && UNREACHABLE.has(error.code)) {
    return { status: 503, msg: `The ${upstream.name} service is unavailable. Please try again shortly.` };
  }
  return { status: 502, msg: `The ${upstream.name} service returned an invalid answer. Please try again.` };
}
