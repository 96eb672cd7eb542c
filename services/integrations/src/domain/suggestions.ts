// Fun-place suggestions for a location. Each provider call costs money, so answers are
// cached a week per normalised location and every call that reaches the provider
// counts against the hourly allowance of the caller who triggered it; cached answers are free.
import { badRequest, serviceUnavailable, tooManyRequests, type RateLimiter } from '@tripcost/shared';
import type { SuggestionsProvider } from './ports';
import { CACHE_KINDS, jsonCodec, type Cache } from './cache';
import { normaliseText } from './text';

export const SUGGESTIONS_UNAVAILABLE = 'Suggestions are not available right now.';
const codec = jsonCodec<string>();

export function createSuggestionsService(deps: {
  provider?: SuggestionsProvider;
  model: string;
  cache: Cache;
  limiter: RateLimiter;
}) {
  const { provider, model, cache, limiter } = deps;
  return {
    configured: provider !== undefined,
    /** `who` is the user id the call is charged to. */
    async funPlaces(location: string, who: string): Promise<{ funPlaces: string }> {
      if (!provider) throw serviceUnavailable(SUGGESTIONS_UNAVAILABLE, 'not_configured');
      const normalised = normaliseText(location);
      if (!normalised) throw badRequest('Please give a location.');
      // The allowance is charged inside the shared load: only a call that really goes to
      // the provider costs one, however many identical requests were waiting on it.
      const funPlaces = await cache.getOrLoad(CACHE_KINDS.suggestions, [model, normalised], codec, async () => {
        if (!(await limiter.consume(who)).allowed) {
          throw tooManyRequests('You have asked for many suggestions in the last hour. Please try again later.');
        }
        return provider.funPlaces(location);
      });
      return { funPlaces };
    },
  };
}

export type SuggestionsService = ReturnType<typeof createSuggestionsService>;
