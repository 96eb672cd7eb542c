import { screen, waitFor, within } from '@testing-library/react';
import { installFakeApi, type FakeApi, type FakeRequest } from '../../../test/fakeApi';
import { costItem, instance, trip } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import type { Instance, Trip } from '../../lib/types';
import { addDays } from '@tripcost/shared/domain';
import { type FlexCell, type FlexGrid } from './flex';
import { freshnessLine, todayUtc } from '../windows/freshness';

/** The first render loads the app's lazy route chunks, slow on a busy machine. */
const SLOW = { timeout: 8000 };

/** Mar 10–15, 2030 (Sun → Fri), 5 nights, plus a window without items. */
function flexTrip(over: { travelers?: number; itemised?: boolean; extra?: Partial<Instance> } = {}): Trip {
  const window = instance({
    label: 'Spring',
    trip_start: '2030-03-10T00:00:00.000Z',
    trip_end: '2030-03-15T00:00:00.000Z',
    stay_expense: 1000,
    total_cost: 1000,
    nights: 5,
    per_night: 200,
    dates_invalid: false,
    items: over.itemised === false ? [] : [costItem({ _id: '64d000000000000000000001', name: 'Flat', amount: 200 })],
    ...over.extra,
  });
  return trip({
    _id: '64c0000000000000000000f1',
    travelers: over.travelers ?? 1,
    instances: [window],
    comparison: {
      cheapestInstanceId: window._id,
      lowest: 1000,
      highest: 1000,
      spread: 0,
      overBudgetBy: null,
      budget_measured: null,
      cheapest_is_stale: false,
      cheapestForEveryoneId: null,
    },
  });
}

/**
 * The server's grid, made up here: each night costs $200 plus $10 for every day the start
 * is after Mar 1 — except starts on Mar 3, which are the cheapest of all. Starts after
 * Mar 20 are estimated; Mar 4 holds a price to re-check.
 */
function fakeGrid(req: FakeRequest, travellers = 1): FlexGrid {
  const from = req.query.get('from')!;
  const to = req.query.get('to')!;
  const minNights = Number(req.query.get('minNights'));
  const maxNights = Number(req.query.get('maxNights'));
  const cells: FlexCell[] = [];
  for (let start = from; start <= to; start = addDays(start, 1)) {
    for (let nights = minNights; nights <= maxNights; nights += 1) {
      const day = Number(start.slice(8, 10));
      const total = start === '2030-03-03' ? nights * 150 : nights * 200 + day * 10;
      cells.push({
        start,
        end: addDays(start, nights),
        nights,
        total_cost: total,
        per_person: total / travellers,
        delta_vs_window: total - 1100,
        estimated: start > '2030-03-20',
        stale: start === '2030-03-04',
      });
    }
  }
  const cheapestOf = (list: FlexCell[]) =>
    list.reduce((best, cell) => (cell.total_cost < best.total_cost ? cell : best));
  const lengths = [...new Set(cells.map((cell) => cell.nights))];
  return {
    instance_id: req.params.instanceId,
    currency: 'USD',
    from,
    to,
    minNights,
    maxNights,
    cells,
    cheapest: {
      overall: cheapestOf(cells),
      per_length: lengths.map((nights) => cheapestOf(cells.filter((cell) => cell.nights === nights))),
    },
  };
}

describe('Flex dates', () => {
  let api: FakeApi | undefined;
  const gridCalls = () => api!.calls.filter((call) => call.method === 'GET' && call.path.endsWith('/flex'));
  const addCalls = () => api!.calls.filter((call) => call.method === 'POST' && call.path.endsWith('/duplicate'));
  afterEach(() => {
    api?.restore();
    localStorage.clear();
  });

  function open(initial: Trip, view: 'cards' | 'compare' | 'flex' = 'flex', travellers = 1, priced = fakeGrid) {
    api = installFakeApi({
      'GET /api/trips/getaway/:id': () => ({ body: initial }),
      'GET /api/trips/getaway/:id/instances/:instanceId/flex': (req) => ({ body: priced(req, travellers) }),
      'POST /api/trips/getaway/:id/instances/:instanceId/duplicate': (req) => ({
        status: 201,
        body: instance({ trip_start: `${(req.body as { start: string }).start}T00:00:00.000Z` }),
      }),
    });
    localStorage.setItem(`tripcost:windows-view:${initial._id}`, view);
    return renderApp(`/trips/${initial._id}`);
  }

  it('asks for the window start ± 14 days and its nights ± 2, and marks the cheapest cell and each row’s lowest in words', async () => {
    open(flexTrip());
    const grid = await screen.findByRole('grid', undefined, SLOW);
    const [request] = gridCalls();
    expect(Object.fromEntries(request.query)).toEqual({
      from: '2030-02-24',
      to: '2030-03-24',
      minNights: '3',
      maxNights: '7',
    });
    // 29 start dates with their weekday, 5 lengths.
    const headers = within(grid).getAllByRole('columnheader');
    expect(headers).toHaveLength(30);
    expect(headers[1]).toHaveTextContent('Sun Feb 24');
    expect(
      within(grid)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['3 nights', '4 nights', '5 nights', '6 nights', '7 nights']);
    const cheapest = within(grid).getByRole('gridcell', { name: /Sunday Mar 3 to Wednesday Mar 6, 3 nights/ });
    expect(cheapest).toHaveTextContent('$450.00★ Cheapest · Lowest');
    expect(cheapest).toHaveAccessibleName(/\$450\.00 in all, cheapest of the grid, lowest for 3 nights$/);
    // Every row's lowest is the Mar 3 start; only one is the grid's cheapest.
    expect(within(grid).getAllByText(/Lowest/)).toHaveLength(5);
    expect(within(grid).getAllByText(/★ Cheapest/)).toHaveLength(1);
    // Summed up at the window's own length (5 nights), then the grid's cheapest, a shorter stay.
    expect(screen.getByText(/^Cheapest for 5 nights:/)).toHaveTextContent(
      'Cheapest for 5 nights: Mar 3–8, $750.00 · cheapest of the grid: Mar 3–6, 3 nights, $450.00',
    );
  });

  it('when every start date costs the same for the cheapest length, then the summary names none of them', async () => {
    // $100 a night whatever the start: the start date changes nothing.
    const flat = (req: FakeRequest, travellers = 1): FlexGrid => {
      const grid = fakeGrid(req, travellers);
      const cells = grid.cells.map((cell) => ({
        ...cell,
        total_cost: cell.nights * 100,
        per_person: cell.nights * 100,
      }));
      const firsts = grid.cheapest.per_length.map((lowest) => cells.find((cell) => cell.nights === lowest.nights)!);
      return { ...grid, cells, cheapest: { overall: firsts[0]!, per_length: firsts } };
    };
    open(flexTrip(), 'flex', 1, flat);
    await screen.findByRole('grid', undefined, SLOW);
    expect(screen.getByText(/^Cheapest for 5 nights:/)).toHaveTextContent(
      'Cheapest for 5 nights: any start date, $500.00 · cheapest of the grid: Feb 24–27, 3 nights, $300.00',
    );
  });

  it('when the window has plain amounts (every cell the same), then the summary is its own length, never a shorter stay', async () => {
    const plain = (req: FakeRequest, travellers = 1): FlexGrid => {
      const grid = fakeGrid(req, travellers);
      const cells = grid.cells.map((cell) => ({ ...cell, total_cost: 1010, per_person: 1010, estimated: true }));
      const firsts = grid.cheapest.per_length.map((lowest) => cells.find((cell) => cell.nights === lowest.nights)!);
      return { ...grid, cells, cheapest: { overall: firsts[0]!, per_length: firsts } };
    };
    open(flexTrip(), 'flex', 1, plain);
    await screen.findByRole('grid', undefined, SLOW);
    const summary = screen.getByText(/^Cheapest for 5 nights:/);
    expect(summary).toHaveTextContent('Cheapest for 5 nights: any start date, $1,010.00 (≈ estimated)');
    expect(summary).not.toHaveTextContent(/3 nights|cheapest of the grid/);
  });

  it('marks estimated cells with ≈ and explains it in the legend, and stale ones with ⚠', async () => {
    open(flexTrip());
    const grid = await screen.findByRole('grid', undefined, SLOW);
    const estimated = within(grid).getByRole('gridcell', { name: /^Thursday Mar 21 to Sunday Mar 24, 3 nights/ });
    expect(estimated).toHaveTextContent('≈$810.00');
    expect(estimated).toHaveAccessibleName(/, estimated$/);
    const stale = within(grid).getByRole('gridcell', { name: /^Monday Mar 4 to Thursday Mar 7, 3 nights/ });
    expect(stale).toHaveTextContent('⚠ Re-check');
    expect(stale).toHaveAccessibleName(/prices to re-check$/);
    const legend = screen.getByRole('list', { name: 'How to read the grid' });
    expect(legend).toHaveTextContent('≈ estimated');
    expect(legend).toHaveTextContent('⚠ a price in it was seen over 14 days ago');
    expect(legend).toHaveTextContent('Trip total, all in');
  });

  it('shows per person when more than one travels', async () => {
    open(flexTrip({ travelers: 2 }), 'flex', 2);
    const grid = await screen.findByRole('grid', undefined, SLOW);
    const cheapest = within(grid).getByRole('gridcell', { name: /Sunday Mar 3 to Wednesday Mar 6, 3 nights/ });
    expect(cheapest).toHaveTextContent('$225.00');
    expect(cheapest).toHaveAccessibleName(/\$225\.00 per person, \$450\.00 in all/);
    expect(screen.getByRole('list', { name: 'How to read the grid' })).toHaveTextContent('Per person (2 travellers)');
  });

  it('moves with the arrow keys (one tab stop) and Enter adds a window at the cell’s dates', async () => {
    const { user } = open(flexTrip());
    const grid = await screen.findByRole('grid', undefined, SLOW);
    // One tab stop: the window's own cell.
    const focusable = within(grid)
      .getAllByRole('gridcell')
      .filter((cell) => cell.tabIndex === 0);
    expect(focusable).toHaveLength(1);
    expect(focusable[0]).toHaveAccessibleName(/^Sunday Mar 10 to Friday Mar 15, 5 nights, .*this window$/);
    focusable[0].focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toHaveAccessibleName(/^Monday Mar 11 to Saturday Mar 16, 5 nights/);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveAccessibleName(/^Monday Mar 11 to Sunday Mar 17, 6 nights/);
    expect(document.activeElement).toHaveAttribute('tabindex', '0');
    expect(focusable[0]).toHaveAttribute('tabindex', '-1');
    await user.keyboard('{End}');
    expect(document.activeElement).toHaveAccessibleName(/^Sunday Mar 24 to Saturday Mar 30, 6 nights/);
    await user.keyboard('{PageUp}');
    expect(document.activeElement).toHaveAccessibleName(/^Sunday Mar 17 to Saturday Mar 23, 6 nights/);
    await user.keyboard('{Control>}{End}{/Control}');
    expect(document.activeElement).toHaveAccessibleName(/^Sunday Mar 24 to Sunday Mar 31, 7 nights/);
    await user.keyboard('{ArrowDown}{ArrowRight}'); // at the edge: stays
    expect(document.activeElement).toHaveAccessibleName(/^Sunday Mar 24 to Sunday Mar 31, 7 nights/);
    await user.keyboard('{ArrowUp}');
    await user.keyboard('{Home}');
    expect(document.activeElement).toHaveAccessibleName(/^Sunday Feb 24 to Saturday Mar 2, 6 nights/);
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toHaveAccessibleName(/^Sunday Feb 24 to Wednesday Feb 27, 3 nights/);
    // Move to Mar 3 (8 columns right) and open the action.
    for (let step = 0; step < 7; step += 1) await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toHaveAccessibleName(/^Sunday Mar 3 to Wednesday Mar 6, 3 nights/);
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog');
    const add = within(dialog).getByRole('button', {
      name: 'Add this window — Mar 3–6, 3 nights, $450.00 (−$650.00 vs this window)',
    });
    await user.click(add);
    await waitFor(() => expect(addCalls()).toHaveLength(1));
    const [post] = addCalls();
    expect(post.body).toEqual({ start: '2030-03-03', nights: 3 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Window added: Mar 3–6')).toBeInTheDocument();
  });

  it('offers no add on the window’s own dates', async () => {
    const { user } = open(flexTrip());
    const grid = await screen.findByRole('grid', undefined, SLOW);
    await user.click(within(grid).getByRole('gridcell', { name: /^Sunday Mar 10 to Friday Mar 15, 5 nights/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent("These are this window's own dates.");
    expect(within(dialog).queryByRole('button', { name: /Add this window/ })).not.toBeInTheDocument();
  });

  it('asks again when the range changes, and says what is wrong with a range it cannot ask for', async () => {
    const { user } = open(flexTrip());
    await screen.findByRole('grid', undefined, SLOW);
    const most = screen.getByRole('spinbutton', { name: 'Most' });
    await user.clear(most);
    await user.type(most, '30');
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose at most 14 lengths.');
    const to = screen.getByLabelText('To', { exact: true });
    await user.clear(to);
    await user.type(to, '2030-05-01');
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at most 62 start dates (about two months).');
    await user.clear(to);
    await user.type(to, '2030-03-24');
    await user.clear(most);
    await user.type(most, '9');
    await waitFor(() => {
      const calls = gridCalls();
      expect(calls.at(-1)!.query.get('maxNights')).toBe('9');
    });
    expect(await screen.findByRole('rowheader', { name: '9 nights' })).toBeInTheDocument();
  });

  it('suggests itemising a window with plain amounts', async () => {
    open(flexTrip({ itemised: false }));
    await screen.findByRole('grid', undefined, SLOW);
    expect(screen.getByRole('note')).toHaveTextContent('This window has plain amounts');
    expect(screen.getByRole('link', { name: 'Itemise it' })).toHaveAttribute(
      'href',
      expect.stringMatching(/\/trips\/64c0000000000000000000f1\/instances\//),
    );
  });

  it('opens on the window whose "Flex dates" was pressed', async () => {
    const target = flexTrip();
    const other = instance({
      label: 'Autumn',
      trip_start: '2030-10-01T00:00:00.000Z',
      trip_end: '2030-10-04T00:00:00.000Z',
      stay_expense: 900,
      nights: 3,
      dates_invalid: false,
    });
    target.instances = [other, ...target.instances];
    const { user } = open(target, 'cards');
    await user.click(await screen.findByRole('button', { name: /^More actions for Autumn/ }, SLOW));
    await user.click(screen.getByRole('menuitem', { name: /^Flex dates for Autumn/ }));
    expect(await screen.findByRole('grid')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Window' })).toHaveDisplayValue(/^Autumn/);
    expect(screen.getByRole('button', { name: 'Flex dates', pressed: true })).toBeInTheDocument();
    const [request] = gridCalls();
    expect(request.params.instanceId).toBe(other._id);
    expect(request.query.get('from')).toBe('2030-09-17');
  });
});

describe('How fresh the prices are', () => {
  let api: FakeApi | undefined;
  afterEach(() => {
    api?.restore();
    localStorage.clear();
  });
  const today = todayUtc();

  function stalePricedTrip(): Trip {
    return flexTrip({
      extra: {
        freshness: { oldest_captured_on: addDays(today, -21), stale_items: 2 },
        search_links: [
          { kind: 'flights', site: 'Google Flights', url: 'https://www.google.com/travel/flights?q=Lisbon' },
          { kind: 'stays', site: 'Booking.com', url: 'https://www.booking.com/searchresults.html?ss=Lisbon' },
        ],
        items: [
          { captured_on: addDays(today, -3) },
          { captured_on: addDays(today, -21) },
          { captured_on: addDays(today, -20) },
        ],
      } as unknown as Partial<Instance>,
    });
  }

  it('words the range of days and how many prices to re-check', () => {
    expect(freshnessLine(stalePricedTrip().instances[0] as Instance)).toBe('Prices from 3–21 days ago · 2 to re-check');
    const fresh = {
      freshness: { oldest_captured_on: today, stale_items: 0 },
      items: [{ captured_on: today }],
    } as unknown as Instance;
    expect(freshnessLine(fresh)).toBe('Prices from today');
    expect(freshnessLine({ freshness: { oldest_captured_on: null, stale_items: 0 } } as unknown as Instance)).toBe(
      null,
    );
  });

  it('shows the line on a card and in the comparison table, and qualifies a cheapest that rests on stale prices', async () => {
    const target = stalePricedTrip();
    target.comparison!.cheapest_is_stale = true;
    api = installFakeApi({ 'GET /api/trips/getaway/:id': () => ({ body: target }) });
    localStorage.setItem(`tripcost:windows-view:${target._id}`, 'cards');
    const { user } = renderApp(`/trips/${target._id}`);
    const cards = await screen.findByRole('list', { name: 'Trip instances' }, SLOW);
    expect(within(cards).getByText('Prices from 3–21 days ago · 2 to re-check')).toBeInTheDocument();
    expect(within(cards).getByText('Cheapest · prices to re-check')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Compare' }));
    const table = await screen.findByRole('table');
    expect(within(table).getByText('Prices from 3–21 days ago · 2 to re-check')).toBeInTheDocument();
    expect(within(table).getByText('Cheapest · prices to re-check')).toBeInTheDocument();
  });

  it('offers the search links in a new tab without an opener', async () => {
    const target = stalePricedTrip();
    api = installFakeApi({ 'GET /api/trips/getaway/:id': () => ({ body: target }) });
    const { user } = renderApp(`/trips/${target._id}`);
    await user.click((await screen.findAllByRole('button', { name: /^More actions for/ }, SLOW))[0]!);
    const link = screen.getByRole('menuitem', { name: 'Flights on Google Flights (opens in a new tab)' });
    expect(link).toHaveAttribute('href', 'https://www.google.com/travel/flights?q=Lisbon');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('menuitem', { name: /Stays on Booking\.com/ })).toBeInTheDocument();
  });
});
