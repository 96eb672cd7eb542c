// Invitation tokens are 256-bit random, so guessing one is hopeless; still, each
// caller's failed look-ups are counted with the kit's one rate limiter (Redis, shared by
// every replica) and refused with 429 past the limit, so a token link cannot be probed.
import { tooManyRequests, type RateLimiter } from '@tripcost/shared';

export interface GuessLimit {
  /** Throws 429 while the caller has failed too often in the current window. */
  check(userId: string): Promise<void>;
  /** Counts a look-up of a token that named no open invitation. */
  failed(userId: string): Promise<void>;
}

export const noGuessLimit: GuessLimit = { check: async () => {}, failed: async () => {} };

export const TOO_MANY_GUESSES = 'Too many invitation links that were not valid. Please try again later.';

export function guessLimit(limiter: RateLimiter): GuessLimit {
  return {
    async check(userId) {
      if ((await limiter.peek(userId)).count >= limiter.limit) throw tooManyRequests(TOO_MANY_GUESSES);
    },
    async failed(userId) {
      await limiter.consume(userId);
    },
  };
}
