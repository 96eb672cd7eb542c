export { startGateway } from './server';
export { buildGateway } from './app';
export { gatewayConfigSchema, loadGatewayConfig, type GatewayConfig } from './config';
