// Starts the integrations service: Redis (fail-fast client for the cache), the offline
// city index, the providers chosen by configuration, the warm-up consumer, and the HTTP
// server, on the kit's startService (no store). Used by main.ts and by tests that boot
// the real service in-process.
import {
  createRateLimiter,
  integrationsKeyPrefix,
  startInbox,
  startService,
  type Logger,
  type RunningService,
  verifierFromConfig,
} from '@tripcost/shared';
import { buildApp } from './app';
import type { IntegrationsConfig } from './config';
import { createFxService } from './domain/fx';
import { createPlacesService } from './domain/places';
import { createSuggestionsService } from './domain/suggestions';
import { createWeatherService } from './domain/weather';
import { createWindowWeatherService } from './domain/window-weather';
import { warmUpHandlers } from './jobs/warm-up';
import { frankfurter } from './providers/frankfurter';
import { googlePlaces } from './providers/google-places';
import { openAi } from './providers/openai';
import { createUpstream } from './providers/upstream';
import { openMeteo, openMeteoDaily, openWeatherMap } from './providers/weather-providers';
import { createCache } from './store/cache';
import { loadBundledRates } from './store/fx-snapshot';
import { offlineCityIndex } from './store/offline-cities';

export interface RunningIntegrations extends RunningService {
  /** Resolves when the cache writes started so far have finished; tests wait on it instead of sleeping. */
  cacheSettled(): Promise<void>;
}

export function startIntegrations(config: IntegrationsConfig, logger?: Logger): Promise<RunningIntegrations> {
  return startService<undefined, Pick<RunningIntegrations, 'cacheSettled'>>({
    name: 'integrations',
    config,
    logger,
    // Without this, the first requests after start would skip the cache and the shared
    // rate limit (the request client refuses commands until it is connected); an
    // unreachable Redis does not delay the start.
    redis: { startup: { wait: 'first-outcome', waitMs: 2000 } },
    wire: ({ redis, lifecycle, revokedUsers, logger }) => {
      const cities = offlineCityIndex(logger);
      const upstream = createUpstream(logger);
      // Keys share the deployment's prefix, so parallel test runs never read each other's entries.
      const keyPrefix = integrationsKeyPrefix(config.QUEUE_PREFIX);
      const cache = createCache({ redis, logger, keyPrefix: `${keyPrefix}:cache` });
      const timeoutMs = config.UPSTREAM_TIMEOUT_MS;

      const { weatherProvider, google, suggestionsProvider, fxProvider } = chooseProviders(config, upstream);

      const services = {
        weather: createWeatherService({ provider: weatherProvider, cache }),
        windowWeather: createWindowWeatherService({
          source: openMeteoDaily(upstream, {
            geocodingBaseUrl: config.OPEN_METEO_GEOCODING_BASE_URL,
            forecastBaseUrl: config.OPEN_METEO_BASE_URL,
            archiveBaseUrl: config.OPEN_METEO_ARCHIVE_BASE_URL,
            timeoutMs,
          }),
          cache,
        }),
        places: createPlacesService({ cities, google, cache, logger }),
        suggestions: createSuggestionsService({
          provider: suggestionsProvider,
          model: config.OPENAI_MODEL,
          cache,
          limiter: createRateLimiter({
            redis,
            logger,
            name: `${keyPrefix}:limit:fun-places`,
            limit: config.SUGGESTIONS_PER_USER_PER_HOUR,
            windowMs: 3_600_000,
          }),
        }),
        fx: createFxService({
          provider: fxProvider,
          cache,
          bundled: config.FX_BUNDLED_SNAPSHOT ? loadBundledRates(logger) : undefined,
          logger,
        }),
      };
      logProviders(logger, { weatherProvider, google, suggestionsProvider, fxProvider });

      return {
        inbox: config.WARM_UP_ENABLED
          ? startInbox('integrations', warmUpHandlers(services, logger), {
              redisUrl: config.REDIS_URL,
              logger,
              prefix: config.QUEUE_PREFIX,
            })
          : undefined,
        app: buildApp({
          logger,
          lifecycle,
          verifier: verifierFromConfig(config, logger),
          revokedUsers,
          services,
          cities,
        }),
        extras: { cacheSettled: () => cache.settled() },
      };
    },
  });
}

/** The providers the configuration selects: each with its key, else its keyless fallback or none. */
function chooseProviders(config: IntegrationsConfig, upstream: ReturnType<typeof createUpstream>) {
  const timeoutMs = config.UPSTREAM_TIMEOUT_MS;
  const weatherProvider = config.OPENWEATHER_API_KEY
    ? openWeatherMap(upstream, {
        baseUrl: config.OPENWEATHER_BASE_URL,
        apiKey: config.OPENWEATHER_API_KEY,
        timeoutMs,
      })
    : openMeteo(upstream, {
        geocodingBaseUrl: config.OPEN_METEO_GEOCODING_BASE_URL,
        forecastBaseUrl: config.OPEN_METEO_BASE_URL,
        timeoutMs,
      });
  const google = config.GOOGLE_MAPS_API_KEY
    ? googlePlaces(upstream, {
        baseUrl: config.GOOGLE_PLACES_BASE_URL,
        apiKey: config.GOOGLE_MAPS_API_KEY,
        timeoutMs,
      })
    : undefined;
  const suggestionsProvider = config.OPENAI_API_KEY
    ? openAi(upstream, {
        baseUrl: config.OPENAI_BASE_URL,
        apiKey: config.OPENAI_API_KEY,
        model: config.OPENAI_MODEL,
        timeoutMs: config.OPENAI_TIMEOUT_MS,
      })
    : undefined;

  const fxProvider = config.FX_OFFLINE
    ? undefined
    : frankfurter(upstream, { baseUrl: config.FX_API_URL, timeoutMs: config.FX_TIMEOUT_MS });
  return { weatherProvider, google, suggestionsProvider, fxProvider };
}

/** One line saying which providers answer, and a warning for each feature that is off. */
function logProviders(logger: Logger, chosen: ReturnType<typeof chooseProviders>): void {
  const { weatherProvider, google, suggestionsProvider, fxProvider } = chosen;
  logger.info(
    {
      weather: weatherProvider.source,
      places: google ? 'google' : 'offline',
      suggestions: suggestionsProvider ? 'openai' : 'off',
      fx: fxProvider ? fxProvider.source : 'offline',
    },
    'providers selected',
  );
  // Said once here, so the 503s these features answer are not an error on every trip view.
  if (!suggestionsProvider) logger.warn('OPENAI_API_KEY is not set: place suggestions answer 503 until it is');
  if (!google) logger.warn('GOOGLE_MAPS_API_KEY is not set: offline city data, no place details or photos');
}
