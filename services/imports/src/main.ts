// The imports process: config → start → stop on SIGTERM/SIGINT (the kit's runServiceProcess).
import { runServiceProcess } from '@tripcost/shared';
import { configFrom } from './config';
import { startImports } from './server';

runServiceProcess('imports', () => configFrom(process.env), startImports);
