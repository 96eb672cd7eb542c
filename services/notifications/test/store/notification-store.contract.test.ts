// One contract for NotificationStore, run against every adapter available: what is
// written reads back as written; an alert is stored exactly once per (user, dedupe key)
// by the unique index, also when the server's duplicate-key error names no keyPattern;
// held alerts stay out of the list, the count and read marks until their time; ids are
// strings in every driver call (a string never equals an ObjectId in MongoDB).
import { connectMongo, newId } from '@tripcost/shared';
import {
  mongoForTests,
  mongoLikelyAvailable,
  silentLogger,
  tempDataDir,
  uniqueSuffix,
  type TestMongo,
} from '@tripcost/shared/testing';
import { fakeMongo, typesSentAt, type FakeMongo } from '@tripcost/shared/testing/mongo-fake';
import type { NotificationStore, StoredNotification, TripMemory } from '../../src/domain/notification-store';
import { defaultPreferences } from '../../src/domain/preferences';
import { openEmbeddedNotificationStore } from '../../src/store/embedded';
import { openMongoNotificationStore } from '../../src/store/mongo';

const NOW = '2031-04-01T10:00:00.000Z';
const LATER = '2031-04-02T06:00:00.000Z';

const alert = (over: Partial<StoredNotification>): StoredNotification => ({
  _id: newId(),
  user_id: newId(),
  kind: 'cheapest',
  trip_id: newId(),
  instance_id: newId(),
  title: 'A new cheapest window',
  body: '“June” is now the cheapest window of Lisbon, Portugal.',
  amount_body: '“June” is now the cheapest window of Lisbon, Portugal, at 999.50 EUR.',
  created_at: NOW,
  deliver_at: NOW,
  delivered: false,
  read: false,
  dedupe_key: `cheapest:${newId()}`,
  ...over,
});

function notificationStoreContract(open: () => Promise<NotificationStore>) {
  let store: NotificationStore;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(() => store.close());

  it('when an alert is stored, then it reads back exactly as written, once however often it is stored again', async () => {
    const first = alert({});
    expect(await store.insertOnce(first)).toBe(true);
    // The same alert again (a redelivered event: a new _id, the same dedupe key) is already stored.
    expect(await store.insertOnce({ ...first, _id: newId(), created_at: LATER })).toBe(false);
    expect(await store.list(first.user_id, { limit: 10, visibleAt: NOW })).toEqual([first]);
    // Another person may have the same dedupe key.
    expect(await store.insertOnce(alert({ dedupe_key: first.dedupe_key }))).toBe(true);
  });

  it('when an alert is held until later, then the list, the unread kinds and read marks leave it out until then', async () => {
    const user = newId();
    const now = alert({ user_id: user, kind: 'over_budget' });
    const held = alert({ user_id: user, deliver_at: LATER, created_at: NOW, dedupe_key: 'held' });
    await store.insertOnce(now);
    await store.insertOnce(held);
    expect((await store.list(user, { limit: 10, visibleAt: NOW })).map((n) => n._id)).toEqual([now._id]);
    expect(await store.unreadKinds(user, NOW)).toEqual([{ trip_id: now.trip_id, kind: 'over_budget' }]);
    expect(await store.markRead(user, held._id, NOW)).toBe(false);
    expect(await store.markAllRead(user, NOW)).toBe(1);
    expect(await store.unreadKinds(user, LATER)).toEqual([{ trip_id: held.trip_id, kind: 'cheapest' }]);
    expect(await store.undelivered(user, NOW)).toEqual([{ ...now, read: true }]);
    expect((await store.undelivered(user, LATER)).map((n) => n._id)).toEqual([now._id, held._id]);
    await store.markDelivered(user, [now._id, held._id]);
    expect(await store.undelivered(user, LATER)).toEqual([]);
    expect(await store.list(user, { limit: 10, visibleAt: LATER })).toEqual([
      { ...held, delivered: true },
      { ...now, read: true, delivered: true },
    ]);
    expect(await store.markRead(newId(), held._id, LATER)).toBe(false);
    expect(await store.markRead(user, held._id, LATER)).toBe(true);
  });

  it('when pages are asked for, then they run newest first and the next page starts after the last one', async () => {
    const user = newId();
    const made = [];
    for (let i = 0; i < 5; i += 1) {
      const one = alert({ user_id: user, created_at: `2031-04-01T10:00:0${i}.000Z`, deliver_at: NOW });
      await store.insertOnce(one);
      made.unshift(one._id);
    }
    const first = await store.list(user, { limit: 2, visibleAt: LATER });
    const second = await store.list(user, { limit: 2, visibleAt: LATER, before: first[1]._id });
    expect([...first, ...second].map((n) => n._id)).toEqual(made.slice(0, 4));
    expect(await store.list(user, { limit: 2, visibleAt: LATER, unread: false })).toEqual([]);
  });

  it('when a trip’s memory is saved, then it reads back as written and an older version never replaces a newer', async () => {
    const memory: TripMemory = {
      _id: newId(),
      version: 3,
      access: { [newId()]: 'full', [newId()]: 'hidden' },
      cheapest_id: 'w1',
      cheapest_alerted_id: 'w1',
      cheapest_alerted_at: NOW,
      over_budget: false,
      committed_id: null,
      committed_start: null,
      name: 'Lisbon, Portugal',
      currency: 'EUR',
      committed_to_pay: 0,
      considering: [
        {
          instance_id: 'w2',
          label: 'June',
          start: '2031-06-10',
          prices: [{ item_id: 'i', name: 'Hotel', seen_on: '2031-04-01', total: 45_000 }],
        },
      ],
    };
    await store.saveTripMemory(memory);
    expect(await store.tripMemory(memory._id)).toEqual(memory);
    await store.saveTripMemory({ ...memory, version: 2, name: 'old' });
    expect(await store.tripMemory(memory._id)).toEqual(memory);
    await store.saveTripMemory({ ...memory, version: 4, name: 'new' });
    expect((await store.tripMemory(memory._id))?.name).toBe('new');
    // A re-check's alert is recorded only over the version it looked at.
    expect(await store.markCheapestAlerted(memory._id, 3, 'w9', LATER)).toBe(false);
    expect(await store.markCheapestAlerted(memory._id, 4, 'w9', LATER)).toBe(true);
    expect(await store.tripMemory(memory._id)).toEqual({
      ...memory,
      version: 4,
      name: 'new',
      cheapest_alerted_id: 'w9',
      cheapest_alerted_at: LATER,
    });
    await store.forgetTrip(memory._id);
    expect(await store.tripMemory(memory._id)).toBeNull();
  });

  it('when a person is a member of some trips, then their trips are found by it, whatever their access, and no others', async () => {
    const [member, other] = [newId(), newId()];
    const trip = (access: TripMemory['access']): TripMemory => ({
      _id: newId(),
      version: 1,
      access,
      cheapest_id: null,
      cheapest_alerted_id: null,
      cheapest_alerted_at: null,
      over_budget: false,
      committed_id: 'w1',
      committed_start: '2031-05-10',
    });
    const full = trip({ [member]: 'full', [other]: 'full' });
    const hidden = trip({ [member]: 'hidden' });
    const theirs = trip({ [other]: 'full' });
    for (const memory of [full, hidden, theirs]) await store.saveTripMemory(memory);
    const mine = await store.tripsOf(member);
    expect(mine.sort((a, b) => a._id.localeCompare(b._id))).toEqual(
      [full, hidden].sort((a, b) => a._id.localeCompare(b._id)),
    );
    expect(await store.tripsOf(newId())).toEqual([]);
    // Not a user id: it names no one, and never a path into another field.
    expect(await store.tripsOf(`${member}.x`)).toEqual([]);
    expect(await store.tripsOf('$where')).toEqual([]);
    await store.forgetTrip(full._id);
    expect(await store.tripsOf(member)).toEqual([hidden]);
  });

  it('when votes and preferences are kept and the person is deleted, then what they hold is gone and the rest stays', async () => {
    const [trip, voter, other] = [newId(), newId(), newId()];
    const vote = (userId: string, at: string) => ({
      _id: newId(),
      trip_id: trip,
      instance_id: 'w1',
      label: 'May',
      user_id: userId,
      name: 'Bo',
      vote: 'yes' as const,
      at,
    });
    const mine = vote(voter, NOW);
    const theirs = vote(other, LATER);
    await store.recordVote(mine);
    await store.recordVote(mine); // a redelivered event
    await store.recordVote(theirs);
    expect(await store.votesOn(trip, '2031-01-01T00:00:00.000Z', LATER)).toEqual([mine, theirs]);
    expect(await store.votesOn(trip, NOW, LATER)).toEqual([theirs]);
    const preferences = { _id: voter, ...defaultPreferences(), time_zone_set: true, updated_at: NOW };
    await store.savePreferences(preferences);
    expect(await store.preferencesOf(voter)).toEqual(preferences);
    await store.insertOnce(alert({ user_id: voter }));
    expect(await store.forgetUser(voter)).toBe(3);
    expect(await store.preferencesOf(voter)).toBeNull();
    expect(await store.votesOn(trip, '2031-01-01T00:00:00.000Z', LATER)).toEqual([theirs]);
    expect(await store.list(voter, { limit: 10, visibleAt: LATER })).toEqual([]);
  });
}

describe('NotificationStore contract: embedded', () => {
  notificationStoreContract(() => openEmbeddedNotificationStore(tempDataDir('tripcost-notifications-store-')));
});

describe('NotificationStore contract: mongo adapter on the driver fake', () => {
  notificationStoreContract(() => openMongoNotificationStore(fakeMongo().connection));
});

// Some MongoDB-compatible servers leave keyPattern out of duplicate-key errors: "stored
// once" rests on the unique index and code 11000 alone.
describe('NotificationStore contract: driver fake with duplicate-key errors naming no keyPattern', () => {
  let mongo: FakeMongo;
  notificationStoreContract(() => {
    mongo = fakeMongo({ duplicateErrorsWithoutKeyPattern: true });
    return openMongoNotificationStore(mongo.connection);
  });
  it('when any call reaches the driver, then every id and user id it sends is a string', () => {
    for (const path of ['_id', 'user_id', 'trip_id'])
      expect(typesSentAt(mongo.calls, path)).toEqual(new Set(['string']));
  });
});

// No MongoDB runs on this machine and there is no Docker engine for testcontainers,
// so this block is skipped here; with MONGO_URL (or Docker) it runs the same suite.
let server: TestMongo | undefined;
(mongoLikelyAvailable() ? describe : describe.skip)('NotificationStore contract: mongo', () => {
  beforeAll(async () => {
    server = await mongoForTests();
    if (!server) throw new Error('MongoDB was expected (MONGO_URL or DOCKER_HOST set) but could not be reached');
  }, 120_000);
  afterAll(() => server?.stop());
  notificationStoreContract(async () => {
    const url = new URL(server!.url);
    url.pathname = `/notifications-contract-${uniqueSuffix()}`;
    return openMongoNotificationStore(await connectMongo(url.toString(), silentLogger()));
  });
});
