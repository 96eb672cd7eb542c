// The authorization matrix, generated from the route table: every operation in the
// gateway's merged OpenAPI document is called as anonymous, as another user and as
// the owner of the resources it names, and must answer the status listed here. A
// route without an entry fails the test, so a new route cannot ship unreviewed.
import { eventually } from '@tripcost/shared/testing';
import { documentedOperations, PASSWORD, startProductInProcess, type Product, type Traveller } from './support/product';

type Caller = 'anonymous' | 'other' | 'owner';

/** The owner's resources a call may name; made fresh for every call. */
interface Resources {
  owner: Traveller;
  tripId: string;
  instanceId: string;
  otherInstanceId: string;
  /** A third window, committed: the trip's plan. */
  committedInstanceId: string;
  /** A cost item of the first window. */
  itemId: string;
  wishlistId: string;
  /** The trip's people: the owner, then Bo (no account); and a payment from Bo to the owner. */
  personIds: [string, string];
  paymentId: string;
  /** The owner's import draft: made only for the routes that name one (a draft is a parse in a worker). */
  draftId: string;
}

interface MatrixEntry {
  request(resources: Resources): { path: string; body?: unknown };
  /** Accepted statuses per caller. */
  expect: Record<Caller, number[]>;
}

const ONLY_OWNER = { anonymous: [401], other: [403], owner: [200] };
const ANY_USER = { anonymous: [401], other: [200], owner: [200] };
// The third parties are offline in this suite: answers are a clean 503 or 400, never data.
const THIRD_PARTY = { anonymous: [401], other: [200, 400, 503], owner: [200, 400, 503] };

/** Ids and tokens that name nothing (well formed, so the answer is about access, not shape). */
const NO_SUCH_ID = 'aaaaaaaaaaaaaaaaaaaaaaaa';
const NO_SUCH_TOKEN = 'a'.repeat(43);

const MATRIX: Record<string, MatrixEntry> = {
  'POST /api/user/register': {
    request: () => ({
      path: '/api/user/register',
      body: {
        fname: 'Bo',
        lname: 'Li',
        email: `new-${Math.random().toString(36).slice(2)}@example.test`,
        password: PASSWORD,
        birthday: '1991-02-03',
        city: 'Reno',
        state: 'NV',
        zip: '89501',
      },
    }),
    expect: { anonymous: [201], other: [201], owner: [201] },
  },
  'POST /api/user/login': {
    request: ({ owner }) => ({ path: '/api/user/login', body: { email: owner.email, password: PASSWORD } }),
    expect: { anonymous: [200], other: [200], owner: [200] },
  },
  'GET /api/user/refresh_token': {
    request: () => ({ path: '/api/user/refresh_token' }),
    // No session cookie is sent: nobody gets a token from it.
    expect: { anonymous: [401], other: [401], owner: [401] },
  },
  'GET /api/user/logout': {
    request: () => ({ path: '/api/user/logout' }),
    expect: { anonymous: [200], other: [200], owner: [200] },
  },
  'GET /api/user/.well-known/jwks.json': {
    request: () => ({ path: '/api/user/.well-known/jwks.json' }),
    // Public keys only, public by design: verifiers fetch them to check tokens.
    expect: { anonymous: [200], other: [200], owner: [200] },
  },
  'GET /api/user/infor': { request: () => ({ path: '/api/user/infor' }), expect: ANY_USER },
  'GET /api/user/profile/{id}': {
    request: ({ owner }) => ({ path: `/api/user/profile/${owner.id}` }),
    expect: ANY_USER,
  },
  'DELETE /api/user/me': {
    // Always the caller's own account; a wrong password keeps the fixture users alive
    // (deletion itself is covered end to end in gateway/test/account-lifecycle.test.ts).
    request: () => ({ path: '/api/user/me', body: { password: 'not the password' } }),
    expect: { anonymous: [401], other: [403], owner: [403] },
  },
  'GET /api/user/me/export': {
    // Always the caller's own data.
    request: () => ({ path: '/api/user/me/export' }),
    expect: ANY_USER,
  },
  'PUT /api/user/profile/{id}': {
    request: ({ owner }) => ({
      path: `/api/user/profile/${owner.id}`,
      body: { fname: 'Ana', lname: 'Silva', birthday: '1990-04-01', city: 'Boston', state: 'MA', zip: '02110' },
    }),
    expect: ONLY_OWNER,
  },
  'GET /api/weather': { request: () => ({ path: '/api/weather?city=Lisbon' }), expect: THIRD_PARTY },
  'GET /api/places/autocomplete': {
    request: () => ({ path: '/api/places/autocomplete?input=Lis' }),
    expect: THIRD_PARTY,
  },
  'GET /api/places-details': {
    request: () => ({ path: '/api/places-details?place_id=offline:lisbon' }),
    expect: THIRD_PARTY,
  },
  'GET /api/places-pics': {
    request: () => ({ path: '/api/places-pics?photoreference=places%2Fabc%2Fphotos%2Fdef' }),
    // Loaded by <img> tags, which send no token: public by design, answers the default image offline.
    expect: { anonymous: [200, 302, 503], other: [200, 302, 503], owner: [200, 302, 503] },
  },
  'GET /api/weather/window': {
    request: () => ({ path: '/api/weather/window?city=Lisbon&country=Portugal&start=2030-05-01&end=2030-05-03' }),
    expect: THIRD_PARTY,
  },
  'POST /api/weather/windows': {
    request: () => ({
      path: '/api/weather/windows',
      body: {
        city: 'Lisbon',
        country: 'Portugal',
        windows: [
          { id: 'a', start: '2030-05-01', end: '2030-05-03' },
          { id: 'b', start: '2030-06-01', end: '2030-06-03' },
        ],
      },
    }),
    expect: THIRD_PARTY,
  },
  'POST /api/chatgpt/fun-places': {
    request: () => ({ path: '/api/chatgpt/fun-places', body: { location: 'Lisbon, Portugal' } }),
    expect: THIRD_PARTY,
  },
  'GET /api/fx/rates': {
    request: () => ({ path: '/api/fx/rates?base=GBP' }),
    // Reference rates are public data; offline here, the bundled snapshot answers.
    expect: { anonymous: [200], other: [200], owner: [200] },
  },
  'GET /api/fx/currencies': {
    request: () => ({ path: '/api/fx/currencies' }),
    expect: { anonymous: [200], other: [200], owner: [200] },
  },
  'GET /api/trips/getaway-trip': {
    request: ({ owner }) => ({ path: `/api/trips/getaway-trip?email=${encodeURIComponent(owner.email)}` }),
    // Another user asking for the owner's email is refused; their own list is theirs.
    expect: ONLY_OWNER,
  },
  'POST /api/trips/getaway-trip': {
    request: () => ({ path: '/api/trips/getaway-trip', body: { location_address: 'Porto, Portugal' } }),
    expect: { anonymous: [401], other: [201], owner: [201] },
  },
  'GET /api/trips/favorites': { request: () => ({ path: '/api/trips/favorites' }), expect: ANY_USER },
  // Each caller's own committed trips: another user gets their own (empty) calendar.
  'GET /api/trips/calendar.ics': { request: () => ({ path: '/api/trips/calendar.ics' }), expect: ANY_USER },
  // A member's live updates (Server-Sent Events): refused like a read of the trip.
  'GET /api/trips/getaway/{tripId}/events': {
    request: ({ tripId }) => ({ path: `/api/trips/getaway/${tripId}/events` }),
    expect: ONLY_OWNER,
  },
  // A trip's history: any member (money in it as they may see it), nobody else.
  'GET /api/trips/getaway/{tripId}/history': {
    request: ({ tripId }) => ({ path: `/api/trips/getaway/${tripId}/history` }),
    expect: ONLY_OWNER,
  },
  // Undo: a member whose role could have made the change; an entry that is not the trip's is 404.
  'POST /api/trips/getaway/{tripId}/history/{entryId}/undo': {
    request: ({ tripId }) => ({
      path: `/api/trips/getaway/${tripId}/history/00000000-0000-4000-8000-000000000000/undo`,
    }),
    expect: { anonymous: [401], other: [403], owner: [404] },
  },
  // The trip's bin: any member lists it; restoring needs an editor; a record not in it is 404.
  'GET /api/trips/getaway/{tripId}/bin': {
    request: ({ tripId }) => ({ path: `/api/trips/getaway/${tripId}/bin` }),
    expect: ONLY_OWNER,
  },
  'POST /api/trips/getaway/{tripId}/bin/{binId}/restore': {
    request: ({ tripId }) => ({
      path: `/api/trips/getaway/${tripId}/bin/00000000-0000-4000-8000-000000000000:0123456789abcdef01234567/restore`,
    }),
    expect: { anonymous: [401], other: [403], owner: [404] },
  },
  // The caller's own bin of deleted trips; a trip not in it is 404 for everyone (who may
  // restore one is proven in services/trips/test/http/history-bin.test.ts).
  'GET /api/trips/bin': { request: () => ({ path: '/api/trips/bin' }), expect: ANY_USER },
  'POST /api/trips/bin/{tripId}/restore': {
    request: ({ tripId }) => ({ path: `/api/trips/bin/${tripId}/restore` }),
    expect: { anonymous: [401], other: [404], owner: [404] },
  },
  'GET /api/trips/getaway/{tripId}/comparison.csv': {
    request: ({ tripId }) => ({ path: `/api/trips/getaway/${tripId}/comparison.csv` }),
    expect: ONLY_OWNER,
  },
  'GET /api/trips/getaway/{tripId}': {
    request: ({ tripId }) => ({ path: `/api/trips/getaway/${tripId}` }),
    expect: ONLY_OWNER,
  },
  'PUT /api/trips/getaway/{tripId}': {
    request: ({ tripId, instanceId }) => ({
      path: `/api/trips/getaway/${tripId}`,
      // Notes, not an amount: the window may be itemised by then, and its amounts come from its items.
      body: { instances: [{ _id: instanceId, notes: 'Checked by the matrix' }] },
    }),
    expect: ONLY_OWNER,
  },
  'DELETE /api/trips/getaway/{tripId}': {
    request: ({ tripId }) => ({ path: `/api/trips/getaway/${tripId}` }),
    expect: ONLY_OWNER,
  },
  'POST /api/trips/getaway/{tripId}/instances': {
    request: ({ tripId }) => ({ path: `/api/trips/getaway/${tripId}/instances`, body: { stay_expense: 5 } }),
    expect: { anonymous: [401], other: [403], owner: [201] },
  },
  'GET /api/trips/getaway/{tripId}/instances/{instanceId}': {
    request: ({ tripId, instanceId }) => ({ path: `/api/trips/getaway/${tripId}/instances/${instanceId}` }),
    expect: ONLY_OWNER,
  },
  'DELETE /api/trips/getaway/{tripId}/instances/{instanceId}': {
    request: ({ tripId, instanceId }) => ({ path: `/api/trips/getaway/${tripId}/instances/${instanceId}` }),
    expect: ONLY_OWNER,
  },
  'PATCH /api/trips/getaway/{tripId}/instances/{instanceId}/commit': {
    request: ({ tripId, instanceId }) => ({
      path: `/api/trips/getaway/${tripId}/instances/${instanceId}/commit`,
      body: {},
    }),
    expect: ONLY_OWNER,
  },
  'DELETE /api/trips/getaway/{tripId}/instances/{instanceId}/commit': {
    request: ({ tripId, committedInstanceId }) => ({
      path: `/api/trips/getaway/${tripId}/instances/${committedInstanceId}/commit`,
    }),
    expect: ONLY_OWNER,
  },
  'POST /api/trips/getaway/{tripId}/instances/{instanceId}/duplicate': {
    request: ({ tripId, instanceId }) => ({
      path: `/api/trips/getaway/${tripId}/instances/${instanceId}/duplicate`,
      body: { shiftDays: 7 },
    }),
    expect: { anonymous: [401], other: [403], owner: [201] },
  },
  'POST /api/trips/getaway/{tripId}/instances/{instanceId}/reprice': {
    request: ({ tripId, instanceId }) => ({
      path: `/api/trips/getaway/${tripId}/instances/${instanceId}/reprice`,
    }),
    expect: ONLY_OWNER,
  },
  'POST /api/trips/getaway/{tripId}/reprice': {
    request: ({ tripId }) => ({ path: `/api/trips/getaway/${tripId}/reprice` }),
    expect: ONLY_OWNER,
  },
  // Planning together (ADR 0039): the matrix's stranger is no member, so every trip
  // route refuses them; invitation and member routes are called with ids that name
  // nothing, which the owner is told (404) and nobody else learns (403 or 404).
  'PUT /api/trips/getaway/{tripId}/instances/{instanceId}/vote': {
    request: ({ tripId, instanceId }) => ({
      path: `/api/trips/getaway/${tripId}/instances/${instanceId}/vote`,
      body: { vote: 'yes' },
    }),
    expect: ONLY_OWNER,
  },
  'DELETE /api/trips/getaway/{tripId}/instances/{instanceId}/vote': {
    request: ({ tripId, instanceId }) => ({ path: `/api/trips/getaway/${tripId}/instances/${instanceId}/vote` }),
    expect: ONLY_OWNER,
  },
  'POST /api/trips/getaway/{tripId}/invites': {
    request: ({ tripId }) => ({ path: `/api/trips/getaway/${tripId}/invites`, body: { role: 'viewer' } }),
    expect: { anonymous: [401], other: [403], owner: [201] },
  },
  'GET /api/trips/getaway/{tripId}/invites': {
    request: ({ tripId }) => ({ path: `/api/trips/getaway/${tripId}/invites` }),
    expect: ONLY_OWNER,
  },
  'DELETE /api/trips/getaway/{tripId}/invites/{inviteId}': {
    request: ({ tripId }) => ({ path: `/api/trips/getaway/${tripId}/invites/${NO_SUCH_ID}` }),
    expect: { anonymous: [401], other: [403], owner: [404] },
  },
  'GET /api/trips/invites/{token}': {
    request: () => ({ path: `/api/trips/invites/${NO_SUCH_TOKEN}` }),
    expect: { anonymous: [401], other: [404], owner: [404] },
  },
  'POST /api/trips/invites/{token}/accept': {
    request: () => ({ path: `/api/trips/invites/${NO_SUCH_TOKEN}/accept` }),
    expect: { anonymous: [401], other: [404], owner: [404] },
  },
  'PATCH /api/trips/getaway/{tripId}/members/{userId}': {
    request: ({ tripId }) => ({ path: `/api/trips/getaway/${tripId}/members/${NO_SUCH_ID}`, body: { role: 'editor' } }),
    expect: { anonymous: [401], other: [403], owner: [404] },
  },
  'DELETE /api/trips/getaway/{tripId}/members/{userId}': {
    request: ({ tripId }) => ({ path: `/api/trips/getaway/${tripId}/members/${NO_SUCH_ID}` }),
    expect: { anonymous: [401], other: [403], owner: [404] },
  },
  'DELETE /api/trips/getaway/{tripId}/members/me': {
    // The owner cannot leave their own trip (409); a stranger is no member (403).
    request: ({ tripId }) => ({ path: `/api/trips/getaway/${tripId}/members/me` }),
    expect: { anonymous: [401], other: [403], owner: [409] },
  },
  'GET /api/trips/getaway/{tripId}/instances/{instanceId}/flex': {
    request: ({ tripId, instanceId }) => ({
      path: `/api/trips/getaway/${tripId}/instances/${instanceId}/flex?from=2030-03-01&to=2030-03-10&minNights=2&maxNights=5`,
    }),
    expect: ONLY_OWNER,
  },
  'POST /api/trips/getaway/{tripId}/instances/{instanceId}/items/{itemId}/checked': {
    request: ({ tripId, instanceId, itemId }) => ({
      path: `/api/trips/getaway/${tripId}/instances/${instanceId}/items/${itemId}/checked`,
    }),
    expect: ONLY_OWNER,
  },
  'POST /api/trips/getaway/{tripId}/instances/{instanceId}/items': {
    request: ({ tripId, instanceId }) => ({
      path: `/api/trips/getaway/${tripId}/instances/${instanceId}/items`,
      body: { category: 'car', name: 'Rental', amount: 40, basis: 'per_day' },
    }),
    expect: { anonymous: [401], other: [403], owner: [201] },
  },
  'POST /api/trips/getaway/{tripId}/items/batch': {
    request: ({ tripId, instanceId, otherInstanceId }) => ({
      path: `/api/trips/getaway/${tripId}/items/batch`,
      body: {
        items: [
          { instance_id: instanceId, category: 'stay', name: 'Hotel', amount: 300, booked: true },
          { instance_id: otherInstanceId, category: 'car', name: 'Rental', amount: 40 },
        ],
      },
    }),
    expect: { anonymous: [401], other: [403], owner: [201] },
  },
  'PUT /api/trips/getaway/{tripId}/instances/{instanceId}/items/{itemId}': {
    request: ({ tripId, instanceId, itemId }) => ({
      path: `/api/trips/getaway/${tripId}/instances/${instanceId}/items/${itemId}`,
      body: { paid: true },
    }),
    expect: ONLY_OWNER,
  },
  'DELETE /api/trips/getaway/{tripId}/instances/{instanceId}/items/{itemId}': {
    request: ({ tripId, instanceId, itemId }) => ({
      path: `/api/trips/getaway/${tripId}/instances/${instanceId}/items/${itemId}`,
    }),
    expect: ONLY_OWNER,
  },
  // Who pays what (issue 40): a window's balances, the payments between the trip's people.
  'GET /api/trips/getaway/{tripId}/balances': {
    request: ({ tripId, instanceId }) => ({ path: `/api/trips/getaway/${tripId}/balances?instance=${instanceId}` }),
    expect: ONLY_OWNER,
  },
  'GET /api/trips/getaway/{tripId}/balances.csv': {
    request: ({ tripId, instanceId }) => ({ path: `/api/trips/getaway/${tripId}/balances.csv?instance=${instanceId}` }),
    expect: ONLY_OWNER,
  },
  // Each caller's own payments, on the trips naming them: another user gets their own (none).
  'GET /api/trips/payments': { request: () => ({ path: '/api/trips/payments' }), expect: ANY_USER },
  'GET /api/trips/getaway/{tripId}/payments': {
    request: ({ tripId }) => ({ path: `/api/trips/getaway/${tripId}/payments` }),
    expect: ONLY_OWNER,
  },
  'POST /api/trips/getaway/{tripId}/payments': {
    request: ({ tripId, personIds }) => ({
      path: `/api/trips/getaway/${tripId}/payments`,
      body: { from: personIds[1], to: personIds[0], amount: 12, paid_on: '2030-05-05' },
    }),
    expect: { anonymous: [401], other: [403], owner: [201] },
  },
  'DELETE /api/trips/getaway/{tripId}/payments/{paymentId}': {
    request: ({ tripId, paymentId }) => ({ path: `/api/trips/getaway/${tripId}/payments/${paymentId}` }),
    expect: ONLY_OWNER,
  },
  // A member's own private limit: the owner is one of the trip's people; another user is no member.
  'PUT /api/trips/getaway/{tripId}/members/me/limit': {
    request: ({ tripId }) => ({ path: `/api/trips/getaway/${tripId}/members/me/limit`, body: { max: 400 } }),
    expect: ONLY_OWNER,
  },
  'GET /api/wishlist/getlists': { request: () => ({ path: '/api/wishlist/getlists' }), expect: ANY_USER },
  // Notifications are the caller's own: no route names a person, and another's id is 404.
  'GET /api/notifications': { request: () => ({ path: '/api/notifications?unread=true' }), expect: ANY_USER },
  'POST /api/notifications/read-all': { request: () => ({ path: '/api/notifications/read-all' }), expect: ANY_USER },
  'POST /api/notifications/{id}/read': {
    request: () => ({ path: `/api/notifications/${NO_SUCH_ID}/read` }),
    expect: { anonymous: [401], other: [404], owner: [404] },
  },
  'GET /api/notifications/preferences': {
    request: () => ({ path: '/api/notifications/preferences' }),
    expect: ANY_USER,
  },
  'PUT /api/notifications/preferences': {
    request: () => ({ path: '/api/notifications/preferences', body: { stale_days: 21 } }),
    expect: ANY_USER,
  },
  'PUT /api/notifications/preferences/default-time-zone': {
    request: () => ({ path: '/api/notifications/preferences/default-time-zone', body: { time_zone: 'Europe/Lisbon' } }),
    expect: ANY_USER,
  },
  'GET /api/notifications/export': { request: () => ({ path: '/api/notifications/export' }), expect: ANY_USER },
  // Channels (issue 42): each the caller's own. No network here: a webhook or push endpoint
  // on a private address is refused (400); Web Push without VAPID keys answers 503.
  'GET /api/notifications/push-key': {
    request: () => ({ path: '/api/notifications/push-key' }),
    expect: { anonymous: [401], other: [200, 503], owner: [200, 503] },
  },
  'POST /api/notifications/push-subscriptions': {
    request: () => ({
      path: '/api/notifications/push-subscriptions',
      body: { endpoint: 'https://10.0.0.1/push', keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) } },
    }),
    expect: { anonymous: [401], other: [400, 503], owner: [400, 503] },
  },
  'DELETE /api/notifications/push-subscriptions': {
    request: () => ({ path: '/api/notifications/push-subscriptions', body: { endpoint: 'https://push.example/x' } }),
    expect: { anonymous: [401], other: [404], owner: [404] },
  },
  'PUT /api/notifications/webhook': {
    request: () => ({ path: '/api/notifications/webhook', body: { url: 'https://10.0.0.1/hook' } }),
    expect: { anonymous: [401], other: [400], owner: [400] },
  },
  'DELETE /api/notifications/webhook': {
    request: () => ({ path: '/api/notifications/webhook' }),
    expect: { anonymous: [401], other: [404], owner: [404] },
  },
  'GET /api/notifications/calendar': { request: () => ({ path: '/api/notifications/calendar' }), expect: ANY_USER },
  'POST /api/notifications/calendar': { request: () => ({ path: '/api/notifications/calendar' }), expect: ANY_USER },
  'DELETE /api/notifications/calendar': {
    request: () => ({ path: '/api/notifications/calendar' }),
    expect: { anonymous: [401], other: [404], owner: [404] },
  },
  // The feed needs no login (calendar apps send none): its token is the secret; one naming no feed is 404 for anyone.
  'GET /api/notifications/calendar/{token}.ics': {
    request: () => ({ path: `/api/notifications/calendar/${NO_SUCH_TOKEN}.ics` }),
    expect: { anonymous: [404], other: [404], owner: [404] },
  },
  // Imports (issue 43): a draft is its owner's alone; anyone signed in may import.
  'POST /api/imports': {
    request: () => ({ path: '/api/imports', body: { text: 'Nothing booked here.' } }),
    expect: { anonymous: [401], other: [201], owner: [201] },
  },
  'GET /api/imports': { request: () => ({ path: '/api/imports' }), expect: ANY_USER },
  'GET /api/imports/{draftId}': {
    request: ({ draftId }) => ({ path: `/api/imports/${draftId}` }),
    expect: ONLY_OWNER,
  },
  // The owner's draft into the owner's trip: another user is refused the draft (403) before the trip is asked.
  'GET /api/imports/{draftId}/plan': {
    request: ({ draftId, tripId }) => ({ path: `/api/imports/${draftId}/plan?tripId=${tripId}` }),
    expect: ONLY_OWNER,
  },
  'POST /api/imports/{draftId}/apply': {
    request: ({ draftId, tripId }) => ({
      path: `/api/imports/${draftId}/apply`,
      body: { tripId, items: [{ index: 0 }] },
    }),
    expect: ONLY_OWNER,
  },
  'POST /api/wishlist/createlist': {
    request: ({ tripId }) => ({
      path: '/api/wishlist/createlist',
      body: { list_name: `List ${Math.random().toString(36).slice(2)}`, trips: [{ _id: tripId }] },
    }),
    // Another user cannot put the owner's trip into a list of theirs.
    expect: { anonymous: [401], other: [404], owner: [201] },
  },
  'POST /api/wishlist/addtrip/{wishlistId}': {
    request: ({ wishlistId, tripId }) => ({ path: `/api/wishlist/addtrip/${wishlistId}`, body: { _id: tripId } }),
    expect: ONLY_OWNER,
  },
  'DELETE /api/wishlist/{wishlistId}/remove-trip/{tripId}': {
    request: ({ wishlistId, tripId }) => ({ path: `/api/wishlist/${wishlistId}/remove-trip/${tripId}` }),
    expect: ONLY_OWNER,
  },
  'GET /api/wishlist/spec-wishlist/{wishlistId}': {
    request: ({ wishlistId }) => ({ path: `/api/wishlist/spec-wishlist/${wishlistId}` }),
    expect: ONLY_OWNER,
  },
  'PUT /api/wishlist/editlist/{wishlistId}': {
    request: ({ wishlistId }) => ({
      path: `/api/wishlist/editlist/${wishlistId}`,
      body: { name: `Renamed ${Math.random().toString(36).slice(2)}` },
    }),
    expect: ONLY_OWNER,
  },
  'DELETE /api/wishlist/removewishlist/{wishlistId}': {
    request: ({ wishlistId }) => ({ path: `/api/wishlist/removewishlist/${wishlistId}` }),
    expect: ONLY_OWNER,
  },
};

// testTimeout is global in a multi-project run, so the long system cases set theirs here.
jest.setTimeout(300_000);

describe('authorization matrix over every documented route', () => {
  let product: Product;
  let owner: Traveller;
  let other: Traveller;
  beforeAll(async () => {
    product = await startProductInProcess();
    [owner, other] = [await product.registerAndLogin(), await product.registerAndLogin()];
  });
  afterAll(() => product?.stop());

  async function freshResources(prices: { stay: number; item: number } = { stay: 300, item: 100 }): Promise<Resources> {
    const as = { token: owner.token };
    const trip = await product.call({
      ...as,
      method: 'POST',
      path: '/api/trips/getaway-trip',
      body: { location_address: 'Lisbon, Portugal' },
    });
    const add = () =>
      product.call({
        ...as,
        method: 'POST',
        path: `/api/trips/getaway/${trip.body._id}/instances`,
        body: { trip_start: '2030-05-01', trip_end: '2030-05-04', stay_expense: prices.stay },
      });
    const [instance, otherInstance, planned] = [await add(), await add(), await add()];
    const committed = await product.call({
      ...as,
      method: 'PATCH',
      path: `/api/trips/getaway/${trip.body._id}/instances/${planned.body._id}/commit`,
      body: {},
    });
    const item = await product.call({
      ...as,
      method: 'POST',
      path: `/api/trips/getaway/${trip.body._id}/instances/${instance.body._id}/items`,
      body: { category: 'stay', name: 'Hotel', amount: prices.item, basis: 'per_night' },
    });
    const list = await product.call({
      ...as,
      method: 'POST',
      path: '/api/wishlist/createlist',
      body: { list_name: `Fixture ${Math.random().toString(36).slice(2)}`, trips: [{ _id: trip.body._id }] },
    });
    const people = await product.call({
      ...as,
      method: 'PUT',
      path: `/api/trips/getaway/${trip.body._id}`,
      body: { people: [{ name: 'Ada', user_id: owner.id }, { name: 'Bo' }] },
    });
    const personIds = (people.body.people ?? []).map((person: { _id: string }) => person._id) as [string, string];
    const payment = await product.call({
      ...as,
      method: 'POST',
      path: `/api/trips/getaway/${trip.body._id}/payments`,
      body: { from: personIds[1], to: personIds[0], amount: 5, paid_on: '2030-05-05' },
    });
    const made = [trip, instance, otherInstance, planned, item, list, payment];
    if (made.some((reply) => reply.status !== 201) || committed.status !== 200 || people.status !== 200) {
      const statuses = [...made, committed, people].map((reply) => `${reply.status} ${reply.text.slice(0, 80)}`);
      throw new Error(`could not make the owner’s resources: ${statuses.join(' | ')}`);
    }
    return {
      owner,
      tripId: trip.body._id,
      instanceId: instance.body._id,
      otherInstanceId: otherInstance.body._id,
      committedInstanceId: planned.body._id,
      itemId: item.body.item._id,
      wishlistId: list.body._id,
      personIds,
      paymentId: payment.body.payment._id,
      draftId: NO_SUCH_ID,
    };
  }

  /** A fresh import draft of the owner's. */
  async function ownerDraft(): Promise<string> {
    const draft = await product.call({
      token: owner.token,
      method: 'POST',
      path: '/api/imports',
      body: { text: 'Airbnb\nCheck-in: Jun 10, 2030\nCheckout: Jun 13, 2030\nConfirmation code: HMXK4R2D9' },
    });
    if (draft.status !== 201) throw new Error(`could not make the owner’s draft: ${draft.status} ${draft.text}`);
    return draft.body._id;
  }

  it('when the route table is read, then every documented route has a matrix entry and every entry a route', async () => {
    const documented = (await documentedOperations(product)).map((operation) => operation.key).sort();
    expect(documented.filter((key) => !MATRIX[key])).toEqual([]);
    expect(Object.keys(MATRIX).filter((key) => !documented.includes(key))).toEqual([]);
  });

  it('when each route is called as anonymous, another user and the owner, then each gets its expected status', async () => {
    const tokens: Record<Caller, string | undefined> = { anonymous: undefined, other: other.token, owner: owner.token };
    const outcomes: string[] = [];
    const mismatches: string[] = [];
    for (const key of Object.keys(MATRIX).sort()) {
      const [method] = key.split(' ');
      // A new owner per route: every call makes the owner a fresh list, and one owner
      // for every route would reach the 100-lists cap.
      owner = await product.registerAndLogin();
      tokens.owner = owner.token;
      for (const caller of ['anonymous', 'other', 'owner'] as Caller[]) {
        const resources = await freshResources();
        if (key.includes('{draftId}')) resources.draftId = await ownerDraft();
        const { path, body } = MATRIX[key].request(resources);
        const reply = await product.call({ method, path, body, token: tokens[caller] });
        outcomes.push(`${key} as ${caller} → ${reply.status}`);
        if (!MATRIX[key].expect[caller].includes(reply.status)) {
          mismatches.push(`${key} as ${caller}: ${reply.status} ${reply.text.slice(0, 120)}`);
        }
        if (reply.status >= 400) expect(typeof reply.body?.msg).toBe('string');
      }
    }
    expect(mismatches).toEqual([]);
    expect(outcomes.length).toBe(Object.keys(MATRIX).length * 3);
  });

  // A member who lost the costs or the trip itself: every documented route, called with
  // the owner's resources, answers them without a 5xx and without any of the trip's
  // money; a route that names the trip refuses them once they are no longer a member.
  const FORMER: Record<FormerMember, (tripId: string, member: Traveller) => Promise<unknown>> = {
    'demoted to a hidden-costs viewer': (tripId, member) =>
      product.call({
        token: owner.token,
        method: 'PATCH',
        path: `/api/trips/getaway/${tripId}/members/${member.id}`,
        body: { role: 'viewer' },
      }),
    removed: (tripId, member) =>
      product.call({ token: owner.token, method: 'DELETE', path: `/api/trips/getaway/${tripId}/members/${member.id}` }),
    left: (tripId, member) =>
      product.call({ token: member.token, method: 'DELETE', path: `/api/trips/getaway/${tripId}/members/me` }),
    'owner deleted': () =>
      product.call({ token: owner.token, method: 'DELETE', path: '/api/user/me', body: { password: PASSWORD } }),
  };
  // Prices no other figure or id spells: the window's stay and an item's nightly price.
  const PRICES = { stay: 7777.31, item: 1234.57 };
  const money = (text: string) => ['7777.31', '7,777.31', '1234.57', '1,234.57'].some((price) => text.includes(price));

  for (const state of Object.keys(FORMER) as FormerMember[]) {
    it(`when a member’s state is “${state}”, then no documented route gives them the trip’s money, and routes naming the trip refuse one who is no longer a member`, async () => {
      owner = await product.registerAndLogin();
      const member = await product.registerAndLogin();
      const resources = await freshResources(PRICES);
      const as = (who: Traveller) => ({ token: who.token });
      const invite = await product.call({
        ...as(owner),
        method: 'POST',
        path: `/api/trips/getaway/${resources.tripId}/invites`,
        body: { role: 'editor' },
      });
      const accept = `/api/trips/invites/${invite.body.token}/accept`;
      expect((await product.call({ ...as(member), method: 'POST', path: accept })).status).toBe(200);
      const saved = await product.call({
        ...as(member),
        method: 'POST',
        path: '/api/wishlist/createlist',
        body: { list_name: 'Saved', trips: [{ _id: resources.tripId }] },
      });
      expect(saved.status).toBe(201);
      // As an editor they see the money, so the check below can see it too.
      expect(money((await product.call({ ...as(member), method: 'GET', path: '/api/wishlist/getlists' })).text)).toBe(
        true,
      );
      await FORMER[state](resources.tripId, member);
      // Their wishlist copy follows (within 5 s): no money in it any more.
      await eventually(
        async () => !money((await product.call({ ...as(member), method: 'GET', path: '/api/wishlist/getlists' })).text),
        { timeoutMs: 5000, what: `the ${state} member's wishlist to drop the money` },
      );
      const stillMember = state === 'demoted to a hidden-costs viewer';
      const problems: string[] = [];
      for (const key of Object.keys(MATRIX).sort()) {
        const [method, route] = key.split(' ');
        const { path, body } = MATRIX[key].request(resources);
        const reply = await product.call({ ...as(member), method, path, body });
        // The third parties are offline here: their routes' documented 503 is no fault.
        if (reply.status >= 500 && !MATRIX[key].expect.other.includes(reply.status)) {
          problems.push(`${key}: ${reply.status}`);
        }
        if (money(reply.text)) problems.push(`${key}: the trip’s money in ${reply.text.slice(0, 160)}`);
        const namesTrip = route.includes('{tripId}');
        if (!stillMember && namesTrip && ![403, 404].includes(reply.status)) {
          problems.push(`${key}: ${reply.status} for someone who is no longer a member`);
        }
      }
      expect(problems).toEqual([]);
    });
  }
});

type FormerMember = 'demoted to a hidden-costs viewer' | 'removed' | 'left' | 'owner deleted';
