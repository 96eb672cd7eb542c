// The auth service's entry point: config → start → stop on SIGTERM/SIGINT.
import { createLogger, exitOnSignals, failStartup } from '@tripcost/shared';
import { configFrom } from './config';
import { startAuth } from './server';

const logger = createLogger('auth', process.env.LOG_LEVEL);

async function main() {
  const config = configFrom(process.env);
  const running = await startAuth(config, logger);
  exitOnSignals(running.stop, logger);
}

main().catch((error) => failStartup(logger, error));
