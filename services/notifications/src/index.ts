// What other workspaces may use from the notifications service (tests boot it in-process).
export { startNotifications, type RunningNotifications } from './server';
export { configFrom, notificationsConfigSchema, type NotificationsConfig } from './config';
export { apiDocument } from './http/channel-routes';
