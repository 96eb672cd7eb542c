// The notifications process: config → start → stop on SIGTERM/SIGINT (the kit's runServiceProcess).
import { runServiceProcess } from '@tripcost/shared';
import { configFrom } from './config';
import { startNotifications } from './server';

runServiceProcess('notifications', () => configFrom(process.env), startNotifications);
