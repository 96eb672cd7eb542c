// The integrations process: config → start → stop on SIGTERM/SIGINT (the kit's runServiceProcess).
import { runServiceProcess } from '@tripcost/shared';
import { configFrom } from './config';
import { startIntegrations } from './server';

runServiceProcess('integrations', () => configFrom(process.env), startIntegrations);
