// Answers about one trip carry its version as an ETag (shared http/etag), so a client can
// send If-Match with its next change and If-None-Match with its next read.
import type { Response } from 'express';
import { etagOf } from '@tripcost/shared';
import type { WindowVotes } from '../domain/sharing';

/** An answer that carries its trip, tagged with the trip's version. */
export function answeredWithTrip<A extends { trip: Parameters<typeof tagged>[1] }>(
  res: Response,
  answer: A,
): { body: A } {
  tagged(res, answer.trip);
  return { body: answer };
}

/** Sets the trip's ETag on the answer and hands the trip on. */
export function tagged<T extends { version: number; instances?: ReadonlyArray<{ votes?: WindowVotes }> }>(
  res: Response,
  trip: T,
): T {
  res.setHeader('ETag', etagOf(trip));
  // Votes change an answer without changing the version its ETag names (votes.ts): such an
  // answer is never kept, so no cache revalidates it into a 304 with old votes.
  const voted = trip.instances?.some(({ votes }) => votes !== undefined && votes.yes + votes.maybe + votes.no > 0);
  if (voted) res.setHeader('Cache-Control', 'no-store');
  return trip;
}
