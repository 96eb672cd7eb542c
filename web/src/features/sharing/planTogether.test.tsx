// Planning together as each role sees the trip page: a viewer gets no control the server
// would refuse, an editor edits but neither shares nor deletes, the owner shares through
// the Share dialog; Compare filters the windows that work for everyone; another member's
// change arrives live with a note, and a removed member is told they lost access.
import { screen, waitFor, within } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { instance, trip } from '../../../test/fixtures';
import { ME, renderApp } from '../../../test/render';
import type { Member, Trip } from '../../lib/types';

const OWNER: Member = {
  user_id: '64b0000000000000000000a1',
  name: 'Ada',
  role: 'owner',
  joined_at: '2030-01-01T00:00:00.000Z',
};
const member = (role: 'editor' | 'viewer', over: Partial<Member> = {}): Member => ({
  user_id: ME._id,
  name: 'Ann',
  role,
  joined_at: '2030-01-02T00:00:00.000Z',
  ...over,
});

const may = instance({
  label: 'May week',
  trip_start: '2031-05-01T00:00:00.000Z',
  trip_end: '2031-05-05T00:00:00.000Z',
  stay_expense: 400,
  votes: { yes: 2, maybe: 0, no: 0, mine: 'yes' },
  works_for_everyone: true,
});
const june = instance({
  label: 'June week',
  trip_start: '2031-06-01T00:00:00.000Z',
  trip_end: '2031-06-05T00:00:00.000Z',
  stay_expense: 300,
  votes: { yes: 1, maybe: 1, no: 0, mine: 'maybe' },
});

function sharedTrip(role: 'owner' | 'editor' | 'viewer', over: Partial<Trip> = {}): Trip {
  const members =
    role === 'owner'
      ? [OWNER, member('viewer', { user_id: '64b0000000000000000000c3', name: 'Cy' })]
      : [OWNER, member(role)];
  return trip({
    location_address: 'Porto, Portugal',
    role,
    owner_name: 'Ada',
    members,
    hide_costs_from_viewers: false,
    instances: [may, june],
    comparison: {
      cheapestInstanceId: june._id,
      lowest: 300,
      highest: 400,
      spread: 100,
      overBudgetBy: null,
      budget_measured: null,
      cheapest_is_stale: false,
      cheapestForEveryoneId: may._id,
    },
    ...over,
  });
}

const encoder = new TextEncoder();

/** Answers the trip's events stream with these SSE chunks (then keeps it open); the rest goes to the fake API. */
function withEvents(chunks: string[]) {
  const inner = globalThis.fetch;
  const opened: Request[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    if (!request.url.endsWith('/events')) return inner(input, init);
    opened.push(request);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const chunk of chunks) controller.enqueue(encoder.encode(chunk));
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  }) as typeof fetch;
  return { opened, restore: () => (globalThis.fetch = inner) };
}

describe('a shared trip, as each role sees it', () => {
  let api: FakeApi;
  afterEach(() => {
    api.restore();
    localStorage.clear();
  });

  it('when a viewer opens it, then they read settings and windows and vote, with no edit, delete or commit control', async () => {
    const shown = sharedTrip('viewer');
    api = installFakeApi({ 'GET /api/trips/getaway/:tripId': () => ({ body: shown }) });
    renderApp(`/trips/${shown._id}`);
    expect(await screen.findByText('Viewer · shared by Ada')).toBeInTheDocument();
    expect(screen.getByText('Travellers').closest('div')).toHaveTextContent('Travellers1');
    expect(screen.queryByRole('button', { name: 'More travellers' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/Budget/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create New Instance' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete instance/ })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: /Commit|Duplicate|Name this window|Rename|More actions/ }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Your vote on May week' })).toBeInTheDocument();
  });

  it('when an editor opens it, then they edit windows but cannot share or manage members, and may leave', async () => {
    const shown = sharedTrip('editor');
    api = installFakeApi({ 'GET /api/trips/getaway/:tripId': () => ({ body: shown }) });
    const { user } = renderApp(`/trips/${shown._id}`);
    expect(await screen.findByRole('button', { name: 'Create New Instance' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'More travellers' })).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: /^More actions for/ })[0]!);
    expect(screen.getAllByRole('menuitem', { name: 'Commit' }).length).toBeGreaterThan(0);
    expect(screen.getByText('Editor · shared by Ada')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Share' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave this trip' })).toBeInTheDocument();
  });

  it('when the owner presses Share, then the dialog makes a /join link and changes a member’s role', async () => {
    const shown = sharedTrip('owner');
    api = installFakeApi({
      'GET /api/trips/getaway/:tripId': () => ({ body: shown }),
      'GET /api/trips/getaway/:tripId/invites': () => ({ body: [] }),
      'POST /api/trips/getaway/:tripId/invites': (req) => ({
        body: {
          _id: 'inv1',
          role: (req.body as { role: string }).role,
          token: 't'.repeat(43),
          url: `http://localhost:8080/join/${'t'.repeat(43)}`,
          expires_at: '2031-01-08T00:00:00.000Z',
        },
      }),
      'PATCH /api/trips/getaway/:tripId/members/:userId': () => ({ body: shown }),
    });
    const { user } = renderApp(`/trips/${shown._id}`);
    expect(await screen.findByText('Planned with Cy')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share this trip' });
    await user.click(within(dialog).getByRole('button', { name: 'Edit and vote' }));
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Invitation link' })).toHaveValue(
      `http://localhost:8080/join/${'t'.repeat(43)}`,
    );
    expect(api.callsTo('POST', `/api/trips/getaway/${shown._id}/invites`)[0]!.body).toEqual({ role: 'editor' });
    const cy = within(dialog).getByRole('group', { name: 'Role of Cy' });
    await user.click(within(cy).getByRole('button', { name: 'Editor' }));
    await waitFor(() =>
      expect(api.callsTo('PATCH', `/api/trips/getaway/${shown._id}/members/64b0000000000000000000c3`)[0]?.body).toEqual(
        { role: 'editor' },
      ),
    );
  });

  it('when the answer to Create link is lost, then the retry makes no second link, says the link was shown once and offers a new one', async () => {
    const shown = sharedTrip('owner');
    const path = `/api/trips/getaway/${shown._id}/invites`;
    const invite = { _id: 'inv1', role: 'viewer', inviter_name: 'Ada', created_at: '2031-01-01T00:00:00.000Z' };
    const fresh = `http://localhost:8080/join/${'n'.repeat(43)}`;
    let posts = 0;
    api = installFakeApi({
      'GET /api/trips/getaway/:tripId': () => ({ body: shown }),
      'GET /api/trips/getaway/:tripId/invites': () => ({ body: [] }),
      'POST /api/trips/getaway/:tripId/invites': () => {
        posts += 1;
        // The first answer never arrives; the same key then gets the server's replay.
        if (posts === 1) throw new TypeError('Failed to fetch');
        if (posts === 2) return { status: 201, body: { ...invite, token_shown: true } };
        return { status: 201, body: { ...invite, _id: 'inv2', token: 'n'.repeat(43), url: fresh } };
      },
    });
    const { user } = renderApp(`/trips/${shown._id}`);
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share this trip' });
    await user.click(within(dialog).getByRole('button', { name: 'Create link' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('a link is shown only once');
    expect(within(dialog).queryByRole('textbox', { name: 'Invitation link' })).not.toBeInTheDocument();
    const keys = () => api.callsTo('POST', path).map((call) => call.headers.get('idempotency-key'));
    expect(keys()).toHaveLength(2);
    expect(keys()[1]).toBe(keys()[0]);

    await user.click(within(dialog).getByRole('button', { name: 'Make a new link' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Invitation link' })).toHaveValue(fresh);
    expect(keys()).toHaveLength(3);
    expect(keys()[2]).not.toBe(keys()[0]);
    expect(within(dialog).queryByText(/shown only once/)).not.toBeInTheDocument();
  });

  it('when Compare filters "Works for everyone", then only the windows every member said yes to stay, the cheapest of them marked', async () => {
    const shown = sharedTrip('owner');
    api = installFakeApi({ 'GET /api/trips/getaway/:tripId': () => ({ body: shown }) });
    const { user } = renderApp(`/trips/${shown._id}`);
    await user.click(await screen.findByRole('button', { name: 'Compare' }));
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(
      within(within(table).getByRole('row', { name: /May week/ })).getByText('Cheapest for everyone'),
    ).toBeInTheDocument();
    expect(within(table).getByRole('group', { name: /Your vote on June week/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Works for everyone (1)' }));
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).queryByRole('row', { name: /June week/ })).not.toBeInTheDocument();
  });

  it('when Compare filters "Works for everyone", then the chart draws the same windows as the table', async () => {
    // jsdom lays nothing out: the plot is given a width so its bars are drawn.
    const box = jest
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue({ width: 800, height: 400, top: 0, left: 0, right: 800, bottom: 400, x: 0, y: 0 } as DOMRect);
    try {
      const shown = sharedTrip('owner');
      api = installFakeApi({ 'GET /api/trips/getaway/:tripId': () => ({ body: shown }) });
      const { user } = renderApp(`/trips/${shown._id}`);
      await user.click(await screen.findByRole('button', { name: 'Compare' }));
      await screen.findByRole('table');
      const chartNames = () =>
        [...document.querySelectorAll('.compare-chart__plot .compare-chart__row > text > title')].map(
          (t) => t.textContent,
        );
      await waitFor(() => expect(chartNames()).toEqual(['May week', 'June week']));
      await user.click(screen.getByRole('button', { name: 'Works for everyone (1)' }));
      expect(chartNames()).toEqual(['May week']);
      expect(document.querySelector('.compare-chart__summary')).not.toHaveTextContent('June week');
      // June, the cheapest of all, is not drawn: the words say so rather than that nothing is compared.
      expect(document.querySelector('.compare-chart__summary')).toHaveTextContent(
        'The cheapest window is not among those shown.',
      );
    } finally {
      box.mockRestore();
    }
  });

  it('when the owner removes a member, then the Share dialog asks first; Cancel (or Escape) keeps them; removed, Undo brings them back', async () => {
    const shown = sharedTrip('owner');
    const cyId = '64b0000000000000000000c3';
    const cyPath = `/api/trips/getaway/${shown._id}/members/${cyId}`;
    const removal = { _id: 'e-removal', action: 'members', target: { kind: 'member', id: cyId, name: 'Cy' } };
    api = installFakeApi({
      'GET /api/trips/getaway/:tripId': () => ({ body: shown }),
      'GET /api/trips/getaway/:tripId/invites': () => ({ body: [] }),
      'DELETE /api/trips/getaway/:tripId/members/:userId': () => ({ body: { msg: 'Removed' } }),
      'GET /api/trips/getaway/:tripId/history': () => ({ body: { entries: [removal], next: null } }),
      'POST /api/trips/getaway/:tripId/history/:entryId/undo': () => ({ body: { trip: shown, entry: {} } }),
    });
    const { user } = renderApp(`/trips/${shown._id}`);
    await user.click(await screen.findByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share this trip' });

    await user.click(within(dialog).getByRole('button', { name: 'Remove Cy' }));
    let question = within(dialog).getByRole('group', { name: 'Remove Cy from this trip?' });
    // The safe answer has the focus; nothing is sent yet.
    expect(within(question).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(api.callsTo('DELETE', cyPath)).toHaveLength(0);
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(within(dialog).queryByRole('group', { name: 'Remove Cy from this trip?' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Remove Cy' })).toHaveFocus();

    // Escape answers the question, not the Share dialog.
    await user.click(within(dialog).getByRole('button', { name: 'Remove Cy' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Share this trip' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: 'Remove Cy from this trip?' })).not.toBeInTheDocument();
    expect(api.callsTo('DELETE', cyPath)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Remove Cy' }));
    question = within(dialog).getByRole('group', { name: 'Remove Cy from this trip?' });
    await user.click(within(question).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.callsTo('DELETE', cyPath)).toHaveLength(1));
    // The toast's Undo undoes the removal's entry through the history.
    const toast = (await screen.findByText('Cy removed')).closest('.toast') as HTMLElement;
    await user.click(within(toast).getByRole('button', { name: 'Undo' }));
    await screen.findByText('Undone');
    expect(api.callsTo('POST', `/api/trips/getaway/${shown._id}/history/e-removal/undo`)).toHaveLength(1);
  });

  it('when another member changes the trip, then it is fetched again and a note says who', async () => {
    let shown = sharedTrip('owner');
    api = installFakeApi({ 'GET /api/trips/getaway/:tripId': () => ({ body: shown }) });
    const change = JSON.stringify({ version: 2, actor_id: 'u-cy', actor_name: 'Cy L', what: 'window' });
    let release: ((chunk: string) => void) | null = null;
    const inner = globalThis.fetch;
    globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (!url.endsWith('/events')) return inner(input, init);
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          release = (chunk) => controller.enqueue(encoder.encode(chunk));
        },
      });
      return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
    }) as typeof fetch;
    try {
      renderApp(`/trips/${shown._id}`);
      await screen.findByText('Planned with Cy');
      await waitFor(() => expect(release).not.toBeNull());
      shown = { ...shown, version: 2, instances: [...shown.instances, instance({ label: 'July week' })] };
      release!(`: heartbeat\n\nid: 1-0\nevent: change\ndata: ${change}\n\n`);
      expect(await screen.findByText('Updated by Cy L just now')).toBeInTheDocument();
      expect(await screen.findByRole('heading', { name: 'July week' })).toBeInTheDocument();
    } finally {
      globalThis.fetch = inner;
    }
  });

  it('when the owner removes me while the trip is open, or I open it after, then I am told I no longer have access', async () => {
    const shown = sharedTrip('viewer');
    api = installFakeApi({ 'GET /api/trips/getaway/:tripId': () => ({ body: shown }) });
    const events = withEvents(['event: revoked\ndata: {"msg":"You were removed from this trip."}\n\n']);
    try {
      const { unmount } = renderApp(`/trips/${shown._id}`);
      expect(await screen.findByText('You no longer have access to this trip.')).toBeInTheDocument();
      expect(events.opened[0]!.headers.get('authorization')).toBe('Bearer token-1');
      unmount();
    } finally {
      events.restore();
    }
    api.restore();
    api = installFakeApi({
      'GET /api/trips/getaway/:tripId': () => ({ status: 403, body: { msg: 'This trip is not shared with you' } }),
    });
    renderApp(`/trips/${shown._id}`);
    expect(await screen.findByText('You no longer have access to this trip.')).toBeInTheDocument();
  });
});
