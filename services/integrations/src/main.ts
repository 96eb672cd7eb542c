// The integrations process: configuration → service → signals.
import { createLogger, exitOnSignals, failStartup } from '@tripcost/shared';
import { configFrom } from './config';
import { startIntegrations } from './server';

const logger = createLogger('integrations');

async function main() {
  const config = configFrom();
  logger.level = config.LOG_LEVEL;
  const running = await startIntegrations(config, logger);
  exitOnSignals(running.stop, logger);
}

main().catch((error: unknown) => failStartup(logger, error));
