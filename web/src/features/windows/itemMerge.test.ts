import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { costItem, instance, trip } from '../../../test/fixtures';
import { makeStore } from '../../app/store';
import { conflictOf } from '../saving/mergeSave';
import type { CostItem, Trip } from '../../lib/types';
import { instancesApi, itemInputOf } from './api';

describe('an item edit sent while the trip changed elsewhere', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  const item = costItem({ _id: 'item-1', basis: 'total' });
  const window = instance({ items: [item], stay_expense: 100 });

  function setup(elsewhere: Partial<CostItem>) {
    const shown = trip({ version: 2, instances: [window] });
    let stored: Trip = { ...shown, version: 3, instances: [{ ...window, items: [{ ...item, ...elsewhere }] }] };
    api = installFakeApi({
      'GET /api/trips/getaway/:id': () => ({ body: stored }),
      'PUT /api/trips/getaway/:id/instances/:instanceId/items/:itemId': (req) => {
        if (req.headers.get('if-match') !== `"${stored.version}"`) return { status: 412, body: { msg: 'stale' } };
        const changed = { ...stored.instances[0].items[0], ...(req.body as Partial<CostItem>) };
        stored = { ...stored, version: stored.version + 1, instances: [{ ...stored.instances[0], items: [changed] }] };
        return { body: { item: changed, instance: stored.instances[0], trip: stored } };
      },
    });
    const store = makeStore({ session: { status: 'ready', token: 't', isLogged: true } });
    const edit = (fields: Partial<CostItem>) =>
      store.dispatch(
        instancesApi.endpoints.editItem.initiate({
          tripId: shown._id,
          instanceId: window._id,
          itemId: item._id,
          fields,
          version: shown.version,
          base: item,
        }),
      );
    return { edit, stored: () => stored };
  }
  const puts = () => api.calls.filter((c) => c.method === 'PUT');

  it('when another field of the item changed, then my field is re-sent on the new version and both are kept', async () => {
    const { edit, stored } = setup({ paid: true });
    const result = await edit({ amount: 120 });
    expect(result.error).toBeUndefined();
    expect(puts().map((p) => p.headers.get('if-match'))).toEqual(['"2"', '"3"']);
    expect(puts()[1].body).toEqual({ amount: 120 });
    expect(stored().instances[0].items[0]).toMatchObject({ amount: 120, paid: true });
  });

  it('when the same field changed, then nothing is sent again and the conflict names both values', async () => {
    const { edit } = setup({ amount: 90 });
    const result = await edit({ amount: 120 });
    expect(conflictOf(result.error)?.conflicts).toEqual([
      { key: `item:${window._id}:item-1:amount`, base: 100, mine: 120, theirs: 90 },
    ]);
    expect(puts()).toHaveLength(1);
  });
});

describe('the item fields a merge resolved', () => {
  it('when they are sent again, then each field the route takes keeps its value and anything else is left out', () => {
    expect(itemInputOf({ name: 'Hotel', amount: 120, basis: 'per_night', paid: true, link: '', color: 'red' })).toEqual(
      { name: 'Hotel', amount: 120, basis: 'per_night', paid: true, link: '' },
    );
    expect(itemInputOf({ amount: '120', basis: 'per_week', booked: 'yes' })).toEqual({});
    const seasons = [{ from: '2030-03-04', to: '2030-03-10', amount: 180 }];
    expect(itemInputOf({ weekend_amount: null, seasons, quotes: 'none', captured_on: '2030-01-01' })).toEqual({
      weekend_amount: null,
      seasons,
    });
    const quotes = [{ start: '2030-03-04', end: '2030-03-08', amount: 700, captured_on: null }];
    expect(itemInputOf({ quotes, seasons: [{ from: '2030-03-04', to: '2030-03-10', amount: '180' }] })).toEqual({
      quotes,
    });
    expect(itemInputOf({ seasons: [{ from: '2030-03-04', amount: 180 }], quotes: [null] })).toEqual({});
  });
});
