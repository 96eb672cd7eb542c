// The imports process: config → start → stop on SIGTERM/SIGINT.
import { createLogger, exitOnSignals, failStartup } from '@tripcost/shared';
import { configFrom } from './config';
import { startImports } from './server';

const bootLogger = createLogger('imports');
try {
  const config = configFrom();
  const logger = createLogger('imports', config.LOG_LEVEL);
  startImports(config, logger).then(
    (running) => exitOnSignals(running.stop, logger),
    (error) => failStartup(logger, error),
  );
} catch (error) {
  failStartup(bootLogger, error);
}
