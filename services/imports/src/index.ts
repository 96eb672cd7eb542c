// What other workspaces may use from the imports service (tests boot it in-process; the scorer reads documents).
export { startImports, type RunningImports } from './server';
export { configFrom, importsConfigSchema, type ImportsConfig } from './config';
export type { Draft } from './domain/imports';
export type { Reservation } from './domain/reservation';
export { IMPORT_LIMITS } from './domain/limits';
export { isolatedReader } from './providers/isolated-reader';
export { apiDocument } from './http/routes';
