// The trips process: config → service → listen → graceful shutdown on signals.
import { createLogger, exitOnSignals, failStartup } from '@tripcost/shared';
import { configFrom } from './config';
import { startTrips } from './server';

const logger = createLogger('trips', process.env.LOG_LEVEL ?? 'info');

async function main() {
  const running = await startTrips(configFrom(process.env), logger);
  exitOnSignals(running.stop, logger);
}

main().catch((error) => failStartup(logger, error));
