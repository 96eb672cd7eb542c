// Putting a draft's reservations into a trip (issue 43): which window each belongs to,
// its category, whether the trip holds it already, and the cost item it becomes. The
// trips service stays the judge of roles, currencies and amounts: items are added there
// as the caller, one request each.
import { AppError, badRequest, notFound } from '@tripcost/shared';
import type { Draft } from './imports';
import { localDateOf, type Reservation, type ReservationKind } from './reservation';

export type CostCategory = 'stay' | 'travel' | 'car' | 'other';

const CATEGORY_OF: Record<ReservationKind, CostCategory> = {
  lodging: 'stay',
  flight: 'travel',
  train: 'travel',
  bus: 'travel',
  car: 'car',
  event: 'other',
  restaurant: 'other',
  other: 'other',
};
export const categoryOf = (kind: ReservationKind): CostCategory => CATEGORY_OF[kind];

/** What apply needs of a trip, as the caller may read it. */
export interface TripWindows {
  currency: string;
  committedInstanceId: string | null;
  instances: Array<{
    _id: string;
    trip_start: string | null;
    trip_end: string | null;
    items: Array<{ confirmation?: string; name?: string }>;
  }>;
}

export interface NewItem {
  category: CostCategory;
  name: string;
  amount: number;
  currency?: string;
  basis: 'total';
  booked: true;
  paid: boolean;
  confirmation: string;
  estimate: 'keep';
}

/** The trips service as the caller: its refusals come back as AppErrors with the trips service's status and msg. */
export interface TripsPort {
  windowsOf(authorization: string, tripId: string): Promise<TripWindows>;
  addWindow(
    authorization: string,
    tripId: string,
    window: { start: string; end: string },
    key: string,
  ): Promise<string>;
  addItem(authorization: string, tripId: string, instanceId: string, item: NewItem, key: string): Promise<string>;
}

const day = (value: string | null) => (value ? value.slice(0, 10) : null);

/**
 * The window whose dates contain the reservation's local dates as the document writes
 * them; of several, the committed one, else the earliest; null when none does.
 */
export function proposedWindow(trip: TripWindows, reservation: Reservation): string | null {
  const first = localDateOf(reservation.start);
  const last = localDateOf(reservation.end || reservation.start);
  const fitting = trip.instances
    .filter((w) => day(w.trip_start) !== null && day(w.trip_end) !== null)
    .filter((w) => day(w.trip_start)! <= first && last <= day(w.trip_end)!)
    .sort((a, b) => day(a.trip_start)!.localeCompare(day(b.trip_start)!));
  return (fitting.find((w) => w._id === trip.committedInstanceId) ?? fitting[0])?._id ?? null;
}

/** Already in the trip: an item with the same confirmation code, and the same provider when both name one. */
export function isDuplicate(trip: TripWindows, reservation: Reservation): boolean {
  const code = reservation.confirmation?.trim().toUpperCase();
  if (!code) return false;
  const provider = reservation.provider.trim().toLowerCase();
  return trip.instances.some((w) =>
    w.items.some((item) => {
      if ((item.confirmation ?? '').trim().toUpperCase() !== code) return false;
      const named = (item.name ?? '').toLowerCase();
      // Items keep their provider in their name ("Fixture Stays · Hotel X"): a name naming another provider is another booking.
      return !provider || !named.includes('·') || named.includes(provider);
    }),
  );
}

/** The cost item a reservation becomes: its price as a total, booked, paid when the document says so. */
export function itemOf(reservation: Reservation, category: CostCategory): NewItem {
  const name = [reservation.provider, reservation.name].filter(Boolean).join(' · ').slice(0, 120) || category;
  return {
    category,
    name,
    amount: reservation.amount ?? 0,
    ...(reservation.currency ? { currency: reservation.currency } : {}),
    basis: 'total',
    booked: true,
    paid: reservation.paid === true,
    confirmation: (reservation.confirmation ?? '').slice(0, 100),
    estimate: 'keep',
  };
}

export interface PlanEntry {
  index: number;
  category: CostCategory;
  instanceId: string | null;
  duplicate: boolean;
}

export function planFor(trip: TripWindows, draft: Draft): PlanEntry[] {
  return draft.reservations.map((reservation, index) => ({
    index,
    category: categoryOf(reservation.kind),
    instanceId: proposedWindow(trip, reservation),
    duplicate: isDuplicate(trip, reservation),
  }));
}

export interface ApplyChoice {
  index: number;
  instanceId?: string;
  new_window?: { start: string; end: string };
  category?: CostCategory;
}

export interface ApplyOutcome {
  added: Array<{ index: number; instanceId: string; itemId: string }>;
  skipped: Array<{ index: number; msg: string }>;
}

/** Adds the chosen reservations as cost items; duplicates and reservations outside every window are skipped and said. */
export async function applyDraft(
  trips: TripsPort,
  authorization: string,
  draft: Draft,
  tripId: string,
  choices: ApplyChoice[],
): Promise<ApplyOutcome> {
  if (new Set(choices.map((c) => c.index)).size !== choices.length) throw badRequest('Name each reservation once.');
  for (const choice of choices)
    if (!draft.reservations[choice.index]) throw badRequest(`There is no reservation ${choice.index} in this import.`);
  const trip = await trips.windowsOf(authorization, tripId);
  const outcome: ApplyOutcome = { added: [], skipped: [] };
  for (const choice of choices) {
    const reservation = draft.reservations[choice.index];
    if (isDuplicate(trip, reservation)) {
      outcome.skipped.push({
        index: choice.index,
        msg: `Already in this trip (confirmation ${reservation.confirmation}).`,
      });
      continue;
    }
    // The same key on a retry of the same apply: the trips service answers a repeat with the first answer.
    const key = (what: string) => `import-${draft._id}-${choice.index}-${what}`;
    let instanceId = choice.instanceId ?? null;
    if (instanceId && !trip.instances.some((w) => w._id === instanceId))
      throw notFound(`The trip has no window ${instanceId}.`);
    if (!instanceId && choice.new_window) {
      instanceId = await trips.addWindow(authorization, tripId, choice.new_window, key('window'));
    }
    instanceId ??= proposedWindow(trip, reservation);
    if (!instanceId) {
      outcome.skipped.push({
        index: choice.index,
        msg: 'Its dates are outside every window: choose one, or a new window for these dates.',
      });
      continue;
    }
    const item = itemOf(reservation, choice.category ?? categoryOf(reservation.kind));
    const itemId = await trips.addItem(authorization, tripId, instanceId, item, key(`item-${instanceId}`));
    outcome.added.push({ index: choice.index, instanceId, itemId });
    // What was just added counts for the next ones (the same booking twice in one apply).
    trip.instances.find((w) => w._id === instanceId)?.items.push({ confirmation: item.confirmation, name: item.name });
  }
  return outcome;
}

export const tripsRefusal = (status: number, msg: string | undefined) =>
  new AppError(status, msg ?? 'The trips service refused the change.');
