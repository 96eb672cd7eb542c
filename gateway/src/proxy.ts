// One streaming proxy per upstream: keep-alive sockets, a per-route timeout (504),
// and JSON errors when an upstream is down (503) or misbehaves (502). Bodies are
// never parsed here; they stream straight through.
import { Agent, type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { createProxyMiddleware } from 'http-proxy-middleware';
import type { Logger } from '@tripcost/shared';
import type { Upstream } from './routing';

export interface ProxiedRequest extends IncomingMessage {
  /** Set by the login limiter, which had to read the (small) body to key on email. */
  rawBody?: Buffer;
  upstreamTimedOut?: boolean;
}

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN', 'ENETUNREACH']);

export type Proxy = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export function proxyTo(upstream: Upstream, logger: Logger): Proxy {
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
      error: (
        error: Error & { code?: string },
        req: ProxiedRequest,
        res: ServerResponse | import('node:net').Socket,
      ) => {
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

function describeFailure(upstream: Upstream, error: Error & { code?: string }, req: ProxiedRequest) {
  if (req.upstreamTimedOut) {
    return { status: 504, msg: `The ${upstream.name} service took too long to answer. Please try again.` };
  }
  if (error.code && UNREACHABLE.has(error.code)) {
    return { status: 503, msg: `The ${upstream.name} service is unavailable. Please try again shortly.` };
  }
  return { status: 502, msg: `The ${upstream.name} service returned an invalid answer. Please try again.` };
}
