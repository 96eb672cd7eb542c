// Graceful shutdown (docs/service-kit.md): on SIGTERM readiness fails, new requests get 503,
// in-flight requests finish, then workers and connections close in order, and a
// forced exit after 10 s guards against anything that hangs.
import { createServer, STATUS_CODES, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { Server as NetServer } from 'node:net';
import type { Duplex } from 'node:stream';
import { bornExpressOptions } from './born-express';
import { createLogger, type Logger } from './logger';

/**
 * Marks a 503 a draining service answered before reading the request: nothing of it
 * ran, so the gateway may send it again (to the restarted process), whatever its method.
 */
export const DRAINING_HEADER = 'x-service-draining';

export class Lifecycle {
  private stopping = false;
  private readonly stoppers = new Set<() => void>();
  get shuttingDown(): boolean {
    return this.stopping;
  }
  beginShutdown(): void {
    this.stopping = true;
    for (const stopper of [...this.stoppers]) stopper();
    this.stoppers.clear();
  }
  /**
   * Called when shutdown begins: for answers that never finish on their own (event
   * streams), which would otherwise hold the server open until the forced exit. The
   * returned function forgets the callback (the answer ended first).
   */
  onShutdown(stopper: () => void): () => void {
    if (this.stopping) {
      stopper();
      return () => undefined;
    }
    this.stoppers.add(stopper);
    return () => this.stoppers.delete(stopper);
  }
}

export interface RunningServer {
  server: Server;
  port: number;
  url: string;
  stop(): Promise<void>;
}

/** What a service's start function hands back: where it listens and how to stop it. */
export type RunningService = Pick<RunningServer, 'url' | 'port' | 'stop'>;

/** How long a stopping server keeps answering on kept-alive connections before closing them. */
const DRAIN_GRACE_MS = 500;

export type CloseHook = () => Promise<unknown> | unknown;

export async function listen(
  app: RequestListener,
  options: {
    port: number;
    host?: string;
    lifecycle: Lifecycle;
    logger: Logger;
    onClose?: CloseHook[];
    drainGraceMs?: number;
  },
): Promise<RunningServer> {
  // An Express app's requests and responses are born Express's (born-express.ts).
  const server = createServer(bornExpressOptions(app), app);
  server.on('clientError', answerClientError);
  // Responses still being worked on when shutdown begins close their connection, so
  // the gateway opens a new one (refused, then retried) rather than sending the next
  // request on a socket we are about to close (a reset it could not safely retry).
  const inFlight = new Set<ServerResponse>();
  // One listener function for all answers (not a closure and a `once` wrapper per request).
  function forget(this: ServerResponse) {
    inFlight.delete(this);
  }
  server.on('request', (_req, res: ServerResponse) => {
    inFlight.add(res);
    res.on('close', forget);
  });
  server.listen(options.port, options.host ?? '0.0.0.0');
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  // Keep-alive longer than the gateway's agent so the gateway never reuses a socket
  // we are about to close.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      options.lifecycle.beginShutdown();
      for (const res of inFlight) res.shouldKeepAlive = false;
      // Stop accepting connections, but do not drop the kept-alive ones yet (what
      // http.Server#close would do): a request the gateway is sending on one right
      // now would meet a reset it cannot safely repeat. For a short grace they are
      // answered instead (a marked 503 and Connection: close, see http/app.ts), then
      // whatever is still idle is closed.
      const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
      // The grace ends early once every connection has closed on its own.
      let graceTimer: NodeJS.Timeout | undefined;
      await Promise.race([
        closed,
        new Promise((resolve) => (graceTimer = setTimeout(resolve, options.drainGraceMs ?? DRAIN_GRACE_MS))),
      ]);
      clearTimeout(graceTimer);
      closeIdleAfterReads(server);
      const sweeper = setInterval(() => closeIdleAfterReads(server), 50);
      await closed;
      clearInterval(sweeper);
      for (const hook of options.onClose ?? []) {
        try {
          await hook();
        } catch (error) {
          options.logger.warn({ err: error }, 'error while closing a resource');
        }
      }
    })();
    return stopped;
  };
  return { server, port, url: `http://127.0.0.1:${port}`, stop };
}

/**
 * Closes the connections with no request in progress, but only after the event loop
 * has read what already arrived: timers run before I/O, so after a stall (a busy
 * machine) a request may sit unread in a socket that looks idle, and closing it then
 * resets a request the client cannot know was never seen. setImmediate runs after
 * the poll phase, which parses those requests and makes their connections busy.
 */
function closeIdleAfterReads(server: Server): void {
  setImmediate(() => server.closeIdleConnections());
}

/** Wire SIGTERM/SIGINT to `stop`, with a forced exit if shutdown hangs. */
export function exitOnSignals(stop: () => Promise<void>, logger: Logger, forceAfterMs = 10_000): void {
  let signalled = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) return;
    signalled = true;
    logger.info({ signal }, 'shutting down');
    setTimeout(() => {
      logger.error('shutdown took too long; forcing exit');
      process.exit(1);
    }, forceAfterMs).unref();
    stop().then(
      () => {
        logger.info('stopped');
        process.exit(0);
      },
      (error) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', onSignal);
  process.on('SIGINT', onSignal);
}

/** Top-level start-up failure: log it and exit non-zero (used by every main.ts). */
export function failStartup(logger: Logger, error: unknown): never {
  logger.fatal({ err: error }, error instanceof Error ? error.message : 'start-up failed');
  process.exit(1);
}

/**
 * Requests Node's HTTP parser refuses before any handler runs (a URL or headers over
 * the limit, a malformed request line) still get our JSON error shape, not Node's
 * bodyless default.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify(
    tooLarge
      ? { msg: 'The request URL or headers are too large.', code: 'headers_too_large' }
      : { msg: 'The request could not be understood.', code: 'malformed_request' },
  );
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * A service's process, the same for every one: its config read (a bad one is a logged
 * start-up failure, exit 1), the service started with a logger at the config's level,
 * stopped gracefully on SIGTERM/SIGINT.
 */
export function runServiceProcess<C extends { LOG_LEVEL?: string }>(
  name: string,
  configFrom: () => C,
  start: (config: C, logger: Logger) => Promise<{ stop(): Promise<void> }>,
): void {
  let logger = createLogger(name, process.env.LOG_LEVEL);
  try {
    const config = configFrom();
    if (config.LOG_LEVEL) logger = createLogger(name, config.LOG_LEVEL);
    start(config, logger).then(
      (running) => exitOnSignals(running.stop, logger),
      (error: unknown) => failStartup(logger, error),
    );
  } catch (error) {
    failStartup(logger, error);
  }
}
