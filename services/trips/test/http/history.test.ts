// A trip's history through the API: who changed what, newest first, a page at a time;
// money in it only for those who may see it now; bad paging input is a 400 {msg}.
import { testUser } from '@tripcost/shared/testing';
import { bootTrips, clientFor, type BootedTrips, type Client } from '../support/boot';

/** The change an entry is about (not one that follows from it). */
const own = (entry: { changes: { derived?: boolean }[] }) => entry.changes.find((change) => !change.derived);

describe('a trip’s history', () => {
  let trips: BootedTrips;
  let owner: Client;
  let editor: Client;
  let viewer: Client;
  let tripId: string;
  let windowId: string;
  let itemId: string;

  const join = async (client: Client, role: 'editor' | 'viewer') => {
    const invite = await owner.post(`/api/trips/getaway/${tripId}/invites`, { role });
    expect((await client.post(`/api/trips/invites/${invite.body.token}/accept`)).status).toBe(200);
  };
  const historyOf = (client: Client, query = '') => client.get(`/api/trips/getaway/${tripId}/history${query}`);

  beforeAll(async () => {
    trips = await bootTrips();
    owner = clientFor(trips.url, testUser({ name: 'Ada' }));
    editor = clientFor(trips.url, testUser({ name: 'Bo' }));
    viewer = clientFor(trips.url, testUser({ name: 'Cy' }));
    tripId = (await owner.createTrip({ location_address: 'Lisbon, Portugal' }))._id;
    windowId = (await owner.addInstance(tripId, { label: 'Early May', stay_expense: 420.5 }))._id;
    await join(editor, 'editor');
    await join(viewer, 'viewer');
    const item = await editor.post(`/api/trips/getaway/${tripId}/instances/${windowId}/items`, {
      category: 'stay',
      name: 'Hotel Lisboa',
      amount: 120,
      basis: 'per_night',
      estimate: 'replace',
    });
    expect(item.status).toBe(201);
    itemId = item.body.item._id;
    expect(
      (await editor.put(`/api/trips/getaway/${tripId}/instances/${windowId}/items/${itemId}`, { amount: 135 })).status,
    ).toBe(200);
  });
  afterAll(() => trips.stop());

  it('when a member reads it, then each change is one entry, newest first, with who made it and each field from → to', async () => {
    const { status, body } = await historyOf(owner);
    expect(status).toBe(200);
    expect(body.next).toBeNull();
    expect(
      body.entries.map((entry: { actor: { name: string }; target: { kind: string } }) => [
        entry.actor.name,
        entry.target.kind,
      ]),
    ).toEqual([
      ['Bo', 'item'], // the price changed
      ['Bo', 'window'], // the hotel added: the window itemised (its other amounts became items)
      ['Cy', 'member'], // joined
      ['Ada', 'invite'],
      ['Bo', 'member'], // joined
      ['Ada', 'invite'],
      ['Ada', 'window'], // Early May added
      ['Ada', 'trip'], // created
    ]);
    const [priceChange] = body.entries;
    expect(priceChange.target).toEqual({ kind: 'item', id: itemId, name: 'Hotel Lisboa' });
    expect(priceChange.changes.filter((change: { derived?: boolean }) => !change.derived)).toEqual([
      { field: `windows.${windowId}.items.${itemId}.amount`, from: 120, to: 135 },
    ]);
    // The window's stay follows from its items: shown, marked as following.
    expect(priceChange.changes).toContainEqual({
      field: `windows.${windowId}.stay_expense`,
      from: 480,
      to: 540,
      derived: true,
    });
    expect(JSON.stringify(body)).not.toMatch(/token_hash|"token"/);
  });

  it('when a viewer of hidden costs reads it, then they learn that prices changed, never from what to what', async () => {
    const { status, body } = await historyOf(viewer);
    expect(status).toBe(200);
    expect(body.entries).toHaveLength(8);
    expect(own(body.entries[0])).toEqual({
      field: `windows.${windowId}.items.${itemId}.amount`,
      from: null,
      to: null,
      hidden: true,
    });
    const text = JSON.stringify(body);
    for (const amount of ['420.5', '120', '135', '480', '540']) expect(text).not.toContain(`:${amount}`);
    // What is not money stays: the window's name, the hotel's name, who joined.
    expect(text).toContain('Early May');
    expect(text).toContain('Hotel Lisboa');
    // Invitations are the owner's business: a viewer sees that one was made, not what it holds.
    const invite = body.entries.find((entry: { target: { kind: string } }) => entry.target.kind === 'invite');
    expect(invite.changes.every((change: { hidden?: boolean }) => change.hidden)).toBe(true);
    expect(own((await historyOf(editor)).body.entries[0])).toMatchObject({ from: 120, to: 135 });
  });

  it('when the owner shows costs to viewers, then the viewer sees the past prices too (visibility is as of now)', async () => {
    expect((await owner.put(`/api/trips/getaway/${tripId}`, { hide_costs_from_viewers: false })).status).toBe(200);
    const { body } = await historyOf(viewer);
    expect(body.entries[0].action).toBe('trip');
    expect(own(body.entries[1])).toMatchObject({ from: 120, to: 135 });
    expect((await owner.put(`/api/trips/getaway/${tripId}`, { hide_costs_from_viewers: true })).status).toBe(200);
    expect(own((await historyOf(viewer)).body.entries[2])).toMatchObject({ from: null, to: null, hidden: true });
  });

  it('when a write changes nothing, then nothing is appended', async () => {
    const before = (await historyOf(owner)).body.entries.length;
    expect((await owner.put(`/api/trips/getaway/${tripId}`, { hide_costs_from_viewers: true })).status).toBe(200);
    expect((await historyOf(owner)).body.entries).toHaveLength(before);
  });

  it('when it is read a page at a time, then the pages follow each other without a gap or a repeat', async () => {
    const all = (await historyOf(owner, '?limit=100')).body.entries.map((entry: { _id: string }) => entry._id);
    const paged: string[] = [];
    let query = '?limit=3';
    for (;;) {
      const { status, body } = await historyOf(owner, query);
      expect(status).toBe(200);
      paged.push(...body.entries.map((entry: { _id: string }) => entry._id));
      if (!body.next) break;
      query = `?limit=3&before=${body.next}`;
    }
    expect(paged).toEqual(all);
  });

  it('when it is filtered by person or by window, then the filter applies before paging: every page is full and the cursor goes on with it', async () => {
    // A second window with changes of its own, made by the owner: the editor's and the window's entries are not the newest.
    const later = (await owner.addInstance(tripId, { label: 'Late June' }))._id;
    for (const label of ['June, again', 'June, once more']) {
      const renamed = await owner.put(`/api/trips/getaway/${tripId}`, { instances: [{ _id: later, label }] });
      expect(renamed.status).toBe(200);
    }
    const readAll = async (client: Client, filter: string) => {
      const ids: string[][] = [];
      let query = `?limit=2&${filter}`;
      for (;;) {
        const { status, body } = await historyOf(client, query);
        expect([status, body.msg]).toEqual([200, undefined]);
        ids.push(body.entries);
        if (!body.next) return ids;
        query = `?limit=2&${filter}&before=${body.next}`;
      }
    };
    const everything = (await historyOf(owner, '?limit=100')).body.entries;
    const byBo = everything.filter((entry: { actor: { user_id: string } }) => entry.actor.user_id === editor.user!.id);
    const pages = await readAll(owner, `actor=${editor.user!.id}`);
    expect(pages.slice(0, -1).every((page) => page.length === 2)).toBe(true);
    expect(pages.flat()).toEqual(byBo);
    expect(byBo.length).toBeGreaterThanOrEqual(3);

    const aboutMay = await readAll(owner, `instance=${windowId}`);
    const mayIds = aboutMay.flat().map((entry: { _id: string }) => entry._id);
    expect(mayIds).toEqual(
      everything
        .filter((entry: { changes: { field: string }[] }) =>
          entry.changes.some((change) => change.field.startsWith(`windows.${windowId}`)),
        )
        .map((entry: { _id: string }) => entry._id),
    );
    expect(mayIds).toContain(byBo[0]._id); // the price change, in Early May's hotel
    const aboutJune = (await historyOf(owner, `?instance=${later}`)).body.entries;
    expect(aboutJune.map((entry: { target: { name: string } }) => entry.target.name)).toEqual([
      'June, once more',
      'June, again',
      'Late June',
    ]);
    expect((await historyOf(owner, `?actor=${editor.user!.id}&instance=${later}`)).body).toEqual({
      entries: [],
      next: null,
    });

    // Filtered, a viewer of hidden costs still reads no amount; a stranger still nothing.
    const seen = (await historyOf(viewer, `?actor=${editor.user!.id}`)).body.entries;
    expect(own(seen[0])).toMatchObject({ from: null, to: null, hidden: true });
    expect((await historyOf(clientFor(trips.url, testUser()), `?instance=${windowId}`)).status).toBe(403);
  });

  it('when the page size or the cursor is not valid, then 400 {msg}', async () => {
    for (const query of [
      '?limit=0',
      '?limit=101',
      '?limit=abc',
      '?limit=2.5',
      '?before=bm90LWEtY3Vyc29y',
      '?before=%24%24',
      '?actor=ada',
      '?instance=not-a-window',
    ]) {
      const reply = await historyOf(owner, query);
      expect({ query, status: reply.status, msg: typeof reply.body?.msg }).toEqual({
        query,
        status: 400,
        msg: 'string',
      });
    }
  });

  it('when someone who is not a member asks, then 403 {msg}', async () => {
    const stranger = clientFor(trips.url, testUser());
    const reply = await historyOf(stranger);
    expect(reply.status).toBe(403);
    expect(typeof reply.body.msg).toBe('string');
  });
});
