// Steady traffic through the gateway for the fault suites: N connections, each its
// own loop of reads and writes (trips, wishlists, the profile) as a traveller with a
// list of their own, until stopped. Every request is recorded with its outcome, so
// a suite can count what failed and prove that nothing outlived its client timeout.
import { call, newTraveller } from './client';

export interface Outcome {
  op: string;
  /** HTTP status, or undefined when no answer came (network error or timeout). */
  status?: number;
  error?: string;
  /** The client gave up waiting (the request hung past its timeout). */
  timedOut: boolean;
}

export interface Load {
  outcomes: Outcome[];
  /** Safe requests sent again because their reused connection closed first (see LoadOptions). */
  closedRetries: () => number;
  /** Resolves once every connection has finished its current request. */
  stop(): Promise<void>;
}

type Op = { name: string; expect: number[]; run: () => Promise<{ status: number }> };

export interface LoadOptions {
  connections: number;
  /** Travellers the connections are spread over (each registration costs a password hash). */
  travellers: number;
  timeoutMs: number;
  /** Repeat a safe request (or a POST, sent with an Idempotency-Key) once when its reused connection closed before any answer. */
  retryClosedLikeBrowsers?: boolean;
}

/** Prepares travellers and lists, then runs the loops; resolves once traffic flows. */
export async function startLoad(gatewayUrl: string, options: LoadOptions): Promise<Load> {
  const travellers = [];
  for (let index = 0; index < options.travellers; index += 1) travellers.push(await newTraveller(gatewayUrl));
  const outcomes: Outcome[] = [];
  let closedRetries = 0;
  const onClosedRetry = options.retryClosedLikeBrowsers ? () => void (closedRetries += 1) : undefined;
  let running = true;
  const loops: Promise<void>[] = [];
  for (let connection = 0; connection < options.connections; connection += 1) {
    const { token } = travellers[connection % travellers.length];
    const as = { token, timeoutMs: options.timeoutMs, onClosedRetry };
    const list = await call(gatewayUrl, 'POST', '/api/wishlist/createlist', {
      ...as,
      body: { list_name: `Connection ${connection}`, trips: [] },
    });
    if (list.status !== 201) throw new Error(`createlist: ${list.status} ${JSON.stringify(list.body)}`);
    const listId: string = list.body._id;
    let favourite: string | undefined;
    let lastTrip: string | undefined;
    const ops: Op[] = [
      {
        name: 'create trip',
        expect: [201],
        run: async () => {
          const reply = await call(gatewayUrl, 'POST', '/api/trips/getaway-trip', {
            ...as,
            body: { location_address: `Place ${connection}, Portugal` },
          });
          if (reply.status === 201) lastTrip = reply.body._id;
          return reply;
        },
      },
      { name: 'list trips', expect: [200], run: () => call(gatewayUrl, 'GET', '/api/trips/getaway-trip?limit=20', as) },
      {
        name: 'favourite or unfavourite',
        expect: [200],
        run: async () => {
          if (favourite) {
            const reply = await call(gatewayUrl, 'DELETE', `/api/wishlist/${listId}/remove-trip/${favourite}`, as);
            if (reply.status === 200) favourite = undefined;
            return reply;
          }
          const tripId = lastTrip;
          if (!tripId) return call(gatewayUrl, 'GET', '/api/wishlist/getlists', as);
          const reply = await call(gatewayUrl, 'POST', `/api/wishlist/addtrip/${listId}`, {
            ...as,
            body: { _id: tripId },
          });
          if (reply.status === 200) favourite = tripId;
          return reply;
        },
      },
      { name: 'list wishlists', expect: [200], run: () => call(gatewayUrl, 'GET', '/api/wishlist/getlists', as) },
      { name: 'profile', expect: [200], run: () => call(gatewayUrl, 'GET', '/api/user/infor', as) },
    ];
    loops.push(
      (async () => {
        for (let turn = connection; running; turn += 1) {
          const op = ops[turn % ops.length];
          try {
            const reply = await op.run();
            outcomes.push({ op: op.name, status: reply.status, timedOut: false });
            if (!op.expect.includes(reply.status)) {
              outcomes[outcomes.length - 1].error =
                `${reply.status} ${JSON.stringify((reply as { body?: unknown }).body)}`;
            }
          } catch (error) {
            const name = (error as Error).name;
            outcomes.push({
              op: op.name,
              timedOut: name === 'TimeoutError' || name === 'AbortError',
              // fetch says only "fetch failed"; the cause says what the socket met.
              error: `${name}: ${(error as Error).message}${causeOf(error)}`,
            });
          }
        }
      })(),
    );
  }
  return {
    outcomes,
    closedRetries: () => closedRetries,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

const causeOf = (error: unknown): string => {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause ? ` (${cause.code ?? cause.message})` : '';
};

/** How many requests failed in all, from failuresOf's counts. */
export const totalOf = (failures: Record<string, number>): number =>
  Object.values(failures).reduce((sum, count) => sum + count, 0);

/** Requests that did not get the answer a traveller expects, by operation and error. */
export function failuresOf(outcomes: Outcome[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) {
    if (!outcome.error) continue;
    const key = `${outcome.op}: ${outcome.error.slice(0, 160)}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
