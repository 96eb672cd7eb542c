// The one backoff rule for trying a call again: the pause doubles from a base up to a
// ceiling. The gateway's upstream retries, service-to-service reads and the outbox
// relay all wait by it (each with its own base and ceiling).

export interface BackoffOptions {
  /** The pause before the first retry. */
  baseMs?: number;
  /** The longest pause. */
  maxMs?: number;
}

/** The wait before attempt `attempt` (1 = the first retry): `baseMs` doubling, at most `maxMs`. */
export function backoffMs(attempt: number, { baseMs = 50, maxMs = 1000 }: BackoffOptions = {}): number {
  return Math.min(maxMs, baseMs * 2 ** (attempt - 1));
}
