// Entry point of the gateway process.
import { createLogger, exitOnSignals, failStartup } from '@tripcost/shared';
import { loadGatewayConfig } from './config';
import { startGateway } from './server';

const logger = createLogger('gateway');
Promise.resolve()
  .then(() => startGateway(loadGatewayConfig(), logger))
  .then(
    (running) => exitOnSignals(running.stop, logger),
    (error) => failStartup(logger, error),
  );
