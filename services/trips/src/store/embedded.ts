// TripStore on the embedded NeDB collection (local mode). Every change is a
// read-modify-write inside `exclusive`, applying the same pure change functions
// the domain defines, so it is one indivisible step like a MongoDB update.
import { embeddedDir, openEmbeddedCollection, type EmbeddedCollection } from '@tripcost/shared';
import { compareTrips } from '../domain/ordering';
import type { TripRecord } from '../domain/trip';
import { applyAddInstance, applyCommit, applyRemoveInstance, applyUpdate } from '../domain/trip-changes';
import type { TripStore } from './trip-store';

export async function openEmbeddedTripStore(dataDir: string): Promise<TripStore> {
  const collection: EmbeddedCollection<TripRecord> = await openEmbeddedCollection<TripRecord>(
    embeddedDir(dataDir, 'trips'),
    'trips',
    [{ fieldName: 'user_id' }],
  );
  const { db } = collection;

  const findOwned = async (tripId: string, userId: string) => {
    const trip = await db.findOneAsync({ _id: tripId });
    return trip && trip.user_id === userId ? trip : null;
  };

  /** Read, change and write back one trip with no other change interleaved. */
  const change = (tripId: string, userId: string, next: (trip: TripRecord) => TripRecord | null) =>
    collection.exclusive(async () => {
      const trip = await findOwned(tripId, userId);
      if (!trip) return null;
      const changed = next(trip);
      if (!changed) return null;
      await db.updateAsync({ _id: tripId }, changed, {});
      return changed;
    });

  return {
    async insert(trip) {
      await collection.exclusive(() => db.insertAsync(trip));
      return trip;
    },
    async findById(tripId) {
      // findOne() already hands back a deep copy.
      return (await db.findOneAsync({ _id: tripId })) ?? null;
    },
    async listByUser(userId, { favoritesOnly, limit, offset }) {
      const query = favoritesOnly ? { user_id: userId, isFavorite: true } : { user_id: userId };
      const trips = (await db.findAsync(query)) as TripRecord[];
      // find() already hands back deep copies, so no second copy is needed here.
      return trips.sort(compareTrips).slice(offset, offset + limit);
    },
    update(tripId, userId, update, now) {
      return change(tripId, userId, (trip) => {
        const known = new Set(trip.instances.map((instance) => instance._id));
        if ((update.instanceEdits ?? []).some((edit) => !known.has(edit._id))) return null;
        return applyUpdate(trip, update, now);
      });
    },
    addInstance(tripId, userId, instance, maxInstances, now) {
      return change(tripId, userId, (trip) =>
        trip.instances.length >= maxInstances ? null : applyAddInstance(trip, instance, now),
      );
    },
    commitInstance(tripId, userId, instanceId, now) {
      return change(tripId, userId, (trip) =>
        trip.instances.some((instance) => instance._id === instanceId) ? applyCommit(trip, instanceId, now) : null,
      );
    },
    removeInstance(tripId, userId, instanceId, now) {
      return change(tripId, userId, (trip) =>
        trip.instances.some((instance) => instance._id === instanceId)
          ? applyRemoveInstance(trip, instanceId, now)
          : null,
      );
    },
    async remove(tripId, userId) {
      const removed = await collection.exclusive(() => db.removeAsync({ _id: tripId, user_id: userId }, {}));
      return removed > 0;
    },
    async setFavorite(tripIds, userId, isFavorite, now) {
      const changed: TripRecord[] = [];
      for (const tripId of new Set(tripIds)) {
        const trip = await change(tripId, userId, (current) =>
          current.isFavorite === isFavorite ? null : { ...current, isFavorite, updated_at: now },
        );
        if (trip) changed.push(trip);
      }
      return changed;
    },
    removeAllOfUser(userId) {
      return collection.exclusive(async () => {
        const removed = await db.removeAsync({ user_id: userId }, { multi: true });
        // NeDB only appends deletion markers; compacting rewrites the file without the trips.
        await db.compactDatafileAsync();
        return removed;
      });
    },
    ping: () => collection.ping(),
    close: () => collection.close(),
  };
}
