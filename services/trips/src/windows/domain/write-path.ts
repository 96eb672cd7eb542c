// The write path every change of a trip takes: read it with the caller's role checked
// (sharing's access rule), ask for today's exchange rates first when the change needs
// them, apply one pure rule once, check and settle the trip as it will be stored, and
// write it with a compare-and-swap on its version (retried a few times on a collision,
// then 409). `ifMatch` is the client's If-Match: a stale one answers 412 without
// changing anything. A change that changes nothing (changesNothing) writes nothing: 200
// with the trip as stored, the same version, even under a stale If-Match.
// A change other services must hear about carries its event in the same write (the
// trip's outbox); the relay is nudged afterwards to publish it. Every committed change
// is also told to the trip's live followers, here and nowhere else, and remembered in
// the trip's history (its entry written with the change, history/recorder.ts).
import { changeVersioned, ifMatchAllows, serviceUnavailable, versionOf, type RateTable } from '@tripcost/shared';
import { RATES_UNAVAILABLE, type RatesSource } from '../../currency';
import type { HistoryRecorder } from '../../history';
import type { ChangeKind, LiveUpdates } from '../../live';
import { tripUpdated, withAlertState, withTripEvent, type Announce, type TripAccess } from '../../sharing';
import { actorNameIn, type Action, type TripRecord, type TripStore } from '../../trip';
import { changesNothing, settleChange } from './change-checks';

/**
 * What a change request carries besides its body: the trip version the client last saw
 * (If-Match), and its Authorization, passed on when the change needs today's exchange
 * rates (the rates service applies its own check).
 */
export interface Precondition {
  ifMatch?: string;
  authorization?: string;
  /** When a change made offline was made on the device (ISO): its history entry's made_at. */
  madeAt?: string;
  /** The history entry this change undoes: its entry is an `undo` naming it. */
  reverts?: string;
  /** The entry's action when it is not the change's kind (`restore`: out of the bin). */
  historyAction?: string;
}

/** Who made a change; without a name (an event's user), their member name in the trip is used. */
export interface Actor {
  id: string;
  name?: string;
}

/** A change that may need today's rates: whether it does (from the stored trip and the body), and the rule. */
export interface RatedChange {
  needsRates(trip: TripRecord): boolean;
  apply(trip: TripRecord, at: string, rates: RateTable | undefined): TripRecord;
  /** The day whose published rates it needs ('YYYY-MM-DD', a payment's paid_on); absent: today's. */
  ratesDay?: string;
}

export interface WritePath {
  /**
   * One rule applied to the user's trip, written with compare-and-swap; `announce`
   * makes the event that goes into the same write (none for a no-op, or when it says
   * none); the relay is nudged only when one was written. A change that was written is
   * told to the trip's live followers as `what`.
   */
  changeTrip(
    actor: Actor,
    tripId: string,
    what: ChangeKind,
    apply: (trip: TripRecord, at: string) => TripRecord,
    precondition?: Precondition,
    announce?: Announce | null,
    action?: Action,
  ): Promise<TripRecord>;
  /**
   * A change whose rule may need today's rates: asked first, on the trip as read (503 when
   * unavailable: nothing saved), then the rule applied once with them.
   */
  changeTripWithRates(
    actor: Actor,
    tripId: string,
    what: ChangeKind,
    change: RatedChange,
    precondition?: Precondition,
    announce?: Announce | null,
    action?: Action,
  ): Promise<TripRecord>;
  /** Tells the trip's live followers about a committed change (`trip`: as written). */
  committed(trip: TripRecord, actor: Actor, what: ChangeKind): Promise<void>;
  /** Tells the outbox relay an event was written. */
  nudgeOutbox(): void;
}

export function createWritePath(deps: {
  store: TripStore;
  access: Pick<TripAccess, 'tripFor'>;
  now: () => string;
  /** Runs work on one trip one at a time in this process. */
  queued<T>(tripId: string, work: () => Promise<T>): Promise<T>;
  outbox?: { nudge(): void };
  rates?: RatesSource;
  live?: Pick<LiveUpdates, 'publish'>;
  /** Remembers every change: its entry goes into the same write, and is settled before the answer. */
  recorder: Pick<HistoryRecorder, 'remember' | 'settle'>;
  changeAttempts?: number;
}): WritePath {
  const { store, access, now } = deps;
  const nudgeOutbox = () => deps.outbox?.nudge();

  async function committed(trip: TripRecord, actor: Actor, what: ChangeKind): Promise<void> {
    // A member's private limit is theirs alone: no one else hears of it (shares/limits.ts).
    if (what === 'limit') return;
    const name = actorNameIn(trip, actor.id, actor.name);
    await deps.live?.publish(trip._id, { version: versionOf(trip), actor_id: actor.id, actor_name: name, what });
  }

  async function latestRates(authorization: string | undefined, day?: string): Promise<RateTable> {
    if (!deps.rates) throw serviceUnavailable(RATES_UNAVAILABLE, 'rates_unavailable');
    return day ? deps.rates.on(day, authorization) : deps.rates.latest(authorization);
  }

  async function write(
    actor: Actor,
    tripId: string,
    what: ChangeKind,
    change: RatedChange,
    precondition: Precondition,
    announce: Announce | null,
    action: Action,
  ): Promise<TripRecord> {
    let wrote = false;
    let announced = false;
    let rates: RateTable | undefined;
    const changed = await deps.queued(tripId, () =>
      changeVersioned<TripRecord>({
        read: async () => {
          const { trip } = await access.tripFor(actor.id, tripId, action);
          // Asked first, once per change: only when the change needs them on this trip, and
          // not for a stale If-Match (the rule is refused with 412 then, as any rule is).
          if (rates === undefined && ifMatchAllows(precondition.ifMatch, trip) && change.needsRates(trip)) {
            rates = await latestRates(precondition.authorization, change.ratesDay);
          }
          return trip;
        },
        apply: (trip) => {
          const at = now();
          const applied = change.apply(trip, at, rates);
          wrote = false;
          announced = false;
          if (applied === trip) return trip;
          // Checked as it will be stored, then the itemised expenses derived again.
          const next = settleChange(trip, applied);
          // Nothing but the time changed (an empty body, the same values again, a field
          // the caller's role may not set): no write, no version, no event, no live change.
          if (changesNothing(trip, next)) return trip;
          wrote = true;
          const remembered = deps.recorder.remember(trip, next, actor, what, at, {
            madeAt: precondition.madeAt,
            reverts: precondition.reverts,
            action: precondition.historyAction,
          });
          const stated = withAlertState(remembered, at, trip, actor.id);
          const event = announce?.(stated, at, trip) ?? null;
          announced = event !== null || stated !== remembered;
          return event ? withTripEvent(stated, event) : stated;
        },
        write: (next, expected) => store.replace(next, expected),
        ifMatch: precondition.ifMatch,
        attempts: deps.changeAttempts,
      }),
    );
    if (announced) nudgeOutbox();
    if (wrote) {
      // The entry is in the history store before the change is answered (recorder.ts).
      await deps.recorder.settle(changed);
      await committed(changed, actor, what);
    }
    return changed;
  }

  const noRates = () => false;
  return {
    changeTrip: (actor, tripId, what, apply, precondition = {}, announce = tripUpdated, action = 'edit') =>
      write(actor, tripId, what, { needsRates: noRates, apply }, precondition, announce, action),
    changeTripWithRates: (actor, tripId, what, change, precondition = {}, announce = tripUpdated, action = 'edit') =>
      write(actor, tripId, what, change, precondition, announce, action),
    committed,
    nudgeOutbox,
  };
}
