export { startGateway, type RunningGateway } from './server';
export { buildGateway } from './app';
export { gatewayConfigSchema, loadGatewayConfig, type GatewayConfig } from './config';
