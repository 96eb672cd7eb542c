// The gateway's Prometheus metrics on their own listener (METRICS_PORT, 9464 by
// default), never on the public one: the chart exposes this port only inside the
// cluster, to the monitoring namespace. Anything but GET /metrics is a JSON 404.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { Registry } from 'prom-client';
import { pathOf, sendJson } from './http-helpers';

export function metricsListener(registry: Registry): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    if (pathOf(req) !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return sendJson(res, 404, { msg: 'Only GET /metrics is served here.', code: 'route_not_found' });
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': registry.contentType });
        res.end(text);
      },
      () => sendJson(res, 500, { msg: 'Something went wrong' }),
    );
  };
}
