// Starts the gateway: Redis for the rate limits, the app, and the listener.
import {
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

export async function startGateway(
  config: GatewayConfig,
  logger: Logger = createLogger('gateway', config.LOG_LEVEL),
): Promise<RunningServer> {
  const lifecycle = new Lifecycle();
  const redis = createRequestRedis(config.REDIS_URL, logger, 250, { autoPipelining: true });
  // The limiter fails open while Redis is down, so a slow Redis must not block
  // start-up; but give it a moment so the limits are in force from the first request.
  await waitForRedis(redis, 3000).catch((error) => logger.warn({ err: error }, 'starting without redis'));
  const gateway = buildGateway({ config, logger, lifecycle, redis });
  const running = await listen(gateway.listener, {
    port: config.PORT,
    lifecycle,
    logger,
    onClose: [() => gateway.close(), () => closeRedis(redis)],
  });
  logger.info({ port: running.port }, 'gateway listening');
  return running;
}
