// The trips process: config → start → stop on SIGTERM/SIGINT (the kit's runServiceProcess).
import { runServiceProcess } from '@tripcost/shared';
import { configFrom } from './config';
import { startTrips } from './server';

runServiceProcess('trips', () => configFrom(process.env), startTrips);
