// The domain's view of the trips service: "is this the caller's trip, and what does
// it look like now?". Implemented over HTTP in src/http/trips-client.ts; the answer
// comes from the trips service's own data, never from the request body.
import type { TripPreview } from './wishlist-store';

export interface TripDirectory {
  /**
   * The caller's trip as a preview. Throws AppError 404 'Trip not found.' when it is
   * missing or someone else's, 503 when the trips service cannot answer.
   */
  ownedTrip(tripId: string, authorization: string): Promise<TripPreview>;
}
