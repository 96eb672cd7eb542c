// Retrying a request the upstream provably did not handle, so a rolling restart of a
// service is invisible to travellers. Kept beside the proxy, not in it: a request
// that succeeds the first time pays only for a small body being read into memory
// before it is forwarded (bodies here are small JSON; large ones stream as before).
//
// What is retried, within a short window from the first attempt:
// - connection refused (the process is restarting): nothing was sent, any method;
// - a 503 the service marked as answered while draining, before reading the
//   request: nothing ran, any method;
// - a connection reset before any byte of an answer came back: the service may have
//   started on it, so only methods that are safe to repeat.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { backoffMs, type Logger } from '@tripcost/shared';
import { requestHead } from './header-list';
import { carriesBody, type ProxiedRequest, type Proxy, type ProxyHooks } from './proxy';
import type { Upstream } from './routing';

const IDEMPOTENT = new Set(['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE']);
// UND_ERR_SOCKET: undici's word for a connection the other side closed.
const RESET = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);
/** Bodies up to this size are kept so the request can be sent again (the services' JSON limit). */
const REPLAYABLE_BODY_BYTES = 100 * 1024;

export type Failure = { kind: 'refused' } | { kind: 'draining' } | { kind: 'reset' } | { kind: 'other' };

export function failureOf(error: Error & { code?: string }): Failure {
  if (error.code === 'ECONNREFUSED') return { kind: 'refused' };
  if (error.code && RESET.has(error.code)) return { kind: 'reset' };
  return { kind: 'other' };
}

/** Whether a failed attempt may be sent again. */
export function mayRetry(failure: Failure, method: string): boolean {
  if (failure.kind === 'refused' || failure.kind === 'draining') return true;
  return failure.kind === 'reset' && IDEMPOTENT.has(method);
}

/** The wait before attempt `attempt` (1 = the first retry): the shared rule, 50 ms doubling, at most 1 s. */
export { backoffMs };

interface RetryState {
  deadline: number;
  attempt: number;
  replayable: boolean;
}

interface RetriedRequest extends ProxiedRequest {
  retry?: RetryState;
}

export type ProxyFactory = (upstream: Upstream, logger: Logger, hooks: ProxyHooks) => Proxy;

export function retryingProxy(
  upstream: Upstream,
  logger: Logger,
  windowMs: number,
  createProxy: ProxyFactory,
  hooks: Omit<ProxyHooks, 'retry'> = {},
): Proxy {
  const proxy = createProxy(upstream, logger, {
    ...hooks,
    retry(error, req, res) {
      return scheduleRetry(error ? failureOf(error) : { kind: 'draining' }, req as RetriedRequest, res);
    },
  });

  function scheduleRetry(failure: Failure, req: RetriedRequest, res: ServerResponse): boolean {
    const state = req.retry;
    if (!state || !state.replayable || res.headersSent || res.destroyed) return false;
    if (!mayRetry(failure, req.method ?? 'GET')) return false;
    state.attempt += 1;
    const wait = backoffMs(state.attempt);
    if (Date.now() + wait > state.deadline) return false;
    logger.info({ upstream: upstream.name, url: req.url, failure: failure.kind, attempt: state.attempt }, 'retrying');
    setTimeout(() => {
      if (res.destroyed) return;
      proxy(req, res);
    }, wait);
    return true;
  }

  const retrying = (req: RetriedRequest, res: ServerResponse) => {
    const state: RetryState = { deadline: Date.now() + windowMs, attempt: 0, replayable: true };
    req.retry = state;
    if (req.rawBody || !carriesBody(req)) return proxy(req, res);
    const length = Number(requestHead(req).contentLength);
    if (!(length <= REPLAYABLE_BODY_BYTES)) {
      // Chunked or large: stream it once, as before, and do not retry.
      state.replayable = false;
      return proxy(req, res);
    }
    readBody(req).then(
      (body) => {
        req.rawBody = body;
        proxy(req, res);
      },
      () => res.destroy(),
    );
  };
  return Object.assign(retrying, { close: proxy.close });
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}
