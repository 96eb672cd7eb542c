// What other workspaces (the gateway's tests, `npm start`) may use from auth.
export { authConfigSchema, configFrom, type AuthConfig } from './config';
export { startAuth, type RunningAuth, type StartOptions } from './server';
export { REFRESH_COOKIE } from './http/refresh-cookie';
export { apiDocument } from './http/routes';
