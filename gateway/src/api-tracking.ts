// What the lean API path (api.ts) records of each request once it is answered: one
// access-log line and the request metrics, from a record kept on the response.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { Counter, Histogram } from 'prom-client';
import { accessLogger, metricSamples, type Logger } from '@tripcost/shared';

export const TRACK = Symbol('gateway request record');

export type TrackedResponse = ServerResponse & {
  [TRACK]?: { started: number; requestId: string; route: string; req: IncomingMessage };
};

export interface ApiMetrics {
  requests: Counter<'method' | 'route' | 'status'>;
  duration: Histogram<'method' | 'route' | 'status'>;
}

/** The 'finish' listener of every API answer (`this` is the response). */
export function requestFinisher(logger: Logger, metrics: ApiMetrics) {
  const samplesFor = metricSamples(metrics);
  const accessLog = accessLogger(logger);

  /** One access-log line and the metrics of an answered request (`this` is the response). */
  return function finished(this: TrackedResponse) {
    const { started, requestId, route, req } = this[TRACK]!;
    const ms = performance.now() - started;
    const samples = samplesFor(req.method ?? 'GET', route, this.statusCode);
    samples.count();
    samples.took(ms / 1000);
    // Below 400 the line is info, which a quiet gateway (LOG_LEVEL warn) does not write.
    if (this.statusCode < 400 && !logger.isLevelEnabled('info')) return;
    const access = accessLog();
    const entry = {
      reqId: requestId,
      req: { method: req.method, url: req.url },
      res: { statusCode: this.statusCode },
      responseTime: Math.round(ms),
    };
    // 503 is a known state (a service down or shutting down, a feature not configured),
    // reported where it is detected; ERROR is kept for what nobody expected.
    if (this.statusCode >= 500 && this.statusCode !== 503) access.error(entry, 'request failed');
    else if (this.statusCode >= 400) access.warn(entry, 'request refused');
    else access.info(entry, 'request completed');
  };
}
