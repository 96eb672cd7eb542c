// Apply, with the real trips service in process (real HTTP between them, real Redis,
// embedded store): items land in the window their local dates fall in, with their
// amount and currency, booked or paid; duplicates are skipped; a reservation outside
// every window goes to a new window when asked; viewers and strangers are refused.
import { silentLogger, testServiceEnv, testUser, tokenFor } from '@tripcost/shared/testing';
import { configFrom as tripsConfigFrom, startTrips, type RunningTrips } from '@tripcost/trips';
import { fixture } from '../support/fixtures';
import { pdfFixture } from '../support/pdfs';
import { bootImports, upload } from '../support/service';

let trips: RunningTrips;
let imports: Awaited<ReturnType<typeof bootImports>>;
beforeAll(async () => {
  trips = await startTrips(tripsConfigFrom(testServiceEnv()), silentLogger());
  imports = await bootImports({ TRIPS_URL: trips.url });
});
afterAll(async () => {
  await imports.service.stop();
  await trips.stop();
});

const person = () => {
  const user = testUser();
  return { user, authorization: `Bearer ${tokenFor(user)}` };
};
async function call(base: string, authorization: string, method: string, path: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: await res.json().catch(() => undefined) };
}

/** A euro trip with a June window (9–14) and a July one. */
async function tripOf(owner: ReturnType<typeof person>) {
  const trip = await call(trips.url, owner.authorization, 'POST', '/api/trips/getaway-trip', {
    location_address: 'Lisbon, Portugal',
    currency: 'EUR',
  });
  const add = (trip_start: string, trip_end: string) =>
    call(trips.url, owner.authorization, 'POST', `/api/trips/getaway/${trip.body._id}/instances`, {
      trip_start,
      trip_end,
    });
  const july = await add('2027-07-01', '2027-07-05');
  const june = await add('2027-06-09', '2027-06-14');
  return { tripId: trip.body._id as string, june: june.body._id as string, july: july.body._id as string };
}

async function draftOf(owner: ReturnType<typeof person>) {
  const res = await fetch(`${imports.url}/api/imports`, {
    method: 'POST',
    headers: { authorization: owner.authorization },
    body: upload([
      ['hotel.html', fixture('hotel-jsonld.html')],
      ['flight.ics', fixture('flight.ics')],
      ['airbnb.txt', fixture('text/airbnb.txt')],
    ]),
  });
  return (await res.json()) as { _id: string; reservations: Array<{ kind: string }> };
}

describe('POST /api/imports/:draftId/apply', () => {
  it('when 3 bookings (a PDF among them) are added, then the trip’s history has ONE import entry, and undoing it removes all 3', async () => {
    const owner = person();
    const { tripId, june } = await tripOf(owner);
    const uploaded = await fetch(`${imports.url}/api/imports`, {
      method: 'POST',
      headers: { authorization: owner.authorization },
      body: upload([
        ['hotel.html', fixture('hotel-jsonld.html')],
        ['flight.ics', fixture('flight.ics')],
        ['car-rental.pdf', await pdfFixture('car-rental.txt')],
      ]),
    });
    const draft = await uploaded.json();
    expect(
      draft.reservations.map((r: { kind: string; source: { method: string } }) => [r.kind, r.source.method]),
    ).toEqual([
      ['lodging', 'json-ld'],
      ['flight', 'ical'],
      ['car', 'pdf'],
    ]);
    const history = async () =>
      (await call(trips.url, owner.authorization, 'GET', `/api/trips/getaway/${tripId}/history`)).body
        .entries as Array<{
        _id: string;
        action: string;
        reverts?: string;
      }>;
    const before = await history();

    const applied = await call(imports.url, owner.authorization, 'POST', `/api/imports/${draft._id}/apply`, {
      tripId,
      items: [{ index: 0 }, { index: 1 }, { index: 2 }],
    });
    expect(applied.status).toBe(200);
    expect(applied.body.added).toHaveLength(3);
    const after = await history();
    expect(after).toHaveLength(before.length + 1);
    expect(after[0].action).toBe('import');
    const window = async () =>
      (await call(trips.url, owner.authorization, 'GET', `/api/trips/getaway/${tripId}`)).body.instances.find(
        (w: { _id: string }) => w._id === june,
      );
    expect((await window()).items.map((i: { category: string; amount: number }) => [i.category, i.amount])).toEqual([
      ['stay', 412.5],
      ['travel', 0],
      ['car', 155.2],
    ]);

    const undone = await call(
      trips.url,
      owner.authorization,
      'POST',
      `/api/trips/getaway/${tripId}/history/${after[0]._id}/undo`,
    );
    expect(undone.status).toBe(200);
    expect((await window()).items).toEqual([]);
    expect((await history())[0]).toMatchObject({ action: 'undo', reverts: after[0]._id });
  });

  it('when a hotel and a flight are added, then they land in the June window with their amounts, booked or paid, and a repeat is skipped', async () => {
    const owner = person();
    const { tripId, june } = await tripOf(owner);
    const draft = await draftOf(owner);
    expect(draft.reservations.map((r) => r.kind)).toEqual(['lodging', 'flight', 'lodging']);

    const plan = await call(imports.url, owner.authorization, 'GET', `/api/imports/${draft._id}/plan?tripId=${tripId}`);
    expect(plan.body).toEqual([
      { index: 0, category: 'stay', instanceId: june, duplicate: false },
      { index: 1, category: 'travel', instanceId: june, duplicate: false },
      { index: 2, category: 'stay', instanceId: june, duplicate: false },
    ]);

    const applied = await call(imports.url, owner.authorization, 'POST', `/api/imports/${draft._id}/apply`, {
      tripId,
      items: [{ index: 0 }, { index: 1 }],
    });
    expect(applied.status).toBe(200);
    expect(applied.body.added.map((a: { index: number; instanceId: string }) => [a.index, a.instanceId])).toEqual([
      [0, june],
      [1, june],
    ]);
    const trip = await call(trips.url, owner.authorization, 'GET', `/api/trips/getaway/${tripId}`);
    const window = trip.body.instances.find((w: { _id: string }) => w._id === june);
    expect(
      window.items.map((i: Record<string, unknown>) => [
        i.category,
        i.name,
        i.amount,
        i.currency,
        i.booked,
        i.paid,
        i.confirmation,
      ]),
    ).toEqual([
      ['stay', 'Fixture Stays · Hotel Fixture Lisbon', 412.5, 'EUR', true, true, 'HFX-20931'],
      ['travel', 'Flight FX 124 LIS to BOS', 0, 'EUR', true, false, 'QX7K2P'],
    ]);
    expect(window.stay_expense).toBe(412.5);
    expect(window.paid_total).toBe(412.5);

    const again = await call(imports.url, owner.authorization, 'POST', `/api/imports/${draft._id}/apply`, {
      tripId,
      items: [{ index: 0 }],
    });
    expect(again.body).toEqual({
      added: [],
      skipped: [{ index: 0, msg: 'Already in this trip (confirmation HFX-20931).' }],
    });
    const replan = await call(
      imports.url,
      owner.authorization,
      'GET',
      `/api/imports/${draft._id}/plan?tripId=${tripId}`,
    );
    expect(replan.body[0].duplicate).toBe(true);
  });

  it('when a hotel is added to a window whose stay was only estimated, then it replaces the estimate (or comes on top when asked)', async () => {
    const stayAfter = async (estimate?: 'replace' | 'keep') => {
      const owner = person();
      const trip = await call(trips.url, owner.authorization, 'POST', '/api/trips/getaway-trip', {
        location_address: 'Lisbon, Portugal',
        currency: 'EUR',
      });
      const tripId = trip.body._id as string;
      const window = await call(trips.url, owner.authorization, 'POST', `/api/trips/getaway/${tripId}/instances`, {
        trip_start: '2027-06-09',
        trip_end: '2027-06-14',
        stay_expense: 420,
      });
      const draft = await draftOf(owner);
      const applied = await call(imports.url, owner.authorization, 'POST', `/api/imports/${draft._id}/apply`, {
        tripId,
        items: [{ index: 0 }],
        ...(estimate ? { estimate } : {}),
      });
      expect(applied.status).toBe(200);
      const read = await call(trips.url, owner.authorization, 'GET', `/api/trips/getaway/${tripId}`);
      return read.body.instances.find((w: { _id: string }) => w._id === window.body._id).stay_expense;
    };
    // The €420 typed before is the estimate the €412.50 booking stands for: not counted twice.
    expect(await stayAfter()).toBe(412.5);
    expect(await stayAfter('keep')).toBe(832.5);
    const refused = await call(imports.url, person().authorization, 'POST', `/api/imports/${'a'.repeat(24)}/apply`, {
      tripId: 'b'.repeat(24),
      items: [{ index: 0 }],
      estimate: 'both',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toContain("estimate must be 'replace' or 'keep'");
  });

  it('when a reservation is outside every window, then it is skipped unless a new window for its dates is asked', async () => {
    const owner = person();
    const trip = await call(trips.url, owner.authorization, 'POST', '/api/trips/getaway-trip', {
      location_address: 'Lisbon, Portugal',
      currency: 'EUR',
    });
    const tripId = trip.body._id;
    const draft = await draftOf(owner);
    const skipped = await call(imports.url, owner.authorization, 'POST', `/api/imports/${draft._id}/apply`, {
      tripId,
      items: [{ index: 0 }],
    });
    expect(skipped.body.skipped[0].msg).toMatch(/outside every window/);
    const added = await call(imports.url, owner.authorization, 'POST', `/api/imports/${draft._id}/apply`, {
      tripId,
      items: [{ index: 0, new_window: { start: '2027-06-10', end: '2027-06-13' } }],
    });
    expect(added.status).toBe(200);
    const read = await call(trips.url, owner.authorization, 'GET', `/api/trips/getaway/${tripId}`);
    expect(
      read.body.instances.map((w: { _id: string; trip_start: string }) => [w._id, w.trip_start.slice(0, 10)]),
    ).toEqual([[added.body.added[0].instanceId, '2027-06-10']]);
  });

  it('when a viewer or a stranger applies, then the trips service’s refusal is theirs; bad choices are 400 {msg}', async () => {
    const owner = person();
    const { tripId } = await tripOf(owner);
    const invite = await call(trips.url, owner.authorization, 'POST', `/api/trips/getaway/${tripId}/invites`, {
      role: 'viewer',
    });
    const viewer = person();
    expect(
      (await call(trips.url, viewer.authorization, 'POST', `/api/trips/invites/${invite.body.token}/accept`)).status,
    ).toBe(200);
    const viewersDraft = await draftOf(viewer);
    const refused = await call(imports.url, viewer.authorization, 'POST', `/api/imports/${viewersDraft._id}/apply`, {
      tripId,
      items: [{ index: 0 }],
    });
    expect(refused.status).toBe(403);
    expect(typeof refused.body.msg).toBe('string');

    const stranger = person();
    const strangersDraft = await draftOf(stranger);
    const notMember = await call(
      imports.url,
      stranger.authorization,
      'POST',
      `/api/imports/${strangersDraft._id}/apply`,
      {
        tripId,
        items: [{ index: 0 }],
      },
    );
    expect([403, 404]).toContain(notMember.status);
    // Someone else's draft is not theirs to apply, whatever the trip.
    const ownersDraft = await draftOf(owner);
    expect(
      (
        await call(imports.url, stranger.authorization, 'POST', `/api/imports/${ownersDraft._id}/apply`, {
          tripId,
          items: [{ index: 0 }],
        })
      ).status,
    ).toBe(403);

    const missing = await call(imports.url, owner.authorization, 'POST', `/api/imports/${ownersDraft._id}/apply`, {
      tripId,
      items: [{ index: 9 }],
    });
    expect(missing).toEqual({
      status: 400,
      body: expect.objectContaining({ msg: 'There is no reservation 9 in this import.' }),
    });
    const badWindow = await call(imports.url, owner.authorization, 'POST', `/api/imports/${ownersDraft._id}/apply`, {
      tripId,
      items: [{ index: 0, new_window: { start: '2027-06-13', end: '2027-06-10' } }],
    });
    expect(badWindow.status).toBe(400);
  });
});
