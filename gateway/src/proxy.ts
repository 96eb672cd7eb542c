// One streaming proxy per upstream, on node:http itself: a keep-alive socket pool,
// a per-route timeout (504), and JSON errors when an upstream is down (503) or
// misbehaves (502). Bodies are never parsed; they stream straight through, or
// through a compressor when the client accepts one (compression.ts). An event stream
// (text/event-stream: a trip's live updates) passes as it comes: headers at once,
// never compressed, and without the timeout once it has begun (it is meant to stay
// open; its heartbeats show it alive); a client that goes closes the upstream.
// Written here rather than taken from http-proxy-middleware because, measured side
// by side, that library's per-request option merging and header passes cost more
// CPU than the whole hop (docs/adr/0015-one-rate-limiter.md, "The proxy").
import { Agent, request, type IncomingMessage, type ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import type { Logger } from '@tripcost/shared';
import { compressAnswer, type CompressionSettings } from './compression';
import { answerHead, requestHead, setValue, writeAnswerHead, type HeaderList } from './header-list';
import type { Upstream } from './routing';

export interface ProxiedRequest extends IncomingMessage {
  /** Set by the login limiter, which had to read the (small) body to key on email. */
  rawBody?: Buffer;
}

/** Sockets kept per upstream: above any connection count one gateway replica serves. */
export const UPSTREAM_SOCKETS = 512;

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN', 'ENETUNREACH']);

export type Proxy = (req: ProxiedRequest, res: ServerResponse) => void;

export interface ProxyHooks {
  /**
   * Offered a failed attempt (an error, or no error for a draining service's marked
   * 503) before anything was written to the response; true means it will be sent
   * again (upstream-retry.ts).
   */
  retry?(error: (Error & { code?: string }) | undefined, req: ProxiedRequest, res: ServerResponse): boolean;
  /**
   * Told when an answer turns out to be an event stream, once its headers are sent;
   * `end` finishes it for the client (a clean end, so it resumes) and drops the upstream.
   */
  eventStream?(res: ServerResponse, end: () => void): void;
}

export const isEventStream = (contentType: string | undefined): boolean =>
  contentType !== undefined && /^\s*text\/event-stream\s*(?:;|$)/i.test(contentType);

const NO_COMPRESSION: CompressionSettings = { enabled: false, minBytes: 0 };

export function proxyTo(
  upstream: Upstream,
  logger: Logger,
  hooks: ProxyHooks = {},
  compression: CompressionSettings = NO_COMPRESSION,
): Proxy {
  const target = new URL(upstream.target);
  const hostname = target.hostname;
  const port = target.port || 80;
  // Every client connection can have one request in flight, so the pool keeps as
  // many sockets open as there are connections: none is closed and reopened under load.
  const agent = new Agent({
    keepAlive: true,
    maxSockets: UPSTREAM_SOCKETS,
    maxFreeSockets: UPSTREAM_SOCKETS,
    keepAliveMsecs: 10_000,
    timeout: 60_000,
  });
  // Event streams stay open for hours: on the pool above, 500 of them would hold 500 of
  // its sockets and leave ordinary requests queueing for the rest. They get their own
  // sockets, unpooled (nothing to reuse: each lasts as long as its client).
  const streamAgent = new Agent({ keepAlive: false });

  const failed = (req: ProxiedRequest, res: ServerResponse, error: Error & { code?: string }, timedOut: boolean) => {
    const { status, msg } = describeFailure(upstream, error, timedOut);
    logger.warn(
      { err: error, upstream: upstream.name, status, url: req.url, reqId: req.headers['x-request-id'] },
      'upstream request failed',
    );
    if (res.headersSent || res.destroyed) return void res.destroy();
    writeAnswerHead(res, status, ['content-type', 'application/json; charset=utf-8']);
    res.end(JSON.stringify({ msg, code: 'upstream_unavailable' }));
  };

  return (req, res) => {
    let timedOut = false;
    const outgoing = request(
      {
        hostname,
        port,
        method: req.method,
        path: req.url,
        headers: forwardedHeaders(req),
        agent: asksForEventStream(req) ? streamAgent : agent,
      },
      (answer) => {
        const head = answerHead(answer.rawHeaders);
        const draining = answer.statusCode === 503 && head.draining;
        // The upstream is closing its connections (it is shutting down): stop reusing
        // the idle ones, or a request sent on one as the upstream closes it meets a
        // reset that cannot safely be repeated; new connections are refused, which can.
        if (draining || head.closing) dropIdleSockets(agent);
        if (draining && hooks.retry?.(undefined, req, res)) {
          return void answer.resume();
        }
        const status = answer.statusCode ?? 502;
        const compressor = compressAnswer(compression, req, status, head.list);
        writeAnswerHead(res, status, head.list);
        if (isEventStream(head.contentType)) {
          // Open as long as both ends want it; the headers go now, not with the first event.
          outgoing.setTimeout(0);
          res.flushHeaders();
          hooks.eventStream?.(res, () => {
            // Ended on purpose: the upstream's reset that follows is not a failure to report.
            answer.unpipe(res);
            answer.removeAllListeners('error').on('error', () => undefined);
            outgoing.removeAllListeners('error').on('error', () => undefined);
            res.end();
            outgoing.destroy();
          });
        }
        if (compressor) {
          // A failure on any side (upstream cut, client gone) ends all three.
          return void pipeline(answer, compressor.stream, res, (error) => {
            if (error) res.destroy();
          });
        }
        answer.pipe(res);
        // `on`, not `once`: either ends the exchange, and `once` wraps a listener per request.
        answer.on('error', () => res.destroy());
      },
    );
    outgoing.setTimeout(upstream.timeoutMs, () => {
      timedOut = true;
      outgoing.destroy(new Error(`${upstream.name} did not answer within ${upstream.timeoutMs} ms`));
    });
    outgoing.once('error', (error) => {
      if (!timedOut && hooks.retry?.(error, req, res)) return;
      failed(req, res, error, timedOut);
    });
    // A client that goes away mid-answer frees the upstream socket too.
    res.on('close', () => {
      if (!res.writableFinished) outgoing.destroy();
    });
    if (req.rawBody) {
      outgoing.end(req.rawBody);
    } else if (carriesBody(req)) {
      req.pipe(outgoing);
    } else {
      // Most API calls (every GET) have no body: no pipe to set up and tear down.
      outgoing.end();
    }
  };
}

/**
 * A request for an event stream: a GET that accepts text/event-stream, or of a path
 * ending in /events (a trip's live updates, whatever the client's Accept).
 */
export function asksForEventStream(req: IncomingMessage): boolean {
  if (req.method !== 'GET') return false;
  const url = req.url ?? '';
  const query = url.indexOf('?');
  if ((query === -1 ? url : url.slice(0, query)).endsWith('/events')) return true;
  const accept = requestHead(req).accept;
  return accept !== undefined && /\btext\/event-stream\b/i.test(accept);
}

export function carriesBody(req: IncomingMessage): boolean {
  const head = requestHead(req);
  return head.contentLength !== undefined || head.chunked;
}

function dropIdleSockets(agent: Agent): void {
  for (const sockets of Object.values(agent.freeSockets)) {
    for (const socket of sockets ?? []) socket.destroy();
  }
}

/**
 * What goes upstream: the request's headers minus hop-by-hop ones, its request id
 * (the gateway's choice), X-Forwarded-For/-Proto/-Host, and the length of a body the
 * gateway read (rawBody), which it sends in one piece.
 */
function forwardedHeaders(req: ProxiedRequest): HeaderList {
  const head = requestHead(req);
  const list = head.forward.slice();
  if (head.requestId !== undefined) list.push('x-request-id', head.requestId);
  const client = req.socket.remoteAddress;
  if (client) list.push('x-forwarded-for', head.forwardedFor ? `${head.forwardedFor}, ${client}` : client);
  else if (head.forwardedFor !== undefined) list.push('x-forwarded-for', head.forwardedFor);
  const proto = 'encrypted' in req.socket ? 'https' : 'http';
  list.push('x-forwarded-proto', head.forwardedProto ? `${head.forwardedProto},${proto}` : proto);
  const forwardedHost = head.forwardedHost ?? head.host;
  if (forwardedHost !== undefined) list.push('x-forwarded-host', forwardedHost);
  if (req.rawBody) setValue(list, 'content-length', String(req.rawBody.length));
  return list;
}

function describeFailure(upstream: Upstream, error: Error & { code?: string }, timedOut: boolean) {
  if (timedOut) {
    return { status: 504, msg: `The ${upstream.name} service took too long to answer. Please try again.` };
  }
  if (error.code && UNREACHABLE.has(error.code)) {
    return { status: 503, msg: `The ${upstream.name} service is unavailable. Please try again shortly.` };
  }
  return { status: 502, msg: `The ${upstream.name} service returned an invalid answer. Please try again.` };
}
