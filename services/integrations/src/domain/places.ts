// City autocomplete, place details and photos. Google Places when a key is set;
// otherwise the offline city index, whose ids (`offline:<id>`) are answered locally in
// every mode, with no photos (the web then shows its default image).
import { AppError, notFound, serviceUnavailable, type Logger } from '@tripcost/shared';
import { binaryCodec, CACHE_KINDS, jsonCodec, type Binary, type Cache } from './cache';
import {
  OFFLINE_ID_PREFIX,
  type CityIndex,
  type GooglePlaces,
  type OfflineCity,
  type PlaceDetails,
  type PlaceSuggestion,
} from './ports';
import { normaliseText } from './text';

export { PHOTO_REFERENCE_PATTERN } from './ports';
export const OFFLINE_PLACE_ID_PATTERN = /^offline:(\d{1,10})$/;
export const GOOGLE_PLACE_ID_PATTERN = /^[A-Za-z0-9_-]{1,300}$/;

const suggestionsCodec = jsonCodec<PlaceSuggestion[]>();
const detailsCodec = jsonCodec<PlaceDetails>();

export function createPlacesService(deps: { cities: CityIndex; google?: GooglePlaces; cache: Cache; logger: Logger }) {
  const { cities, google, cache, logger } = deps;

  const offlineSuggestions = (input: string, limit: number): PlaceSuggestion[] =>
    cities.search(input, limit).map((city) => ({
      place_id: `${OFFLINE_ID_PREFIX}${city.cityId}`,
      description: city.description,
      main_text: city.main_text,
      secondary_text: city.secondary_text,
    }));

  const offlineDetails = (city: OfflineCity): PlaceDetails => ({
    photos: [],
    formatted_address: city.description,
    trip_location: city.description,
  });

  return {
    async autocomplete(input: string, limit: number): Promise<PlaceSuggestion[]> {
      if (!normaliseText(input)) return [];
      if (!google) return offlineSuggestions(input, limit);
      try {
        return await cache.getOrLoad(
          CACHE_KINDS.autocomplete,
          [normaliseText(input), String(limit)],
          suggestionsCodec,
          () => google.autocomplete(input, limit),
        );
      } catch (error) {
        // Searching must keep working when Google does not: the offline ids work everywhere.
        if (error instanceof AppError && error.status >= 500) {
          logger.warn({ status: error.status }, 'places autocomplete failed; answering from the offline index');
          return offlineSuggestions(input, limit);
        }
        throw error;
      }
    },

    async details(placeId: string): Promise<PlaceDetails> {
      const offline = OFFLINE_PLACE_ID_PATTERN.exec(placeId);
      if (offline) {
        const city = cities.byId(Number(offline[1]));
        if (!city) throw notFound('Place not found.');
        return offlineDetails(city);
      }
      if (!google) throw serviceUnavailable('Place details are not available right now.', 'not_configured');
      return cache.getOrLoad(CACHE_KINDS.placeDetails, [placeId], detailsCodec, () => google.details(placeId));
    },

    async photo(photoReference: string): Promise<Binary> {
      if (!google) throw serviceUnavailable('Place photos are not available right now.', 'not_configured');
      return cache.getOrLoad(CACHE_KINDS.photo, [photoReference], binaryCodec, () => google.photo(photoReference));
    },

    photosConfigured: google !== undefined,
  };
}

export type PlacesService = ReturnType<typeof createPlacesService>;
