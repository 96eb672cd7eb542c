// Planning together in the web app: the join page (/join/:token) joins, a viewer of hidden costs
// sees "Costs are hidden by the owner" and votes (never a figure), and Explore lists the
// trips shared with me with their role.
import { screen, within } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { ME, renderApp } from '../../../test/render';

const TRIP_ID = '64c0000000000000000000b1';
const WINDOW_ID = '64c0000000000000000000b2';
const members = [
  { user_id: '64c0000000000000000000a1', name: 'Ada', role: 'owner', joined_at: '2030-01-01T00:00:00.000Z' },
  { user_id: '64c0000000000000000000a2', name: 'Cy', role: 'viewer', joined_at: '2030-01-02T00:00:00.000Z' },
];

const hiddenTrip = (mine: string | null) => ({
  _id: TRIP_ID,
  user_id: members[0]!.user_id,
  location_address: 'Porto, Portugal',
  trip_location: 'Porto, Portugal',
  image_url: '',
  isFavorite: false,
  currency: 'EUR',
  origin: '',
  trip_start: null,
  trip_end: null,
  committedInstanceId: null,
  created_at: '2030-01-01T00:00:00.000Z',
  updated_at: '2030-01-01T00:00:00.000Z',
  version: 3,
  travelers: 2,
  budget_basis: 'trip',
  role: 'viewer',
  owner_name: 'Ada',
  members,
  hide_costs_from_viewers: true,
  costs_hidden: true,
  instances: [
    {
      _id: WINDOW_ID,
      trip_start: '2031-05-01T00:00:00.000Z',
      trip_end: '2031-05-04T00:00:00.000Z',
      isCommitted: false,
      activities: [],
      created_at: '2030-01-01T00:00:00.000Z',
      label: 'May long weekend',
      status: 'considering',
      notes: '',
      nights: 3,
      dates_invalid: false,
      items: [
        {
          _id: '64c0000000000000000000b3',
          category: 'stay',
          name: 'Flat',
          basis: 'per_night',
          booked: false,
          paid: false,
        },
      ],
      votes: { yes: mine === 'yes' ? 2 : 1, maybe: 0, no: 0, mine },
      works_for_everyone: mine === 'yes',
    },
  ],
});

describe('planning together in the web app', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  it('when I open an invitation link and join, then I land on the trip', async () => {
    api = installFakeApi({
      'GET /api/trips/invites/:token': () => ({
        body: { trip_id: TRIP_ID, trip_name: 'Porto, Portugal', inviter_name: 'Ada', role: 'editor' },
      }),
      'POST /api/trips/invites/:token/accept': () => ({ body: { joined: true, trip: hiddenTrip(null) } }),
      'GET /api/trips/getaway/:tripId': () => ({ body: hiddenTrip(null) }),
    });
    const { user } = renderApp(`/join/${'t'.repeat(43)}`);
    expect(await screen.findByText('Ada invited you to edit Porto, Portugal')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Porto, Portugal' })).toBeInTheDocument();
    expect(api.calls.some((call) => call.method === 'POST' && call.path.endsWith('/accept'))).toBe(true);
  });

  it('when I open a join link logged out, then I log in and land back on the invitation', async () => {
    api = installFakeApi({
      'POST /api/user/login': () => ({ body: { accesstoken: 'fresh' } }),
      'GET /api/user/infor': () => ({ body: ME }),
      'GET /api/trips/invites/:token': () => ({
        body: { trip_id: TRIP_ID, trip_name: 'Porto, Portugal', inviter_name: 'Ada', role: 'viewer' },
      }),
    });
    const { user } = renderApp(`/join/${'t'.repeat(43)}`, { status: 'ready', token: null, isLogged: false });
    await user.type(await screen.findByLabelText('Email'), 'ann@example.com');
    await user.type(screen.getByLabelText('Password'), 'secret-pass');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Ada invited you to view Porto, Portugal')).toBeInTheDocument();
  });

  it('when an older /invite link names a revoked invitation, then the join page says so', async () => {
    api = installFakeApi({
      'GET /api/trips/invites/:token': () => ({
        status: 410,
        body: { msg: 'This invitation was revoked. Ask the trip’s owner for a new link.' },
      }),
    });
    renderApp(`/invite/${'t'.repeat(43)}`);
    expect(
      await screen.findByText('This invitation was revoked. Ask the trip’s owner for a new link.'),
    ).toBeInTheDocument();
  });

  it('when a viewer of hidden costs opens the trip, then no figure shows and their vote is sent', async () => {
    let mine: string | null = null;
    api = installFakeApi({
      'GET /api/trips/getaway/:tripId': () => ({ body: hiddenTrip(mine) }),
      'PUT /api/trips/getaway/:tripId/instances/:instanceId/vote': (req) => {
        mine = (req.body as { vote: string }).vote;
        return { body: { trip: hiddenTrip(mine), instance: hiddenTrip(mine).instances[0] } };
      },
    });
    const { user } = renderApp(`/trips/${TRIP_ID}`);
    const window = await screen.findByRole('article', { name: 'May long weekend' });
    expect(within(window).getByText('Costs are hidden by the owner')).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/€|\$|EUR \d/);
    expect(screen.getByText(/Viewer · shared by Ada/)).toBeInTheDocument();
    await user.click(within(window).getByRole('button', { name: 'Yes 1' }));
    expect(await within(window).findByText('Works for everyone')).toBeInTheDocument();
    expect(within(window).getByRole('button', { name: 'Yes 2' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('when a window of a hidden-costs trip has no name, then its dates show once (as its heading)', async () => {
    const unnamed = hiddenTrip(null);
    unnamed.instances = unnamed.instances.map((window) => ({ ...window, label: '' }));
    api = installFakeApi({ 'GET /api/trips/getaway/:tripId': () => ({ body: unnamed }) });
    renderApp(`/trips/${TRIP_ID}`);
    const window = await screen.findByRole('article', { name: 'May 1, 2031 – May 4, 2031' });
    expect(within(window).getAllByText('May 1, 2031 – May 4, 2031')).toHaveLength(1);
  });

  it('when trips are shared with me, then Explore lists them under Shared with me with my role, without a Delete', async () => {
    const summary = {
      _id: TRIP_ID,
      location_address: 'Porto, Portugal',
      image_url: '',
      isFavorite: false,
      trip_start: null,
      trip_end: null,
      created_at: '2030-01-01T00:00:00.000Z',
      travelers: 2,
      currency: 'EUR',
      committed: false,
      windows: 1,
      earliest_start: null,
      role: 'viewer',
      owner_name: 'Ada',
      costs_hidden: true,
    };
    api = installFakeApi({
      'GET /api/trips/getaway-trip': () => ({ body: [summary] }),
      'GET /api/wishlist/getlists': () => ({ body: [] }),
    });
    renderApp('/explore');
    const section = (await screen.findByRole('heading', { name: 'Shared with me' })).closest('section')!;
    const card = within(section).getByRole('article', { name: 'Porto, Portugal' });
    expect(within(card).getByText('Viewer · shared by Ada')).toBeInTheDocument();
    expect(within(card).getByText('Costs are hidden by the owner')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });
});
