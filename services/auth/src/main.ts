// The auth process: config → start → stop on SIGTERM/SIGINT (the kit's runServiceProcess).
import { runServiceProcess } from '@tripcost/shared';
import { configFrom } from './config';
import { startAuth } from './server';

runServiceProcess('auth', () => configFrom(process.env), startAuth);
