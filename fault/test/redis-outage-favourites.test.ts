// Nothing a traveller did while Redis was away is forgotten: with Redis stopped, 100
// trips are favourited and unfavourited through wishlist changes (add, move between
// lists, remove) through the gateway; each change is answered at once because its
// event waits in the wishlist's own outbox. When Redis is back, every trip's
// isFavorite ends where the lists say it should, so no event was lost.
import { call, inParallel, newTraveller } from './support/client';
import { startProduct, waitFor, type Product } from './support/processes';

jest.setTimeout(300_000);

const TRIPS = 100;

describe('Redis stopped during wishlist changes', () => {
  let product: Product;
  beforeAll(async () => {
    product = await startProduct(['auth', 'trips', 'wishlists', 'gateway']);
  });
  afterAll(() => product?.stop());

  it('when Redis is stopped while 100 trips are favourited and unfavourited, then after it is back every isFavorite is right', async () => {
    const api = product.gatewayUrl;
    const traveller = await newTraveller(api);
    const as = { token: traveller.token };
    const tripIds: string[] = [];
    await inParallel(
      Array.from({ length: TRIPS }, (_, index) => index),
      10,
      async (index) => {
        const created = await call(api, 'POST', '/api/trips/getaway-trip', {
          ...as,
          body: { location_address: `Place ${index}, Portugal` },
        });
        expect(created.status).toBe(201);
        tripIds.push(created.body._id);
      },
    );
    const listIds: string[] = [];
    for (const name of ['Beaches', 'Cities', 'Someday']) {
      const created = await call(api, 'POST', '/api/wishlist/createlist', {
        ...as,
        body: { list_name: name, trips: [] },
      });
      expect(created.status).toBe(201);
      listIds.push(created.body._id);
    }

    await product.redis.stop();

    // Where each trip is according to the lists (undefined: in none, so not a favourite).
    const listOf = new Map<string, string | undefined>();
    const answered: number[] = [];
    const add = async (listId: string, tripId: string) => {
      const reply = await call(api, 'POST', `/api/wishlist/addtrip/${listId}`, { ...as, body: { _id: tripId } });
      answered.push(reply.status);
      if (reply.status === 200) listOf.set(tripId, listId);
    };
    const remove = async (listId: string, tripId: string) => {
      const reply = await call(api, 'DELETE', `/api/wishlist/${listId}/remove-trip/${tripId}`, as);
      answered.push(reply.status);
      if (reply.status === 200) listOf.set(tripId, undefined);
    };
    // Every trip is favourited; then a third move to another list, a third are taken
    // out, and of those, half are favourited again.
    await inParallel(tripIds, 5, async (tripId) => add(listIds[tripIds.indexOf(tripId) % 3], tripId));
    await inParallel(tripIds, 5, async (tripId) => {
      const index = tripIds.indexOf(tripId);
      if (index % 3 === 0) await add(listIds[(index + 1) % 3], tripId);
      if (index % 3 === 1) {
        await remove(listIds[index % 3], tripId);
        if (index % 2 === 0) await add(listIds[2], tripId);
      }
    });
    expect(answered.filter((status) => status !== 200)).toEqual([]);

    await product.redis.start();

    const expected = new Map(tripIds.map((id) => [id, listOf.get(id) !== undefined]));
    let wrong: string[] = [];
    const flagsRight = async () => {
      const page = await call(api, 'GET', `/api/trips/getaway-trip?limit=500`, as);
      if (page.status !== 200) return false;
      const actual = new Map((page.body as { _id: string; isFavorite: boolean }[]).map((t) => [t._id, t.isFavorite]));
      wrong = tripIds.filter((id) => actual.get(id) !== expected.get(id));
      return wrong.length === 0;
    };
    await waitFor('every trip’s isFavorite to match the lists', flagsRight, 90_000).catch(() => undefined);
    const favourites = [...expected.values()].filter(Boolean).length;
    process.stdout.write(
      `redis-outage-favourites: ${answered.length} wishlist changes while Redis was down, ` +
        `${favourites} favourites expected, ${wrong.length} flags wrong (events lost)\n`,
    );
    expect(wrong).toEqual([]);
  });
});
