// The dated snapshot of ECB reference rates that ships with the product
// (data/fx-snapshot.json, refreshed by scripts/refresh-fx-snapshot.mjs before a release),
// so a product with no network still converts, labelled "bundled" with the snapshot's date.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '@tripcost/shared';
import { BUNDLED_SOURCE, parseEurRates, type SourcedEurRates } from '../domain/fx';

/** From src/store or dist/store alike: the service's own data folder. */
export const BUNDLED_SNAPSHOT_FILE = join(__dirname, '..', '..', 'data', 'fx-snapshot.json');

/** The snapshot's rates, or undefined (logged) when the file is missing or not a snapshot. */
export function loadBundledRates(logger: Logger, file = BUNDLED_SNAPSHOT_FILE): SourcedEurRates | undefined {
  try {
    const rates = parseEurRates(JSON.parse(readFileSync(file, 'utf8')));
    if (rates) return { ...rates, source: BUNDLED_SOURCE };
    logger.error({ file }, 'the bundled exchange-rate snapshot is not a EUR rates answer; ignoring it');
  } catch (error) {
    logger.error({ err: error, file }, 'the bundled exchange-rate snapshot could not be read; ignoring it');
  }
  return undefined;
}
