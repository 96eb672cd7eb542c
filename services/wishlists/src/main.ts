// The wishlists process: config → start → stop on SIGTERM/SIGINT.
import { createLogger, exitOnSignals, failStartup } from '@tripcost/shared';
import { configFrom } from './config';
import { startWishlists } from './server';

const bootLogger = createLogger('wishlists');
try {
  const config = configFrom();
  const logger = createLogger('wishlists', config.LOG_LEVEL);
  startWishlists(config, logger).then(
    (running) => exitOnSignals(running.stop, logger),
    (error) => failStartup(logger, error),
  );
} catch (error) {
  failStartup(bootLogger, error);
}
