// The bin's purge job: every `intervalMs` (and once at start), what was deleted more than
// 30 days ago leaves the bin for good (history/domain/bin.ts). Every replica runs it: a
// purge is one delete by date, so two at once remove nothing twice.
import type { Logger } from '@tripcost/shared';
import type { TripsService } from '../domain/trips-service';

export function startBinPurge(
  trips: Pick<TripsService, 'purgeBin'>,
  { intervalMs, logger }: { intervalMs: number; logger: Logger },
): { stop(): void } {
  let running: Promise<void> | null = null;
  const run = () => {
    // One run at a time: a slow store never piles runs up.
    running ??= trips
      .purgeBin()
      .then((purged) => {
        if (purged > 0) logger.info({ purged }, 'bin purged of what was deleted 30 days ago');
      })
      .catch((error) => logger.warn({ err: error }, 'bin purge failed; the next run tries again'))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
