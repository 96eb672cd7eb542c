// The wishlists process: config → start → stop on SIGTERM/SIGINT (the kit's runServiceProcess).
import { runServiceProcess } from '@tripcost/shared';
import { configFrom } from './config';
import { startWishlists } from './server';

runServiceProcess('wishlists', () => configFrom(process.env), startWishlists);
