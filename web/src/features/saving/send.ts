// Sending a change that is not a field edit (an item added or deleted, a window created,
// copied or deleted, a vote, a wishlist change): without a network it is handed to the
// store's offline keeper (home.ts) to be sent later (ADR 0038), and the page is answered
// from the trip as it will be.
import type { FetchArgs, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { Kept, OfflineWindowCreate, OfflineWindowRemove } from '../../lib/offline/changeQueue';
import type { Instance } from '../../lib/types';
import type { KeptRemoval, Sender } from './home';

type Result<T> = { data: T } | { error: FetchBaseQueryError };

/** Sends `args`; without a network keeps it to be sent later (ADR 0038) and answers from the trip as it will be. */
export async function sendOrKeep<T>(
  { baseQuery, keeper }: Sender,
  tripId: string,
  args: FetchArgs & { method: string },
  keep: Kept<T>,
): Promise<Result<T>> {
  const sent = await baseQuery(args);
  if (sent.error?.status === 'FETCH_ERROR' && keeper) {
    const idempotencyKey = (args.headers as Record<string, string> | undefined)?.['Idempotency-Key'];
    const { url, method, body } = args;
    const { tempId, idAt, alsoIds } = keep;
    const request = { url, method, body, idempotencyKey, tempId, idAt, alsoIds };
    const shown = await keeper.keepRequest({ tripId, request, show: keep.show });
    if (shown) return { data: keep.answer(shown === true ? (undefined as never) : shown) };
  }
  return sent.error ? { error: sent.error } : { data: sent.data as T };
}

/** A window's create (with its Idempotency-Key); without a network it is kept and shown at the top. */
export async function createOrKeep<T>(
  { baseQuery, keeper }: Sender,
  args: FetchArgs & { method: string },
  create: OfflineWindowCreate,
  answerOf: (kept: Instance) => T,
): Promise<Result<T>> {
  const sent = await baseQuery(args);
  if (sent.error?.status === 'FETCH_ERROR' && keeper) {
    const kept = await keeper.keepWindowCreate(create);
    if (kept) return { data: answerOf(kept.data) };
  }
  return sent.error ? { error: sent.error } : { data: sent.data as T };
}

/** A window's deletion; without a network it is kept and the window leaves the trip as shown. */
export async function removeOrKeep<T>(
  { baseQuery, keeper }: Sender,
  args: FetchArgs & { method: string },
  remove: OfflineWindowRemove,
  answerOf: (kept: KeptRemoval) => T,
): Promise<Result<T>> {
  const sent = await baseQuery(args);
  if (sent.error?.status === 'FETCH_ERROR' && keeper) {
    const kept = await keeper.keepWindowRemove(remove);
    if (kept) return { data: answerOf(kept.data) };
  }
  return sent.error ? { error: sent.error } : { data: sent.data as T };
}
