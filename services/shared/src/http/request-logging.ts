// Request ids, access logs and metrics in one Express layer: honour a sane incoming
// x-request-id or mint one, echo it back, set the API security headers, run the
// rest of the request inside its context (so every log line below names it), and
// when the answer is sent write one access-log line and the Prometheus samples.
// One layer and one shared finish listener instead of pino-http, helmet and a
// metrics middleware: profiles of a kit service showed each of those as a visible
// share of the per-request cost (docs/adr/0015-one-rate-limiter.md).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Request, RequestHandler } from 'express';
import { requestContext } from '../context';
import { accessLogger, type Logger } from '../logger';
import type { HttpMetrics } from './metrics';
import { setHeaders, type HeaderList } from './security-headers';

const SAFE_REQUEST_ID = /^[\w.:-]{1,128}$/;
const QUIET_PATHS = new Set(['/healthz', '/readyz', '/metrics']);
const TRACK = Symbol('request record');

/** The error code of a 503 for a feature this deployment has not configured. */
export const NOT_CONFIGURED = 'not_configured';

export function requestIdFor(req: IncomingMessage): string {
  const incoming = req.headers['x-request-id'];
  return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/** Set by the error middleware for a deliberate 5xx (see error-handler.ts). */
function knownCondition(res: ServerResponse): string | undefined {
  return (res as ServerResponse & { locals?: { knownCondition?: string } }).locals?.knownCondition;
}

/** What one requestTracking layer shares with the finish listener of each request. */
interface Tracker {
  /** The access-line logger (logger.ts accessLogger). */
  logger: () => Logger;
  samplesFor: (method: string, route: string, status: number) => Samples;
  successLevel: SuccessLevel;
  /** Whether a success line would be written at all (the level may change at run time). */
  successEnabled: () => boolean;
}

interface RequestRecord {
  started: bigint;
  requestId: string;
  req: Request;
  tracker: Tracker;
}

export interface Samples {
  count(): void;
  took(seconds: number): void;
}

export type SuccessLevel = 'info' | 'debug';

type TrackedResponse = ServerResponse & { [TRACK]?: RequestRecord };

function finished(this: TrackedResponse): void {
  const { started, requestId, req, tracker } = this[TRACK]!;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  // The matched route pattern (not the raw URL) keeps label cardinality bounded.
  const route = req.route?.path ? `${req.baseUrl}${req.route.path}` : 'unmatched';
  const samples = tracker.samplesFor(req.method, route, this.statusCode);
  samples.count();
  samples.took(seconds);
  const known = knownCondition(this);
  const status = this.statusCode;
  // A successful answer below the logger's level (the services' usual case, debug)
  // writes nothing: return before building its line or parsing its path.
  if (!known && status < 400 && !tracker.successEnabled()) return;
  if (QUIET_PATHS.has(req.path)) return;
  const logger = tracker.logger();
  const entry = {
    reqId: requestId,
    req: { method: req.method, url: req.originalUrl },
    res: { statusCode: status },
    responseTime: Math.round(seconds * 1000),
  };
  // A known condition's 5xx is an answer the service chose, not a failure; "not
  // configured" is this deployment's configured state, said once at start-up.
  if (known === NOT_CONFIGURED) logger.info({ ...entry, condition: known }, 'request answered');
  else if (known) logger.warn({ ...entry, condition: known }, 'request answered');
  else if (status >= 500) logger.error(entry, 'request failed');
  else if (status >= 400) logger.warn(entry, 'request refused');
  else if (tracker.successLevel === 'info') logger.info(entry, 'request completed');
  else logger.debug(entry, 'request completed');
}

/**
 * The metric samples of one (method, route, status), made once: prom-client hashes
 * a label object on every inc/observe, its bound children do not.
 */
export function metricSamples(
  metrics: Pick<HttpMetrics, 'requests' | 'duration'>,
): (method: string, route: string, status: number) => Samples {
  const known = new Map<string, Samples>();
  return (method, route, status) => {
    const key = `${method} ${status} ${route}`;
    let samples = known.get(key);
    if (samples === undefined) {
      const labels = { method, route, status: String(status) };
      const counter = metrics.requests.labels(labels);
      const histogram = metrics.duration.labels(labels);
      samples = { count: () => counter.inc(), took: (seconds) => histogram.observe(seconds) };
      known.set(key, samples);
    }
    return samples;
  };
}

export function requestTracking(options: {
  logger: Logger;
  metrics: HttpMetrics;
  /** Headers set on every answer (e.g. apiSecurityHeaders). */
  headers?: HeaderList;
  /**
   * Run the rest of the request inside its AsyncLocalStorage context (default true).
   * The first `run` switches async hooks on for the whole process, and on Node 20
   * they then cost on every async resource: each socket write of every answer, on
   * every path. A process that proxies large answers (the gateway) passes false:
   * its access lines name their request id themselves.
   */
  context?: boolean;
  /**
   * The level of the access line of an answer below 400 (default info). A service
   * behind the gateway says debug: the gateway already writes that line, with the
   * same request id, and writing it twice cost a tenth of a small request's CPU.
   * Refusals and failures are logged at warn/error either way.
   */
  successLevel?: SuccessLevel;
}): RequestHandler {
  const { headers = [], context = true } = options;
  const successLevel = options.successLevel ?? 'info';
  const tracker: Tracker = {
    logger: accessLogger(options.logger),
    samplesFor: metricSamples(options.metrics),
    successLevel,
    successEnabled: () => options.logger.isLevelEnabled(successLevel),
  };
  return (req, res, next) => {
    const requestId = requestIdFor(req);
    res.setHeader('x-request-id', requestId);
    setHeaders(res, headers);
    (res as TrackedResponse)[TRACK] = { started: process.hrtime.bigint(), requestId, req, tracker };
    // `on`, not `once`: an answer finishes once, and `once` wraps the listener anew per request.
    res.on('finish', finished);
    if (context) requestContext.run({ requestId }, next);
    else next();
  };
}
