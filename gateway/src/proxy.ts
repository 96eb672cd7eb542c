// One streaming proxy per upstream: a keep-alive connection pool, a per-route timeout
// (504), and JSON errors when an upstream is down (503) or misbehaves (502). Bodies
// are never parsed; they stream straight through, or through a compressor when the
// client accepts one (compression.ts). An event stream (text/event-stream: a trip's
// live updates) passes as it comes: headers at once, never compressed, and without
// the body timeout (it is meant to stay open; its heartbeats show it alive), on an
// upstream connection of its own that lives exactly as long as the stream: a client
// that goes closes it at once (docs/adr/0053-bounded-live-streams.md).
//
// The upstream leg is undici's dispatcher with a handler per exchange, not
// `http.request` (docs/adr/0048-undici-upstream.md): measured with callgrind, Node's
// client (ClientRequest, IncomingMessage, a readable stream and a pipe per answer)
// costs about a quarter more instructions per request than undici's pool handing
// the parser's chunks straight to `res.write`. The client side stays node:http.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Client, Pool, type Dispatcher } from 'undici';
import type { Logger } from '@tripcost/shared';
import { compressAnswer, type Compression, type CompressionSettings } from './compression';
import { answerHead, requestHead, setValue, writeAnswerHead, type HeaderList } from './header-list';
import type { Upstream } from './routing';

export interface ProxiedRequest extends IncomingMessage {
  /** Set by the login limiter, which had to read the (small) body to key on email. */
  rawBody?: Buffer;
}

/** What may wait in the client's socket (or the compressor) before the upstream is paused: one socket read. */
const BUFFERED_BEFORE_PAUSE = 64 * 1024;

/** Connections kept per upstream: above any connection count one gateway replica serves. */
export const UPSTREAM_SOCKETS = 512;

const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EHOSTUNREACH', 'EAI_AGAIN', 'ENETUNREACH']);
/** undici's codes for "no answer in time": before the headers, between body chunks, or connecting. */
const TIMED_OUT = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT', 'UND_ERR_CONNECT_TIMEOUT']);

export interface Proxy {
  (req: ProxiedRequest, res: ServerResponse): void;
  /** Closes the upstream connections once the exchanges in flight are done. */
  close(): Promise<void>;
}

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

interface Pools {
  /** Ordinary requests. */
  pool: Pool;
  /**
   * Event streams stay open for hours: in the pool above, 500 of them would hold 500
   * of its connections and leave ordinary requests queueing for the rest. Each gets a
   * connection (an undici Client) of its own instead, destroyed when the stream ends.
   * Not a pool: a pool's aborted request makes undici open a spare connection in its
   * place, which the service held open for its header timeout (about a minute) after
   * every client that left, and a pool without a limit keeps every Client it ever made.
   */
  streams: Set<Client>;
}

export function proxyTo(
  upstream: Upstream,
  logger: Logger,
  hooks: ProxyHooks = {},
  compression: CompressionSettings = NO_COMPRESSION,
): Proxy {
  const origin = new URL(upstream.target).origin;
  // Every client connection can have one request in flight, so the pool keeps as
  // many connections open as there are client connections: none is closed and
  // reopened under load. Idle ones live as long as the service's Keep-Alive hint allows.
  const newPool = () => new Pool(origin, { connections: UPSTREAM_SOCKETS, pipelining: 1 });
  const pools: Pools = { pool: newPool(), streams: new Set() };

  const context: ExchangeContext = {
    upstream,
    hooks,
    compression,
    failed(req, res, error) {
      const { status, msg } = describeFailure(upstream, error);
      logger.warn(
        { err: error, upstream: upstream.name, status, url: req.url, reqId: requestHead(req).requestId },
        'upstream request failed',
      );
      if (res.headersSent || res.destroyed) return void res.destroy();
      writeAnswerHead(res, status, ['content-type', 'application/json; charset=utf-8']);
      res.end(JSON.stringify({ msg, code: 'upstream_unavailable' }));
    },
    // The upstream is closing its connections (it is shutting down): stop reusing the
    // idle ones, or a request sent on one as the upstream closes it meets a reset that
    // cannot safely be repeated; new connections are refused, which can. The pool is
    // replaced; the old one closes once the exchanges it carries are done.
    dropIdleConnections() {
      const old = pools.pool;
      pools.pool = newPool();
      // Already closed when the gateway itself is stopping: nothing left to drop.
      old.close().catch(() => undefined);
    },
  };

  /** A connection for one event stream, gone with it. */
  function streamConnection(): { client: Client; release: () => void } {
    const client = new Client(origin, { pipelining: 1 });
    pools.streams.add(client);
    const release = () => {
      if (!pools.streams.delete(client)) return;
      client.destroy().catch(() => undefined);
    };
    return { client, release };
  }

  const proxy = (req: ProxiedRequest, res: ServerResponse) => {
    const stream = asksForEventStream(req) ? streamConnection() : undefined;
    const exchange = new Exchange(context, req, res, stream?.release);
    // The client may have gone while the request was checked (edge auth, a retry's wait).
    if (exchange.clientLeft()) return;
    const body = req.rawBody ?? (carriesBody(req) ? req : null);
    (stream ? stream.client : pools.pool).dispatch(
      {
        method: req.method ?? 'GET',
        path: req.url ?? '/',
        headers: forwardedHeaders(req),
        body,
        headersTimeout: upstream.timeoutMs,
        bodyTimeout: stream ? 0 : upstream.timeoutMs,
      },
      exchange,
    );
  };
  return Object.assign(proxy, {
    close: async () => {
      // Streams still open are cut (the gateway's shutdown has ended them for their
      // clients already); pools replaced while a service drained are closing already.
      await Promise.all([
        pools.pool.close(),
        ...[...pools.streams].map((client) => client.destroy().catch(() => undefined)),
      ]);
      pools.streams.clear();
    },
  });
}

interface ExchangeContext {
  upstream: Upstream;
  hooks: ProxyHooks;
  compression: CompressionSettings;
  failed(req: ProxiedRequest, res: ServerResponse, error: Error & { code?: string }): void;
  dropIdleConnections(): void;
}

/**
 * One request and its answer, as undici's dispatch handler: the answer's headers are
 * written with the gateway's in one head, and each chunk of its body goes to the
 * client (or the compressor) as the parser hands it over, pausing the upstream while
 * the client's socket is full.
 */
class Exchange implements Dispatcher.DispatchHandler {
  private abort: ((reason?: Error) => void) | undefined = undefined;
  private resume: (() => void) | undefined = undefined;
  private compressor: Compression['stream'] | undefined = undefined;
  /**
   * The client has its answer, has gone, or is being answered by another attempt (a
   * retry): what undici reports after this is not ours to pass on.
   */
  private settled = false;

  constructor(
    private readonly context: ExchangeContext,
    private readonly req: ProxiedRequest,
    private readonly res: ServerResponse,
    /** Frees an event stream's own connection; called once the exchange is over, however it ends. */
    private readonly release: () => void = () => undefined,
  ) {
    const exchanged = res as ExchangedResponse;
    // One listener per response, whichever attempt is current (a retry is another
    // exchange). Listening from the start, not from onConnect: a client that leaves
    // while the connection is being made must not leave a stream open upstream.
    if (exchanged[EXCHANGE] === undefined) exchanged.on('close', clientClosed);
    exchanged[EXCHANGE] = this;
  }

  /** True (and nothing is sent upstream) when the client has already gone. */
  clientLeft(): boolean {
    if (!this.res.destroyed && !this.req.socket.destroyed) return false;
    this.clientGone();
    return true;
  }

  onConnect(abort: (reason?: Error) => void): void {
    this.abort = abort;
    // The client went before the request was sent.
    if (this.settled) abort();
  }

  /** A client that goes away mid-answer frees the upstream connection too. */
  clientGone(): void {
    if (this.res.writableFinished || this.settled) return;
    this.settled = true;
    this.abort?.();
    this.release();
  }

  onHeaders(status: number, rawHeaders: Buffer[], resume: () => void): boolean {
    const { res, req, context } = this;
    this.resume = resume;
    const head = answerHead(textOf(rawHeaders));
    const draining = status === 503 && head.draining;
    if (draining || head.closing) context.dropIdleConnections();
    if (draining && context.hooks.retry?.(undefined, req, res)) {
      this.settled = true; // its body is read and dropped
      return true;
    }
    const compression = compressAnswer(context.compression, req, status, head.list);
    writeAnswerHead(res, status, head.list);
    if (isEventStream(head.contentType)) {
      // The headers go now, not with the first event.
      res.flushHeaders();
      context.hooks.eventStream?.(res, () => {
        // Ended on purpose: the abort that follows is not a failure to report.
        this.settled = true;
        res.end();
        this.abort?.();
        this.release();
      });
    }
    if (compression) {
      const compressor = compression.stream;
      this.compressor = compressor;
      // A failure on either side (compressor, client gone) ends both and the upstream.
      // Plain pipe and two listeners, not stream.pipeline: pipeline makes an
      // AbortController per answer and a DOMException when it finishes, ~0.2 ms of the
      // gateway's CPU per compressed trip list (issue 44's profile).
      compressor.pipe(res);
      const fail = () => {
        compressor.destroy();
        res.destroy();
        if (!this.settled) {
          this.settled = true;
          this.abort?.();
          this.release();
        }
      };
      compressor.once('error', fail);
      res.once('close', () => {
        if (!res.writableFinished) fail();
      });
    }
    return true;
  }

  onData(chunk: Buffer): boolean {
    // undici hands over an empty chunk after each socket read that ends inside the
    // body. Written on, each was a zero-length write(2) to the client (and a cork and
    // uncork): on the 873 kB trips list, twice a bare proxy's syscalls (issue 44).
    if (this.settled || chunk.length === 0) return true;
    const sink = this.compressor ?? this.res;
    // A write of a chunk larger than the stream's 16 kB mark answers false even when the
    // socket took it all at once. Pausing the upstream then stopped and restarted its
    // socket's reads for every chunk; the upstream waits only once a chunk is still
    // queued here, so at most one more is buffered per answer, as a bare proxy's pipe.
    if (sink.write(chunk) || sink.writableLength <= BUFFERED_BEFORE_PAUSE) return true;
    sink.once('drain', this.resume!);
    return false;
  }

  onComplete(): void {
    this.release();
    if (this.settled) return;
    this.settled = true;
    if (this.compressor) this.compressor.end();
    else this.res.end();
  }

  onError(error: Error & { code?: string }): void {
    this.release();
    if (this.settled) return;
    const { req, res, context } = this;
    this.settled = true;
    if (!res.headersSent && !TIMED_OUT.has(error.code ?? '') && context.hooks.retry?.(error, req, res)) return;
    this.compressor?.destroy();
    context.failed(req, res, error);
  }
}

const EXCHANGE = Symbol('current upstream exchange');
type ExchangedResponse = ServerResponse & { [EXCHANGE]?: Exchange };

function clientClosed(this: ExchangedResponse): void {
  this[EXCHANGE]?.clientGone();
}

/** undici gives header names and values as the bytes that came; the answer's head takes text. */
function textOf(raw: Buffer[]): string[] {
  const text = new Array<string>(raw.length);
  for (let i = 0; i < raw.length; i++) text[i] = raw[i]!.toString('latin1');
  return text;
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

function describeFailure(upstream: Upstream, error: Error & { code?: string }) {
  if (TIMED_OUT.has(error.code ?? '')) {
    return { status: 504, msg: `The ${upstream.name} service took too long to answer. Please try again.` };
  }
  if (error.code && UNREACHABLE.has(error.code)) {
    return { status: 503, msg: `The ${upstream.name} service is unavailable. Please try again shortly.` };
  }
  return { status: 502, msg: `The ${upstream.name} service returned an invalid answer. Please try again.` };
}
