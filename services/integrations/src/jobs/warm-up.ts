// Warm-up on `trip.created` (docs/architecture.md §5): pre-fill the weather, photo and
// suggestion caches for the new trip's location so its overview opens instantly.
// Best effort: a provider that is not configured is skipped, and a provider failure
// is logged, never retried through the job (the next page view simply loads it).
import { AppError, type EventHandlers, type Logger, type TripSnapshot } from '@tripcost/shared';
import { PHOTO_REFERENCE_PATTERN } from '../domain/places';
import { parseTripLocation } from '../domain/text';
import type { IntegrationsServices } from '../domain/services';

export function warmUpHandlers(services: IntegrationsServices, logger: Logger): EventHandlers {
  return {
    'trip.created': async (event) => {
      const { trip } = event.payload;
      const location = (trip.trip_location || trip.location_address || '').slice(0, 200);
      const parts = parseTripLocation(location);
      const photoReference = photoReferenceOf(trip);
      const tasks: [string, Promise<unknown>][] = [];
      if (parts) tasks.push(['weather', services.weather.current(parts)]);
      if (photoReference && services.places.photosConfigured)
        tasks.push(['photo', services.places.photo(photoReference)]);
      if (parts && services.suggestions.configured)
        tasks.push(['suggestions', services.suggestions.funPlaces(location, trip.user_id)]);
      const outcomes = await Promise.allSettled(tasks.map(([, task]) => task));
      outcomes.forEach((outcome, index) => {
        if (outcome.status === 'fulfilled') return;
        const error = outcome.reason as unknown;
        const detail = error instanceof AppError ? { status: error.status, reason: error.message } : { err: error };
        logger.warn(
          { ...detail, eventId: event.id, tripId: trip._id, cache: tasks[index]![0] },
          'cache warm-up skipped',
        );
      });
      logger.debug({ eventId: event.id, tripId: trip._id, warmed: tasks.length }, 'caches warmed for new trip');
    },
  };
}

/** Trips store their photo as our own /api/places-pics URL (absolute or relative). */
function photoReferenceOf(trip: TripSnapshot): string | undefined {
  if (!trip.image_url) return undefined;
  try {
    const url = new URL(trip.image_url, 'http://localhost');
    if (!url.pathname.endsWith('/api/places-pics')) return undefined;
    const reference = url.searchParams.get('photoreference') ?? '';
    return PHOTO_REFERENCE_PATTERN.test(reference) ? reference : undefined;
  } catch {
    return undefined;
  }
}
