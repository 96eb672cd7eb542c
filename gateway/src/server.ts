// Starts the gateway: Redis for the rate limits and the revocation list, the public
// listener (PORT) and the metrics listener (METRICS_PORT).
import {
  createHttpMetrics,
  createLogger,
  createRequestRedis,
  Lifecycle,
  listen,
  waitForRedis,
  type Logger,
  type RunningServer,
  closeRedis,
} from '@tripcost/shared';
import { buildGateway } from './app';
import type { GatewayConfig } from './config';
import { metricsListener } from './metrics-listener';

export interface RunningGateway extends RunningServer {
  /** Where GET /metrics answers (not the public URL). */
  metricsUrl: string;
}

export async function startGateway(
  config: GatewayConfig,
  logger: Logger = createLogger('gateway', config.LOG_LEVEL),
): Promise<RunningGateway> {
  const lifecycle = new Lifecycle();
  const redis = createRequestRedis(config.REDIS_URL, logger, 250, { autoPipelining: true });
  // The limiter fails open while Redis is down, so a slow Redis must not block
  // start-up; but give it a moment so the limits are in force from the first request.
  await waitForRedis(redis, 3000).catch((error) => logger.warn({ err: error }, 'starting without redis'));
  const metrics = createHttpMetrics('gateway');
  const metricsServer = await listen(metricsListener(metrics.registry), {
    port: config.METRICS_PORT,
    lifecycle: new Lifecycle(),
    logger,
  });
  const gateway = buildGateway({ config, logger, lifecycle, redis, metrics });
  const running = await listen(gateway.listener, {
    port: config.PORT,
    lifecycle,
    logger,
    // Travellers' connections get 2 s, not a service's 0.5 s, to bring their next
    // request (answered, then closed) before idle ones are closed: closing a kept-alive
    // connection races a client reusing it, and unlike the gateway in front of a
    // service, nothing retries for the client.
    drainGraceMs: 2_000,
    // Scrapes keep working until the public listener has drained.
    onClose: [() => gateway.close(), () => closeRedis(redis), () => metricsServer.stop()],
  }).catch(async (error) => {
    await metricsServer.stop();
    throw error;
  });
  logger.info({ port: running.port, metricsPort: metricsServer.port }, 'gateway listening');
  return { ...running, metricsUrl: `http://127.0.0.1:${metricsServer.port}` };
}
