// The integrations service's settings (docs/architecture.md §6–7). Every provider is optional:
// an unset key selects the keyless fallback (Open-Meteo, the offline city index) or a
// clean 503, and every base URL can point at a local fake so tests never leave the box.
import { z } from 'zod';
import {
  booleanSetting,
  commonSettings,
  loadConfig,
  portSetting,
  tokenVerifierSettings,
  urlSetting,
} from '@tripcost/shared';

/** An API key: blank means "not configured", so `KEY=` in a .env file behaves like no key. */
const apiKeySetting = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

const baseUrlSetting = urlSetting;

const milliseconds = z.coerce.number().int().min(50).max(120_000);

export const integrationsConfigSchema = z
  .object({
    ...commonSettings,
    PORT: portSetting(4004),
    ...tokenVerifierSettings,
    /** Deadline of one upstream call, retry included. */
    UPSTREAM_TIMEOUT_MS: milliseconds.default(5000),
    /** Chat completions are slower than lookups; unset means UPSTREAM_TIMEOUT_MS. */
    OPENAI_TIMEOUT_MS: milliseconds.optional(),

    OPENWEATHER_API_KEY: apiKeySetting,
    OPENWEATHER_BASE_URL: baseUrlSetting('https://api.openweathermap.org'),
    OPEN_METEO_GEOCODING_BASE_URL: baseUrlSetting('https://geocoding-api.open-meteo.com'),
    OPEN_METEO_BASE_URL: baseUrlSetting('https://api.open-meteo.com'),
    /** Historical daily weather, for the typical weather of dates beyond the forecast. */
    OPEN_METEO_ARCHIVE_BASE_URL: baseUrlSetting('https://archive-api.open-meteo.com'),
    GOOGLE_MAPS_API_KEY: apiKeySetting,
    GOOGLE_PLACES_BASE_URL: baseUrlSetting('https://places.googleapis.com'),
    OPENAI_API_KEY: apiKeySetting,
    OPENAI_MODEL: z.string().min(1).max(100).default('gpt-4o-mini'),
    OPENAI_BASE_URL: baseUrlSetting('https://api.openai.com'),

    /** Exchange rates: the ECB's reference rates through a keyless Frankfurter-compatible API. */
    FX_API_URL: baseUrlSetting('https://api.frankfurter.dev/v1'),
    /** Short: when it passes, the last good or the bundled rates answer instead (offline `npm start`). */
    FX_TIMEOUT_MS: milliseconds.default(3000),
    /** Never call the rates provider: the last good rates, else the bundled snapshot. */
    FX_OFFLINE: booleanSetting(false),
    /** Fall back to the snapshot in data/fx-snapshot.json when nothing better is kept. */
    FX_BUNDLED_SNAPSHOT: booleanSetting(true),

    /** Suggestion calls cost money: at most this many provider calls per user per hour. */
    SUGGESTIONS_PER_USER_PER_HOUR: z.coerce.number().int().min(1).max(10_000).default(20),
    /** Consume `trip.created` and pre-fill the caches for the new trip's location. */
    WARM_UP_ENABLED: booleanSetting(true),
  })
  .transform((config) => ({ ...config, OPENAI_TIMEOUT_MS: config.OPENAI_TIMEOUT_MS ?? config.UPSTREAM_TIMEOUT_MS }));

export type IntegrationsConfig = z.infer<typeof integrationsConfigSchema>;

export function configFrom(env: Record<string, string | undefined> = process.env): IntegrationsConfig {
  return loadConfig(integrationsConfigSchema, env);
}
