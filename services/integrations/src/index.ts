// What other workspaces may use from the integrations service (tests that boot it, the gateway's docs).
export { configFrom, integrationsConfigSchema, type IntegrationsConfig } from './config';
export { startIntegrations, type RunningIntegrations } from './server';
export { PHOTO_CACHE_CONTROL } from './http/routes';
export { PHOTO_REFERENCE_PATTERN } from './domain/places';
export { apiDocument } from './http/routes';
