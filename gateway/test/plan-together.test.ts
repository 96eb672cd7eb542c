// Planning together, through the gateway to the real trips service: each role's
// allowed and refused actions on every trips route (a route without an entry fails),
// invitations by link, what a viewer of hidden costs receives (walked field by field
// against the OpenAPI document), shared trips in lists, and removal taking effect at once.
import type { AuthUser } from '@tripcost/shared';
import { testUser } from '@tripcost/shared/testing';
import { apiDocument } from '@tripcost/trips';
import { startTripsBehindGateway, type Caller, type TripsBehindGateway } from './trips-behind-gateway';

jest.setTimeout(120_000);

type Role = 'owner' | 'editor' | 'viewer' | 'stranger' | 'anonymous';
const ROLES: Role[] = ['anonymous', 'stranger', 'viewer', 'editor', 'owner'];

interface Shared {
  tripId: string;
  instanceId: string;
  itemId: string;
  inviteId: string;
  token: string;
  /** The history entry of the item's addition (an edit). */
  itemEntryId: string;
  users: Record<Exclude<Role, 'anonymous'>, AuthUser>;
  /** With `people`: the owner's, the editor's and the viewer's person, and a payment from the editor to the owner. */
  people?: { owner: string; editor: string; viewer: string; paymentId: string };
}

let gw: TripsBehindGateway;
beforeAll(async () => {
  gw = await startTripsBehindGateway({ PUBLIC_BASE_URL: 'https://trips.example', INVITE_GUESSES_PER_15_MIN: '5' });
});
afterAll(() => gw.stop());

const ok = (reply: { status: number; body: unknown }, status = 200) => {
  if (reply.status !== status) throw new Error(`expected ${status}, got ${reply.status} ${JSON.stringify(reply.body)}`);
  return reply;
};

/**
 * A trip with a window and an item, an editor and a viewer who joined by link, and a
 * stranger; with `people`, the three members named as its people and one payment.
 */
async function sharedTrip(options: { hideCosts?: boolean; people?: boolean } = {}): Promise<Shared> {
  const users = {
    owner: testUser({ name: 'Ada' }),
    editor: testUser({ name: 'Bo' }),
    viewer: testUser({ name: 'Cy' }),
    stranger: testUser({ name: 'Di' }),
  };
  const owner = gw.as(users.owner);
  const trip = ok(await owner('POST', '/api/trips/getaway-trip', { location_address: 'Porto, Portugal' }), 201).body;
  const instance = ok(
    await owner('POST', `/api/trips/getaway/${trip._id}/instances`, {
      trip_start: '2031-05-01',
      trip_end: '2031-05-04',
      stay_expense: 0,
      travel_expense: 0,
      car_expense: 0,
      other_expense: 0,
    }),
    201,
  ).body;
  const item = ok(
    await owner('POST', `/api/trips/getaway/${trip._id}/instances/${instance._id}/items`, {
      category: 'stay',
      name: 'Flat by the river',
      amount: 120,
      basis: 'per_night',
      link: 'https://stay.example/flat',
      confirmation: 'ABC123',
    }),
    201,
  ).body.item;
  if (options.hideCosts === false) {
    ok(await owner('PUT', `/api/trips/getaway/${trip._id}`, { hide_costs_from_viewers: false }));
  }
  for (const role of ['editor', 'viewer'] as const) {
    const invite = ok(await owner('POST', `/api/trips/getaway/${trip._id}/invites`, { role }), 201).body;
    ok(await gw.as(users[role])('POST', `/api/trips/invites/${invite.token}/accept`));
  }
  const invite = ok(await owner('POST', `/api/trips/getaway/${trip._id}/invites`, { role: 'viewer' }), 201).body;
  const history = ok(await owner('GET', `/api/trips/getaway/${trip._id}/history`)).body;
  const itemEntry = history.entries.find((entry: { action: string }) => entry.action === 'item');
  return {
    itemEntryId: itemEntry._id,
    tripId: trip._id,
    instanceId: instance._id,
    itemId: item._id,
    inviteId: invite._id,
    token: invite.token,
    users,
    ...(options.people ? { people: await namePeople(trip._id, users) } : {}),
  };
}

/** The owner, editor and viewer named as the trip's people, and a payment from the editor to the owner. */
async function namePeople(tripId: string, users: Shared['users']): Promise<NonNullable<Shared['people']>> {
  const owner = gw.as(users.owner);
  const roles = ['owner', 'editor', 'viewer'] as const;
  const named = ok(
    await owner('PUT', `/api/trips/getaway/${tripId}`, {
      people: roles.map((role) => ({ name: users[role].name, user_id: users[role].id })),
    }),
  ).body.people as { _id: string }[];
  const [ownerId, editorId, viewerId] = named.map((person) => person._id);
  const payment = ok(
    await owner('POST', `/api/trips/getaway/${tripId}/payments`, {
      from: editorId,
      to: ownerId,
      amount: 20,
      paid_on: '2031-05-04',
    }),
    201,
  ).body.payment;
  return { owner: ownerId, editor: editorId, viewer: viewerId, paymentId: payment._id };
}

const callerFor = (shared: Shared, role: Role): Caller => gw.as(role === 'anonymous' ? null : shared.users[role]);

interface RouteCase {
  method: string;
  /** The OpenAPI path this case covers. */
  route: string;
  path: (s: Shared) => string;
  body?: (s: Shared) => unknown;
  expected: Record<Role, number>;
  /** The trip's members are named as its people (who pays what). */
  people?: true;
}

const readAll = { anonymous: 401, stranger: 403, viewer: 200, editor: 200, owner: 200 };
const editors = (ok: number) => ({ anonymous: 401, stranger: 403, viewer: 403, editor: ok, owner: ok });
const ownerOnly = (ok: number) => ({ anonymous: 401, stranger: 403, viewer: 403, editor: 403, owner: ok });
const costsShown = { anonymous: 401, stranger: 403, viewer: 403, editor: 200, owner: 200 };
const anyUser = (ok: number) => ({ anonymous: 401, stranger: ok, viewer: ok, editor: ok, owner: ok });
const T = (s: Shared) => `/api/trips/getaway/${s.tripId}`;
const I = (s: Shared) => `${T(s)}/instances/${s.instanceId}`;
const X = (s: Shared) => `${I(s)}/items/${s.itemId}`;

const CASES: RouteCase[] = [
  { method: 'GET', route: '/api/trips/getaway-trip', path: () => '/api/trips/getaway-trip', expected: anyUser(200) },
  {
    method: 'POST',
    route: '/api/trips/getaway-trip',
    path: () => '/api/trips/getaway-trip',
    body: () => ({ location_address: 'Oslo, Norway' }),
    expected: anyUser(201),
  },
  { method: 'GET', route: '/api/trips/favorites', path: () => '/api/trips/favorites', expected: anyUser(200) },
  { method: 'GET', route: '/api/trips/calendar.ics', path: () => '/api/trips/calendar.ics', expected: anyUser(200) },
  { method: 'GET', route: '/api/trips/getaway/{tripId}', path: T, expected: readAll },
  {
    method: 'PUT',
    route: '/api/trips/getaway/{tripId}',
    path: T,
    body: () => ({ travelers: 2 }),
    expected: editors(200),
  },
  { method: 'DELETE', route: '/api/trips/getaway/{tripId}', path: T, expected: ownerOnly(200) },
  { method: 'GET', route: '/api/trips/getaway/{tripId}/events', path: (s) => `${T(s)}/events`, expected: readAll },
  { method: 'GET', route: '/api/trips/getaway/{tripId}/history', path: (s) => `${T(s)}/history`, expected: readAll },
  {
    method: 'POST',
    route: '/api/trips/getaway/{tripId}/history/{entryId}/undo',
    path: (s) => `${T(s)}/history/${s.itemEntryId}/undo`,
    expected: editors(200),
  },
  { method: 'GET', route: '/api/trips/bin', path: () => '/api/trips/bin', expected: anyUser(200) },
  {
    // A live trip is in nobody's bin: 404 for every user (restoring is proven in the trips service's tests).
    method: 'POST',
    route: '/api/trips/bin/{tripId}/restore',
    path: (s) => `/api/trips/bin/${s.tripId}/restore`,
    expected: anyUser(404),
  },
  { method: 'GET', route: '/api/trips/getaway/{tripId}/bin', path: (s) => `${T(s)}/bin`, expected: readAll },
  {
    // Nothing with this id in the bin: whoever may edit passes the access rule and meets 404.
    method: 'POST',
    route: '/api/trips/getaway/{tripId}/bin/{binId}/restore',
    path: (s) => `${T(s)}/bin/00000000-0000-4000-8000-000000000000:0123456789abcdef01234567/restore`,
    expected: editors(404),
  },
  {
    method: 'GET',
    route: '/api/trips/getaway/{tripId}/comparison.csv',
    path: (s) => `${T(s)}/comparison.csv`,
    expected: costsShown,
  },
  {
    method: 'POST',
    route: '/api/trips/getaway/{tripId}/instances',
    path: (s) => `${T(s)}/instances`,
    body: () => ({ trip_start: '2031-06-01', trip_end: '2031-06-03' }),
    expected: editors(201),
  },
  { method: 'GET', route: '/api/trips/getaway/{tripId}/instances/{instanceId}', path: I, expected: readAll },
  { method: 'DELETE', route: '/api/trips/getaway/{tripId}/instances/{instanceId}', path: I, expected: editors(200) },
  {
    method: 'PATCH',
    route: '/api/trips/getaway/{tripId}/instances/{instanceId}/commit',
    path: (s) => `${I(s)}/commit`,
    expected: editors(200),
  },
  {
    // Not committed: whoever may edit passes the access rule and meets the plan rule (409).
    method: 'DELETE',
    route: '/api/trips/getaway/{tripId}/instances/{instanceId}/commit',
    path: (s) => `${I(s)}/commit`,
    expected: editors(409),
  },
  {
    method: 'POST',
    route: '/api/trips/getaway/{tripId}/instances/{instanceId}/duplicate',
    path: (s) => `${I(s)}/duplicate`,
    body: () => ({ shiftDays: 7 }),
    expected: editors(201),
  },
  {
    method: 'GET',
    route: '/api/trips/getaway/{tripId}/instances/{instanceId}/flex',
    path: (s) => `${I(s)}/flex?from=2031-05-01&to=2031-05-03&minNights=2&maxNights=3`,
    expected: costsShown,
  },
  {
    method: 'POST',
    route: '/api/trips/getaway/{tripId}/reprice',
    path: (s) => `${T(s)}/reprice`,
    expected: editors(200),
  },
  {
    method: 'POST',
    route: '/api/trips/getaway/{tripId}/instances/{instanceId}/reprice',
    path: (s) => `${I(s)}/reprice`,
    expected: editors(200),
  },
  {
    method: 'POST',
    route: '/api/trips/getaway/{tripId}/instances/{instanceId}/items',
    path: (s) => `${I(s)}/items`,
    body: () => ({ category: 'other', name: 'Tram', amount: 3, basis: 'per_person' }),
    expected: editors(201),
  },
  {
    method: 'POST',
    route: '/api/trips/getaway/{tripId}/items/batch',
    path: (s) => `${T(s)}/items/batch`,
    body: (s) => ({ items: [{ instance_id: s.instanceId, category: 'other', name: 'Museum', amount: 12 }] }),
    expected: editors(201),
  },
  {
    method: 'PUT',
    route: '/api/trips/getaway/{tripId}/instances/{instanceId}/items/{itemId}',
    path: X,
    body: () => ({ amount: 130 }),
    expected: editors(200),
  },
  {
    method: 'DELETE',
    route: '/api/trips/getaway/{tripId}/instances/{instanceId}/items/{itemId}',
    path: X,
    expected: editors(200),
  },
  {
    method: 'POST',
    route: '/api/trips/getaway/{tripId}/instances/{instanceId}/items/{itemId}/checked',
    path: (s) => `${X(s)}/checked`,
    expected: editors(200),
  },
  {
    method: 'PUT',
    route: '/api/trips/getaway/{tripId}/instances/{instanceId}/vote',
    path: (s) => `${I(s)}/vote`,
    body: () => ({ vote: 'yes' }),
    expected: readAll,
  },
  {
    method: 'DELETE',
    route: '/api/trips/getaway/{tripId}/instances/{instanceId}/vote',
    path: (s) => `${I(s)}/vote`,
    expected: readAll,
  },
  {
    method: 'POST',
    route: '/api/trips/getaway/{tripId}/invites',
    path: (s) => `${T(s)}/invites`,
    body: () => ({ role: 'viewer' }),
    expected: ownerOnly(201),
  },
  {
    method: 'GET',
    route: '/api/trips/getaway/{tripId}/invites',
    path: (s) => `${T(s)}/invites`,
    expected: ownerOnly(200),
  },
  {
    method: 'DELETE',
    route: '/api/trips/getaway/{tripId}/invites/{inviteId}',
    path: (s) => `${T(s)}/invites/${s.inviteId}`,
    expected: ownerOnly(200),
  },
  {
    method: 'GET',
    route: '/api/trips/invites/{token}',
    path: (s) => `/api/trips/invites/${s.token}`,
    expected: anyUser(200),
  },
  {
    method: 'POST',
    route: '/api/trips/invites/{token}/accept',
    path: (s) => `/api/trips/invites/${s.token}/accept`,
    expected: { anonymous: 401, stranger: 200, viewer: 200, editor: 200, owner: 409 },
  },
  {
    method: 'PATCH',
    route: '/api/trips/getaway/{tripId}/members/{userId}',
    path: (s) => `${T(s)}/members/${s.users.viewer.id}`,
    body: () => ({ role: 'editor' }),
    expected: ownerOnly(200),
  },
  {
    method: 'DELETE',
    route: '/api/trips/getaway/{tripId}/members/{userId}',
    path: (s) => `${T(s)}/members/${s.users.viewer.id}`,
    expected: ownerOnly(200),
  },
  {
    method: 'DELETE',
    route: '/api/trips/getaway/{tripId}/members/me',
    path: (s) => `${T(s)}/members/me`,
    expected: { anonymous: 401, stranger: 403, viewer: 200, editor: 200, owner: 409 },
  },
  // Who pays what (issue 40). Costs are hidden from viewers here, and show_own_share is off.
  { method: 'GET', route: '/api/trips/payments', path: () => '/api/trips/payments', expected: anyUser(200) },
  {
    method: 'GET',
    route: '/api/trips/getaway/{tripId}/balances',
    path: (s) => `${T(s)}/balances?instance=${s.instanceId}`,
    expected: costsShown,
    people: true,
  },
  {
    method: 'GET',
    route: '/api/trips/getaway/{tripId}/balances.csv',
    path: (s) => `${T(s)}/balances.csv?instance=${s.instanceId}`,
    expected: costsShown,
    people: true,
  },
  {
    method: 'GET',
    route: '/api/trips/getaway/{tripId}/payments',
    path: (s) => `${T(s)}/payments`,
    expected: costsShown,
    people: true,
  },
  {
    // From the viewer's own person: still refused while the viewer may not see their figures.
    method: 'POST',
    route: '/api/trips/getaway/{tripId}/payments',
    path: (s) => `${T(s)}/payments`,
    body: (s) => ({ from: s.people!.viewer, to: s.people!.owner, amount: 5, paid_on: '2031-05-04' }),
    expected: editors(201),
    people: true,
  },
  {
    // Each member's own private limit: anyone who is one of the trip's people, whatever their role.
    method: 'PUT',
    route: '/api/trips/getaway/{tripId}/members/me/limit',
    path: (s) => `${T(s)}/members/me/limit`,
    body: () => ({ max: 400 }),
    expected: { anonymous: 401, stranger: 403, viewer: 200, editor: 200, owner: 200 },
    people: true,
  },
  {
    method: 'DELETE',
    route: '/api/trips/getaway/{tripId}/payments/{paymentId}',
    path: (s) => `${T(s)}/payments/${s.people!.paymentId}`,
    expected: editors(200),
    people: true,
  },
];

describe('plan together: who may do what', () => {
  it('when the routes are listed, then every documented trips route has an entry in the role table', () => {
    const documented = Object.entries((apiDocument() as { paths: Record<string, object> }).paths).flatMap(
      ([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
    );
    const covered = new Set(CASES.map((entry) => `${entry.method} ${entry.route}`));
    expect(documented.filter((route) => !covered.has(route))).toEqual([]);
  });

  it.each(CASES.map((entry) => [`${entry.method} ${entry.route}`, entry] as const))(
    'when each role calls %s, then each gets its expected status ({msg} when refused)',
    async (_name, entry) => {
      const seen: Record<string, number> = {};
      for (const role of ROLES) {
        // A fresh trip per caller: one's change never decides another's answer.
        const shared = await sharedTrip({ people: entry.people });
        const reply = await callerFor(shared, role)(entry.method, entry.path(shared), entry.body?.(shared));
        seen[role] = reply.status;
        if (reply.status >= 400) expect([role, typeof reply.body?.msg]).toEqual([role, 'string']);
      }
      expect(seen).toEqual(entry.expected);
    },
  );

  it('when a member is removed, then their very next request is refused and the trip leaves their list', async () => {
    const shared = await sharedTrip();
    const viewer = gw.as(shared.users.viewer);
    ok(await viewer('GET', T(shared)));
    ok(await gw.as(shared.users.owner)('DELETE', `${T(shared)}/members/${shared.users.viewer.id}`));
    expect((await viewer('GET', T(shared))).status).toBe(403);
    const list = ok(await viewer('GET', '/api/trips/getaway-trip')).body;
    expect(list.map((trip: { _id: string }) => trip._id)).not.toContain(shared.tripId);
  });

  it('when the owner makes a viewer an editor, then the former viewer may edit at once', async () => {
    const shared = await sharedTrip();
    const viewer = gw.as(shared.users.viewer);
    expect((await viewer('PUT', T(shared), { travelers: 3 })).status).toBe(403);
    const trip = ok(
      await gw.as(shared.users.owner)('PATCH', `${T(shared)}/members/${shared.users.viewer.id}`, { role: 'editor' }),
    ).body;
    expect(trip.members.find((member: { user_id: string }) => member.user_id === shared.users.viewer.id).role).toBe(
      'editor',
    );
    expect(ok(await viewer('PUT', T(shared), { travelers: 3 })).body.travelers).toBe(3);
  });
});

describe('plan together: invitations by link', () => {
  it('when the owner makes a link, then it points at the public site and shows the trip, inviter and role', async () => {
    const shared = await sharedTrip();
    const made = ok(await gw.as(shared.users.owner)('POST', `${T(shared)}/invites`, { role: 'editor' }), 201).body;
    expect(made.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(made.url).toBe(`https://trips.example/join/${made.token}`);
    expect(Date.parse(made.expires_at) - Date.parse(made.created_at)).toBe(7 * 24 * 3600 * 1000);
    const stranger = gw.as(shared.users.stranger);
    expect(ok(await stranger('GET', `/api/trips/invites/${made.token}`)).body).toEqual({
      trip_id: shared.tripId,
      trip_name: 'Porto, Portugal',
      inviter_name: 'Ada',
      role: 'editor',
    });
    // The list never shows a token.
    const listed = ok(await gw.as(shared.users.owner)('GET', `${T(shared)}/invites`)).body;
    expect(JSON.stringify(listed)).not.toContain(made.token);
  });

  it('when a link is used by several people, then each joins once; again is 200 unchanged; the owner gets 409', async () => {
    const shared = await sharedTrip();
    const stranger = gw.as(shared.users.stranger);
    const first = ok(await stranger('POST', `/api/trips/invites/${shared.token}/accept`)).body;
    expect(first.joined).toBe(true);
    expect(first.trip.role).toBe('viewer');
    const again = ok(await stranger('POST', `/api/trips/invites/${shared.token}/accept`)).body;
    expect(again.joined).toBe(false);
    expect(again.trip.version).toBe(first.trip.version);
    const someone = testUser({ name: 'Eve' });
    expect(ok(await gw.as(someone)('POST', `/api/trips/invites/${shared.token}/accept`)).body.joined).toBe(true);
    const members = ok(await gw.as(shared.users.owner)('GET', T(shared))).body.members;
    expect(members.map((member: { name: string; role: string }) => `${member.name}:${member.role}`)).toEqual([
      'Ada:owner',
      'Bo:editor',
      'Cy:viewer',
      'Di:viewer',
      'Eve:viewer',
    ]);
    const owner = await gw.as(shared.users.owner)('POST', `/api/trips/invites/${shared.token}/accept`);
    expect([owner.status, typeof owner.body.msg]).toEqual([409, 'string']);
  });

  it('when a link is revoked, then looking at it or joining with it is 410 {msg}', async () => {
    const shared = await sharedTrip();
    ok(await gw.as(shared.users.owner)('DELETE', `${T(shared)}/invites/${shared.inviteId}`));
    const stranger = gw.as(shared.users.stranger);
    for (const [method, path] of [
      ['GET', `/api/trips/invites/${shared.token}`],
      ['POST', `/api/trips/invites/${shared.token}/accept`],
    ] as const) {
      const reply = await stranger(method, path);
      expect([reply.status, reply.body.msg]).toEqual([410, expect.stringMatching(/revoked/)]);
    }
    expect((await stranger('GET', T(shared))).status).toBe(403);
    const listed = ok(await gw.as(shared.users.owner)('GET', `${T(shared)}/invites`)).body;
    expect(listed.find((invite: { _id: string }) => invite._id === shared.inviteId).state).toBe('revoked');
  });

  it('when someone guesses tokens, then after 5 misses even a real link answers 429 {msg} to them', async () => {
    const shared = await sharedTrip();
    const guesser = gw.as(testUser());
    for (let i = 0; i < 5; i += 1) {
      expect((await guesser('GET', `/api/trips/invites/${'x'.repeat(42)}${i}`)).status).toBe(404);
    }
    const refused = await guesser('POST', `/api/trips/invites/${shared.token}/accept`);
    expect([refused.status, typeof refused.body.msg]).toEqual([429, 'string']);
    // Someone else is not held back by the guesser.
    expect(ok(await gw.as(shared.users.stranger)('GET', `/api/trips/invites/${shared.token}`)).status).toBe(200);
  });
});

/** The properties of a schema in the API document, following a $ref (and allOf/anyOf of one object). */
type JsonSchema = { $ref?: string; properties?: Record<string, JsonSchema>; items?: JsonSchema; anyOf?: JsonSchema[] };

describe('plan together: what a viewer of hidden costs receives', () => {
  const doc = apiDocument() as { components: { schemas: Record<string, JsonSchema> } };
  const resolve = (schema: JsonSchema): JsonSchema =>
    schema.$ref ? resolve(doc.components.schemas[schema.$ref.split('/').pop()!]!) : schema;
  /** A property that is money, a link or a confirmation code (by the meaning its name carries). */
  const MONEY_OR_LINK =
    /expense|cost|total|budget|per_person|per_night|delta|fx|lowest|highest|spread|overBudget|to_pay|amount|seasons|quotes|link|confirmation|comparison|email|freshness/i;
  const isMoney = (name: string) => MONEY_OR_LINK.test(name) && !/costs_hidden|hide_costs|budget_basis/.test(name);
  /** Every money, link or confirmation property the full schema declares, as dotted paths with [] for lists. */
  function moneyPaths(schema: JsonSchema, prefix = ''): string[] {
    const resolved = resolve(schema);
    if (resolved.anyOf) return resolved.anyOf.flatMap((option) => moneyPaths(option, prefix));
    if (resolved.items) return moneyPaths(resolved.items, `${prefix}[]`);
    return Object.entries(resolved.properties ?? {}).flatMap(([name, child]) => {
      const path = prefix ? `${prefix}.${name}` : name;
      return isMoney(name) ? [path] : moneyPaths(child, path);
    });
  }
  /** Every value at a dotted path ([] walks a list). */
  function valuesAt(value: unknown, path: string): unknown[] {
    const [head, ...rest] = path.split('.');
    const list = head!.endsWith('[]');
    const key = list ? head!.slice(0, -2) : head!;
    const here = (value as Record<string, unknown> | undefined)?.[key];
    if (here === undefined) return [];
    const next = list ? (here as unknown[]) : [here];
    return rest.length === 0 ? next : next.flatMap((child) => valuesAt(child, rest.join('.')));
  }
  /** Every leaf path of an answer (lists as []), to compare with the schema's declared fields. */
  function leafPaths(value: unknown, prefix = ''): string[] {
    if (Array.isArray(value)) return value.flatMap((child) => leafPaths(child, `${prefix}[]`));
    if (value !== null && typeof value === 'object') {
      return Object.entries(value).flatMap(([key, child]) => leafPaths(child, prefix ? `${prefix}.${key}` : key));
    }
    return [prefix];
  }

  it('when the schema is walked, then it names the money fields the test looks for (the walk is not empty)', () => {
    const paths = moneyPaths({ $ref: '#/components/schemas/Trip' });
    expect(paths).toEqual(
      expect.arrayContaining([
        'total_cost',
        'budget',
        'comparison',
        'instances[].items[].amount',
        'instances[].items[].link',
        'instances[].items[].confirmation',
        'instances[].search_links',
        'user_email',
      ]),
    );
  });

  it('when a viewer reads the trip, a window, the lists and the summaries, then no money field of the Trip schema is in any answer', async () => {
    const shared = await sharedTrip();
    const viewer = gw.as(shared.users.viewer);
    const tripPaths = moneyPaths({ $ref: '#/components/schemas/Trip' });
    const trip = ok(await viewer('GET', T(shared))).body;
    const window = ok(await viewer('GET', I(shared))).body;
    const list = ok(await viewer('GET', '/api/trips/getaway-trip')).body;
    const summaries = ok(await viewer('GET', '/api/trips/getaway-trip?view=summary')).body;
    const answers = { trip, windowTrip: window.trip, listed: list[0] };
    for (const [name, answer] of Object.entries(answers)) {
      expect([name, answer.costs_hidden]).toEqual([name, true]);
      const left = tripPaths.filter((path) => valuesAt(answer, path).length > 0);
      expect([name, left]).toEqual([name, []]);
      expect(leafPaths(answer).filter(isMoney)).toEqual([]);
    }
    expect(leafPaths(window.instance).filter(isMoney)).toEqual([]);
    expect(window.instance.items[0]).toEqual({
      _id: shared.itemId,
      category: 'stay',
      name: 'Flat by the river',
      basis: 'per_night',
      booked: false,
      paid: false,
    });
    const summaryPaths = moneyPaths({ $ref: '#/components/schemas/TripSummary' });
    expect(summaryPaths).toEqual(expect.arrayContaining(['total_cost', 'per_person', 'budget', 'cheapest_total']));
    expect(summaryPaths.filter((path) => valuesAt(summaries[0], path).length > 0)).toEqual([]);
    expect(summaries[0]).toMatchObject({ role: 'viewer', owner_name: 'Ada', costs_hidden: true, windows: 1 });
    // Not even in the raw bytes: the figures, link and code are nowhere.
    const raw = JSON.stringify([trip, window, list, summaries]);
    for (const secret of ['stay.example', 'ABC123', '"amount"', 'total_cost', '@example.test']) {
      expect(raw).not.toContain(secret);
    }
  });

  it('when a viewer asks for the flex grid or the comparison CSV, then 403 {msg}; the calendar carries no total', async () => {
    const shared = await sharedTrip();
    const viewer = gw.as(shared.users.viewer);
    const flex = await viewer('GET', `${I(shared)}/flex?from=2031-05-01&to=2031-05-03&minNights=2&maxNights=3`);
    expect([flex.status, flex.body.msg]).toEqual([403, 'The owner hides this trip’s costs from viewers.']);
    const csv = await viewer('GET', `${T(shared)}/comparison.csv`);
    expect(csv.status).toBe(403);
    ok(await gw.as(shared.users.owner)('PATCH', `${I(shared)}/commit`));
    const ics = await fetch(`${gw.url}/api/trips/calendar.ics`, {
      headers: { authorization: `Bearer ${(await import('@tripcost/shared/testing')).tokenFor(shared.users.viewer)}` },
    });
    const text = await ics.text();
    expect(text).toContain('SUMMARY:Trip to Porto');
    expect(text).not.toContain('Total:');
  });

  it('when the owner shows costs to viewers, then a viewer gets the whole trip, still without the owner’s email', async () => {
    const shared = await sharedTrip({ hideCosts: false });
    const trip = ok(await gw.as(shared.users.viewer)('GET', T(shared))).body;
    expect(trip).toMatchObject({ costs_hidden: false, role: 'viewer', user_email: '' });
    expect(trip.instances[0].items[0].amount).toBe(120);
    expect(ok(await gw.as(shared.users.owner)('GET', T(shared))).body.user_email).toBe(shared.users.owner.email);
  });

  it('when an editor reads, then they see costs; when an editor turns hiding off, then 403 {msg}', async () => {
    const shared = await sharedTrip();
    const editor = gw.as(shared.users.editor);
    expect(ok(await editor('GET', T(shared))).body.instances[0].total_cost).toBe(360);
    const refused = await editor('PUT', T(shared), { hide_costs_from_viewers: false });
    expect([refused.status, typeof refused.body.msg]).toEqual([403, 'string']);
  });
});

describe('plan together: lists', () => {
  it('when a trip is shared with me, then my list holds it with my role and the owner’s name; mine say owner', async () => {
    const shared = await sharedTrip();
    const editor = gw.as(shared.users.editor);
    const own = ok(await editor('POST', '/api/trips/getaway-trip', { location_address: 'Oslo, Norway' }), 201).body;
    const list = ok(await editor('GET', '/api/trips/getaway-trip')).body;
    const byId = new Map(list.map((trip: { _id: string }) => [trip._id, trip]));
    expect(byId.get(shared.tripId)).toMatchObject({ role: 'editor', owner_name: 'Ada', costs_hidden: false });
    expect(byId.get(own._id)).toMatchObject({ role: 'owner', owner_name: 'Bo' });
    // A member's favourites are their own: the shared trip is not in their favourites list.
    expect(ok(await editor('GET', '/api/trips/favorites')).body).toEqual([]);
    const deleted = await editor('DELETE', T(shared));
    expect([deleted.status, deleted.body.msg]).toEqual([403, 'Only the trip’s owner can delete it.']);
  });

  it('when the owner deletes a shared trip, then it is gone for the members too', async () => {
    const shared = await sharedTrip();
    ok(await gw.as(shared.users.owner)('DELETE', T(shared)));
    expect((await gw.as(shared.users.viewer)('GET', T(shared))).status).toBe(404);
    const list = ok(await gw.as(shared.users.viewer)('GET', '/api/trips/getaway-trip')).body;
    expect(list).toEqual([]);
  });
});

describe('plan together: voting on windows', () => {
  it('when members vote, then each window shows the counts and my own vote; all yes works for everyone and is the cheapest such', async () => {
    const shared = await sharedTrip();
    const owner = gw.as(shared.users.owner);
    const cheaper = ok(
      await owner('POST', `${T(shared)}/instances`, {
        trip_start: '2031-06-01',
        trip_end: '2031-06-03',
        stay_expense: 90,
      }),
      201,
    ).body;
    const vote = (role: 'owner' | 'editor' | 'viewer', instanceId: string, value: string) =>
      gw.as(shared.users[role])('PUT', `${T(shared)}/instances/${instanceId}/vote`, { vote: value });
    for (const role of ['owner', 'editor', 'viewer'] as const) ok(await vote(role, shared.instanceId, 'yes'));
    ok(await vote('owner', cheaper._id, 'yes'));
    const maybe = ok(await vote('viewer', cheaper._id, 'maybe')).body;
    expect(maybe.instance).toMatchObject({
      votes: { yes: 1, maybe: 1, no: 0, mine: 'maybe' },
      works_for_everyone: false,
    });
    const trip = ok(await gw.as(shared.users.editor)('GET', T(shared))).body;
    const byId = new Map(trip.instances.map((window: { _id: string }) => [window._id, window]));
    expect(byId.get(shared.instanceId)).toMatchObject({
      votes: { yes: 3, maybe: 0, no: 0, mine: 'yes' },
      works_for_everyone: true,
    });
    expect(byId.get(cheaper._id)).toMatchObject({ votes: { yes: 1, maybe: 1, no: 0, mine: null } });
    // The cheaper window does not work for everyone: the dearer one that does is chosen.
    expect(trip.comparison.cheapestInstanceId).toBe(cheaper._id);
    expect(trip.comparison.cheapestForEveryoneId).toBe(shared.instanceId);
    // The viewer of hidden costs sees the votes, not the money.
    const viewed = ok(await gw.as(shared.users.viewer)('GET', T(shared))).body;
    expect(viewed.costs_hidden).toBe(true);
    expect(viewed.instances.find((w: { _id: string }) => w._id === cheaper._id).votes.mine).toBe('maybe');
    // Withdrawn: it no longer counts.
    const withdrawn = ok(await gw.as(shared.users.viewer)('DELETE', `${T(shared)}/instances/${cheaper._id}/vote`)).body;
    expect(withdrawn.instance.votes).toEqual({ yes: 1, maybe: 0, no: 0, mine: null });
    const bad = await vote('viewer', cheaper._id, 'perhaps');
    expect([bad.status, typeof bad.body.msg]).toEqual([400, 'string']);
  });

  it('when a member votes while another edits, then the edit with the version it read still saves (no 412)', async () => {
    const shared = await sharedTrip();
    const editor = gw.as(shared.users.editor);
    const read = ok(await editor('GET', T(shared))).body;
    ok(await gw.as(shared.users.viewer)('PUT', `${I(shared)}/vote`, { vote: 'no' }));
    const saved = await editor('PUT', T(shared), { travelers: 4 }, { 'if-match': `"${read.version}"` });
    expect(saved.status).toBe(200);
    expect(saved.body.version).toBe(read.version + 1);
  });

  it('when a member who voted is removed, then their vote no longer counts', async () => {
    const shared = await sharedTrip();
    for (const role of ['owner', 'editor', 'viewer'] as const) {
      ok(await gw.as(shared.users[role])('PUT', `${I(shared)}/vote`, { vote: role === 'viewer' ? 'no' : 'yes' }));
    }
    const owner = gw.as(shared.users.owner);
    expect(ok(await owner('GET', I(shared))).body.instance.works_for_everyone).toBe(false);
    ok(await owner('DELETE', `${T(shared)}/members/${shared.users.viewer.id}`));
    const after = ok(await owner('GET', I(shared))).body.instance;
    expect(after).toMatchObject({ votes: { yes: 2, maybe: 0, no: 0, mine: 'yes' }, works_for_everyone: true });
  });

  it('when a vote is cast, then the lists show it (their ETag changes)', async () => {
    const shared = await sharedTrip();
    const editor = gw.as(shared.users.editor);
    const before = await editor('GET', '/api/trips/getaway-trip');
    ok(await editor('PUT', `${I(shared)}/vote`, { vote: 'yes' }));
    const after = await editor('GET', '/api/trips/getaway-trip', undefined, {
      'if-none-match': before.headers.get('etag')!,
    });
    expect(after.status).toBe(200);
    expect(after.body[0].instances[0].votes).toEqual({ yes: 1, maybe: 0, no: 0, mine: 'yes' });
  });
});
