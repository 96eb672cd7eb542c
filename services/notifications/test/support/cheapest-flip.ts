// A trip's cheapest window changing, as trips announces it: two alert states (May is the
// cheapest, then June) into the notifications inbox, so each other member gets one
// "cheapest" alert. The channel suites (push, webhook, digest) send alerts this way.
import type { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { EVENT_JOB_OPTIONS, type AuthUser, type TripAlertState } from '@tripcost/shared';

export async function cheapestFlip(
  inbox: Queue,
  trip: { owner: AuthUser; members: Record<string, 'full' | 'hidden'>; name: string; total: number; at?: Date },
): Promise<string> {
  const tripId = randomUUID().replace(/-/g, '').slice(0, 24);
  const state = (version: number, window: string): TripAlertState => ({
    _id: tripId,
    name: trip.name,
    currency: 'EUR',
    version,
    access: { [trip.owner.id]: 'full', ...trip.members },
    names: {},
    cheapest: { instance_id: window, label: window === 'w1' ? 'May' : 'June', total: trip.total },
    committed: null,
    over_budget_by: null,
    actor_id: trip.owner.id,
  });
  for (const alertState of [state(1, 'w1'), state(2, 'w2')]) {
    const id = randomUUID();
    const occurredAt = (trip.at ?? new Date()).toISOString();
    const event = { id, type: 'trip.alert-state', occurredAt, payload: { trip: alertState } };
    await inbox.add('trip.alert-state', event, { ...EVENT_JOB_OPTIONS, jobId: id });
  }
  return tripId;
}
