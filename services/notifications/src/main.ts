// The notifications process: config → start → stop on SIGTERM/SIGINT.
import { createLogger, exitOnSignals, failStartup } from '@tripcost/shared';
import { configFrom } from './config';
import { startNotifications } from './server';

const bootLogger = createLogger('notifications');
try {
  const config = configFrom();
  const logger = createLogger('notifications', config.LOG_LEVEL);
  startNotifications(config, logger).then(
    (running) => exitOnSignals(running.stop, logger),
    (error) => failStartup(logger, error),
  );
} catch (error) {
  failStartup(bootLogger, error);
}
