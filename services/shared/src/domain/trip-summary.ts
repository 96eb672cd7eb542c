// A trip as its card shows it (GET /api/trips/getaway-trip?view=summary): what the
// card lists and their filters read — place, photo, dates, cost, travellers, budget,
// whether a window is committed and what is still to pay on it, how many windows
// there are, the earliest and cheapest of them, and whether a figure rests on a stale
// price — and nothing of the windows' items, deltas or notes (a card list of 200
// trips stays under 100 kB before compression). One rule for both sides: the trips service answers it, and
// the web app keeps its cached card list in step with a trip a save answered.

/** What a summary carries over from the trip as it is. */
interface CardFields<D> {
  _id: string;
  location_address: string;
  image_url: string;
  isFavorite: boolean;
  trip_start: D | null;
  trip_end: D | null;
  created_at: D;
  travelers: number;
  budget: number | null;
  /** ISO 4217: the currency of every figure of the trip. */
  currency: string;
  total_cost: number;
  per_person: number;
  /** The caller's role on the trip (a shared trip's card says whose it is). */
  role: 'owner' | 'editor' | 'viewer';
  owner_name: string;
}

/** The trip fields a summary is made from (the trips service's trip answer). */
export interface SummarisedTrip<D> extends CardFields<D> {
  committedInstanceId: string | null;
  comparison: { cheapest_is_stale: boolean };
  instances: ReadonlyArray<{
    _id: string;
    trip_start: D | null;
    isCommitted: boolean;
    total_cost: number;
    to_pay: number;
    items?: readonly unknown[];
    freshness: { stale_items: number };
  }>;
}

export interface TripSummary<D = string> extends CardFields<D> {
  /** A window is committed (also one only flagged isCommitted, from older data). */
  committed: boolean;
  /** How many date windows the trip has. */
  windows: number;
  /** The earliest start among the trip and its windows; null when none is dated. */
  earliest_start: D | null;
  /** The cheapest window's total; null without windows. */
  cheapest_total: number | null;
  /** Still to pay for the committed window's itemised costs; absent without a committed window with items. */
  to_pay?: number;
  /** The figure the card stands on (the committed window, else the cheapest) uses a price seen long ago. */
  stale_prices: boolean;
  /** Made from a trip with its costs (a viewer of hidden costs gets the trips service's own shorter card). */
  costs_hidden: false;
}

const timeOf = (value: unknown): number => {
  const time = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isNaN(time) ? Infinity : time;
};

export function tripSummary<D>(trip: SummarisedTrip<D>): TripSummary<D> {
  const committed =
    trip.instances.find((window) => window._id === trip.committedInstanceId) ??
    trip.instances.find((window) => window.isCommitted);
  let earliest = trip.trip_start;
  for (const window of trip.instances) {
    if (timeOf(window.trip_start) < timeOf(earliest)) earliest = window.trip_start;
  }
  const totals = trip.instances.map((window) => window.total_cost);
  return {
    _id: trip._id,
    location_address: trip.location_address,
    image_url: trip.image_url,
    isFavorite: trip.isFavorite,
    trip_start: trip.trip_start,
    trip_end: trip.trip_end,
    created_at: trip.created_at,
    travelers: trip.travelers,
    budget: trip.budget,
    currency: trip.currency,
    total_cost: trip.total_cost,
    per_person: trip.per_person,
    committed: committed !== undefined,
    windows: trip.instances.length,
    earliest_start: timeOf(earliest) === Infinity ? null : earliest,
    cheapest_total: totals.length > 0 ? Math.min(...totals) : null,
    ...(committed?.items?.length ? { to_pay: committed.to_pay } : {}),
    stale_prices: committed ? committed.freshness.stale_items > 0 : trip.comparison.cheapest_is_stale,
    role: trip.role,
    owner_name: trip.owner_name,
    costs_hidden: false,
  };
}
