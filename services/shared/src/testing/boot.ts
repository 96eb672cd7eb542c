// One way to boot a real service in-process for a test: port 0, silent logs, a
// fresh temporary data dir, the test Redis, a queue prefix of its own and the test
// key pair. Each service's test support adds only what is particular to it.
import type { Logger } from '../logger';
import { silentLogger, tempDataDir, testQueuePrefix, testRedisUrl } from './environment';
import { testKeys } from './tokens';

/** The environment every service reads, as a test gives it; `overrides` win. */
export function testServiceEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: 'silent',
    DATA_DIR: tempDataDir(),
    REDIS_URL: testRedisUrl(),
    QUEUE_PREFIX: testQueuePrefix(),
    JWT_PUBLIC_KEY: testKeys().publicKey,
    ...overrides,
  };
}

/** Parses the test environment with the service's own config and starts it (no listen on a fixed port). */
export async function bootService<C, R>(
  service: { configFrom: (env: Record<string, string>) => C; start: (config: C, logger: Logger) => Promise<R> },
  overrides: Record<string, string> = {},
  logger: Logger = silentLogger(),
): Promise<R & { config: C }> {
  const config = service.configFrom(testServiceEnv(overrides));
  const running = await service.start(config, logger);
  return Object.assign(running as object, { config }) as R & { config: C };
}
