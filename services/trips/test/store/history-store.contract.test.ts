// One contract for the history stores of both trip store adapters: entries read back as
// written, newest first by their order of appending, a page at a time; appending an entry
// again keeps one; and a change made through the trips service has its entry stored (not
// only pending in the trip) by the time the change returns, the trip's pending list empty.
// Embedded always; the MongoDB adapter on the driver fake (a string never equals an
// ObjectId there, as on MongoDB).
import { newId } from '@tripcost/shared';
import { tempDataDir, testUser } from '@tripcost/shared/testing';
import { fakeMongo } from '@tripcost/shared/testing/mongo-fake';
import type { HistoryEntry, TripStore } from '../../src/trip';
import { openEmbeddedTripStore } from '../../src/trip/store/embedded';
import { mongoTripStore } from '../../src/trip/store/mongo';
import { createTripsService } from '../../src/windows/domain/trips-service';

const anEntry = (tripId: string, seq: [number, number], fields: Partial<HistoryEntry> = {}): HistoryEntry => ({
  _id: newId(),
  trip_id: tripId,
  seq,
  at: '2031-01-01T00:00:00.000Z',
  actor: { user_id: newId(), name: 'Ada' },
  action: 'item',
  target: { kind: 'item', id: newId(), name: 'Hotel Lisboa' },
  changes: [{ field: 'windows.a.items.b.amount', from: 120, to: 135 }],
  ...fields,
});

function historyContract(name: string, open: () => Promise<TripStore>) {
  describe(`HistoryStore contract: ${name}`, () => {
    let store: TripStore;
    beforeAll(async () => {
      store = await open();
    });
    afterAll(() => store.close());

    it('when entries are appended, then they read back as written, newest first, a page at a time', async () => {
      const tripId = newId();
      const other = anEntry(newId(), [9, 9]);
      const entries = [
        anEntry(tripId, [1, 0]),
        anEntry(tripId, [2, 0]),
        anEntry(tripId, [2, 1]),
        anEntry(tripId, [3, 1]),
      ];
      await store.history.append([entries[2], other, entries[0]]);
      await store.history.append([entries[3], entries[1]]);
      const first = await store.history.page(tripId, 3);
      expect(first).toEqual({ entries: [entries[3], entries[2], entries[1]], more: true });
      expect(await store.history.page(tripId, 3, entries[1].seq)).toEqual({ entries: [entries[0]], more: false });
      expect(await store.history.page(tripId, 10, [2, 1])).toEqual({ entries: [entries[1], entries[0]], more: false });
      expect(await store.history.find(tripId, entries[2]._id)).toEqual(entries[2]);
      expect(await store.history.find(tripId, other._id)).toBeNull();
    });

    it('when a page is asked by person or by window, then only theirs are read back, as written, before the limit', async () => {
      const tripId = newId();
      const [ada, bo] = [
        { user_id: newId(), name: 'Ada' },
        { user_id: newId(), name: 'Bo' },
      ];
      const [may, june] = [newId(), newId()];
      const priced = (windowId: string) => [{ field: `windows.${windowId}.items.${newId()}.amount`, from: 1, to: 2 }];
      const entries = [
        anEntry(tripId, [1, 0], { actor: ada, changes: priced(may) }),
        anEntry(tripId, [2, 0], { actor: bo, changes: priced(may) }),
        anEntry(tripId, [3, 0], { actor: ada, target: { kind: 'window', id: june, name: 'June' }, changes: [] }),
        anEntry(tripId, [3, 1], {
          actor: bo,
          changes: [{ field: `votes.${june}.${bo.user_id}`, from: null, to: 'yes' }],
        }),
        anEntry(tripId, [4, 0], { actor: ada, changes: [{ field: 'travelers', from: 1, to: 2 }] }),
      ];
      await store.history.append(entries);
      const page = (limit: number, filter: object, before?: [number, number]) =>
        store.history.page(tripId, limit, before, filter);
      expect(await page(2, { actorId: ada.user_id })).toEqual({ entries: [entries[4], entries[2]], more: true });
      expect(await page(2, { actorId: ada.user_id }, entries[2].seq)).toEqual({ entries: [entries[0]], more: false });
      expect(await page(10, { windowId: may })).toEqual({ entries: [entries[1], entries[0]], more: false });
      expect(await page(10, { windowId: june })).toEqual({ entries: [entries[3], entries[2]], more: false });
      expect(await page(10, { windowId: june, actorId: bo.user_id })).toEqual({ entries: [entries[3]], more: false });
      expect(await page(10, { actorId: newId() })).toEqual({ entries: [], more: false });
      // A rewritten entry (account deletion) is still found by its window, under its new actor.
      const forgotten = { ...entries[1], actor: { user_id: null, name: 'A former member' } };
      await store.history.rewrite(forgotten);
      expect(await page(10, { windowId: may })).toEqual({ entries: [forgotten, entries[0]], more: false });
      expect(await store.history.find(tripId, forgotten._id)).toEqual(forgotten);
    });

    it('when an entry has an optional field left undefined, then it reads back without it, never as null', async () => {
      const tripId = newId();
      const entry = anEntry(tripId, [1, 0], { made_at: undefined, reverts: undefined });
      await store.history.append([entry]);
      const [read] = (await store.history.page(tripId, 10)).entries;
      expect(read).toStrictEqual(JSON.parse(JSON.stringify(entry)));
      expect(await store.history.find(tripId, entry._id)).toStrictEqual(read);
    });

    it('when an entry is appended again, then it is kept once, as first written', async () => {
      const tripId = newId();
      const entry = anEntry(tripId, [1, 0]);
      await store.history.append([entry]);
      await store.history.append([{ ...entry, action: 'rewritten' }]);
      expect((await store.history.page(tripId, 10)).entries).toEqual([entry]);
    });

    it('when a change is made through the trips service, then its entry is stored before it returns, and it leaves the trip with the next change', async () => {
      const trips = createTripsService({ store });
      const ada = testUser({ name: 'Ada' });
      const trip = await trips.createTrip(ada, { location_address: 'Lisbon, Portugal' });
      await trips.updateTrip(ada, trip._id, { travelers: 3 });
      const stored = await store.history.page(trip._id, 10);
      expect(stored.entries.map((entry) => [entry.action, entry.actor.name])).toEqual([
        ['trip', 'Ada'],
        ['create', 'Ada'],
      ]);
      expect(stored.entries[0].changes).toEqual([{ field: 'travelers', from: 1, to: 3 }]);
      // The trip carries only its last change's entry (recorder.ts): no second write per change.
      const pendingIds = async () => ((await store.findById(trip._id))?.history_pending ?? []).map((e) => e._id);
      expect(await pendingIds()).toEqual([stored.entries[0]._id]);
      await trips.updateTrip(ada, trip._id, { travelers: 4 });
      const [latest] = (await store.history.page(trip._id, 10)).entries;
      expect(latest.changes).toEqual([{ field: 'travelers', from: 3, to: 4 }]);
      expect(await pendingIds()).toEqual([latest._id]);
    });

    it('when the next change comes through another process (a restart, a second replica), then no entry is lost or doubled', async () => {
      const ada = testUser({ name: 'Ada' });
      const before = createTripsService({ store });
      const trip = await before.createTrip(ada, { location_address: 'Lisbon, Portugal' });
      await before.updateTrip(ada, trip._id, { travelers: 2 });
      // A new process: its recorder does not know the last entry is settled already.
      const after = createTripsService({ store });
      await after.updateTrip(ada, trip._id, { travelers: 5 });
      const entries = (await store.history.page(trip._id, 10)).entries;
      expect(entries.map((entry) => [entry.action, entry.changes[0]?.to])).toEqual([
        ['trip', 5],
        ['trip', 2],
        ['create', 'Lisbon, Portugal'],
      ]);
      expect(new Set(entries.map((entry) => entry._id)).size).toBe(3);
      await after.updateTrip(ada, trip._id, { travelers: 6 });
      expect(((await store.findById(trip._id))?.history_pending ?? []).map((e) => e.changes[0]?.to)).toEqual([6]);
    });

    it('when a member deletes their account, then their entries stay without their name or id, and their own trip’s history goes with it', async () => {
      const trips = createTripsService({ store });
      const ada = testUser({ name: 'Ada' });
      const bo = testUser({ name: 'Bo Zhang' });
      const adas = await trips.createTrip(ada, { location_address: 'Lisbon, Portugal' });
      await trips.acceptInvite(bo, (await trips.createInvite(ada, adas._id, 'editor')).token);
      await trips.updateTrip(bo, adas._id, { travelers: 4 });
      const bos = await trips.createTrip(bo, { location_address: 'Oslo, Norway' });
      expect((await store.history.page(bos._id, 10)).entries).toHaveLength(1);

      await trips.forgetUser(bo.id);
      // The deleted trip's tombstone is purged once its events are sent (the relay's work).
      for (const { docId, events } of await store.pendingEvents(100)) {
        await store.markSent(
          docId,
          events.map((event) => event.id),
        );
      }
      const kept = (await store.history.page(adas._id, 20)).entries;
      const text = JSON.stringify(kept);
      expect(text).not.toContain(bo.id);
      expect(text).not.toContain('Bo Zhang');
      const edit = kept.find((entry) => entry.changes.some((change) => change.field === 'travelers'));
      expect(edit?.actor).toEqual({ user_id: null, name: 'A former member' });
      expect(kept.filter((entry) => entry.target.kind === 'member').map((entry) => entry.target.name)).toContain(
        'A former member',
      );
      expect((await store.history.page(bos._id, 10)).entries).toEqual([]);
      // Nor does the trip itself keep a copy of an entry naming them (recorder.ts).
      const stored = JSON.stringify((await store.findById(adas._id))?.history_pending ?? []);
      expect(stored).not.toContain(bo.id);
      expect(stored).not.toContain('Bo Zhang');
    });
  });
}

historyContract('embedded', () => openEmbeddedTripStore(tempDataDir()));
historyContract('mongo adapter on the driver fake', async () => mongoTripStore(fakeMongo().connection));
