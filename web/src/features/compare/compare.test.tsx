import { render, screen, waitFor, within } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { instance, trip } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import type { Instance, Trip } from '../../lib/types';
import { CompareSummary } from './CompareBoard';
import CompareChart, { chartRows, chartSummary, costAxisTicks, nameLines, wrapWords } from './CompareChart';

/** The first render loads the app's lazy route chunks, slow on a busy machine. */
const SLOW = { timeout: 8000 };

/** Three windows with the figures the server computes for them (cheapest: April). */
function board(overrides: { aprilStatus?: Instance['status'] } = {}): Trip {
  const aprilEliminated = overrides.aprilStatus === 'eliminated';
  const march = instance({
    label: 'Easter',
    trip_start: '2030-03-01T00:00:00.000Z',
    trip_end: '2030-03-05T00:00:00.000Z',
    stay_expense: 400,
    travel_expense: 100,
    status: 'considering',
    total_cost: 500,
    nights: 4,
    per_night: 125,
    per_person: 250,
    delta_vs_cheapest: aprilEliminated ? 0 : 50,
    dates_invalid: false,
    delta_by_category: aprilEliminated
      ? { stay: 0, travel: 0, car: 0, other: 0 }
      : { stay: -50, travel: 100, car: 0, other: 0 },
  });
  const april = instance({
    trip_start: '2030-04-01T00:00:00.000Z',
    trip_end: '2030-04-04T00:00:00.000Z',
    stay_expense: 450,
    status: overrides.aprilStatus ?? 'considering',
    total_cost: 450,
    nights: 3,
    per_night: 150,
    per_person: 225,
    delta_vs_cheapest: aprilEliminated ? null : 0,
    dates_invalid: false,
    delta_by_category: aprilEliminated ? null : { stay: 0, travel: 0, car: 0, other: 0 },
  });
  const may = instance({
    trip_start: '2030-05-01T00:00:00.000Z',
    trip_end: '2030-05-02T00:00:00.000Z',
    stay_expense: 600,
    status: 'top_choice',
    total_cost: 600,
    nights: 1,
    per_night: 600,
    per_person: 300,
    delta_vs_cheapest: aprilEliminated ? 100 : 150,
    dates_invalid: false,
    delta_by_category: aprilEliminated
      ? { stay: 200, travel: -100, car: 0, other: 0 }
      : { stay: 150, travel: 0, car: 0, other: 0 },
  });
  return trip({
    _id: '64c0000000000000000000aa',
    travelers: 2,
    budget: 480,
    instances: [may, april, march],
    budget_basis: 'trip',
    comparison: aprilEliminated
      ? {
          cheapestInstanceId: march._id,
          lowest: 500,
          highest: 600,
          spread: 100,
          overBudgetBy: 20,
          budget_measured: 'cheapest',
          cheapest_is_stale: false,
          cheapestForEveryoneId: null,
        }
      : {
          cheapestInstanceId: april._id,
          lowest: 450,
          highest: 600,
          spread: 150,
          overBudgetBy: -30,
          budget_measured: 'cheapest',
          cheapest_is_stale: false,
          cheapestForEveryoneId: null,
        },
  });
}

describe('the comparison board', () => {
  let api: FakeApi;
  afterEach(() => {
    api?.restore();
    localStorage.clear();
  });

  function openCompare(initial: Trip, routes: Parameters<typeof installFakeApi>[0] = {}) {
    let current = initial;
    api = installFakeApi({
      'GET /api/trips/getaway/:id': () => ({ body: current }),
      ...routes,
    });
    localStorage.setItem(`tripcost:windows-view:${initial._id}`, 'compare');
    const utils = renderApp(`/trips/${initial._id}`, undefined);
    return { ...utils, setTrip: (next: Trip) => (current = next) };
  }

  const rowNames = () =>
    within(screen.getByRole('table', { name: /Date windows/ }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.getAttribute('aria-label'));

  it('when a column header is used, then the rows sort by it and aria-sort says how, by keyboard too', async () => {
    const { user } = openCompare(board());
    await screen.findByRole('table', { name: /Date windows/ }, SLOW);
    expect(rowNames()).toEqual([
      expect.stringContaining('Easter'),
      expect.stringContaining('Apr 1, 2030'),
      expect.stringContaining('May 1, 2030'),
    ]);
    const totalHeader = screen.getByRole('columnheader', { name: /Total/ });
    expect(totalHeader).toHaveAttribute('aria-sort', 'none');
    await user.click(within(totalHeader).getByRole('button'));
    expect(totalHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /Dates/ })).toHaveAttribute('aria-sort', 'none');
    expect(rowNames()[0]).toContain('Apr 1, 2030');
    within(totalHeader).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(totalHeader).toHaveAttribute('aria-sort', 'descending');
    expect(rowNames()[0]).toContain('May 1, 2030');
    const perNight = screen.getByRole('columnheader', { name: /Per night/ });
    await user.click(within(perNight).getByRole('button'));
    expect(rowNames()[0]).toContain('Easter');
  });

  it('when the cheapest window is eliminated, then the Cheapest marker moves and the row is out of the pick', async () => {
    const { user, setTrip } = openCompare(board(), {
      'PUT /api/trips/getaway/:id': (req) => {
        expect(req.body).toEqual({ instances: [{ _id: expect.any(String), status: 'eliminated' }] });
        setTrip(board({ aprilStatus: 'eliminated' }));
        return { body: board({ aprilStatus: 'eliminated' }) };
      },
    });
    const aprilRow = await screen.findByRole('row', { name: /Apr 1, 2030/ }, SLOW);
    expect(within(aprilRow).getByText('Cheapest')).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Easter/ })).getByText('+$50.00 (+11.1%)')).toBeInTheDocument();
    await user.selectOptions(within(aprilRow).getByRole('combobox', { name: /Status of/ }), 'eliminated');
    // Looked up afresh on every try: the save's refetch may render the rows anew.
    await waitFor(() =>
      expect(within(screen.getByRole('row', { name: /Easter/ })).getByText('Cheapest')).toBeInTheDocument(),
    );
    const eliminatedRow = screen.getByRole('row', { name: /Apr 1, 2030/ });
    expect(within(eliminatedRow).queryByText('Cheapest')).not.toBeInTheDocument();
    expect(within(eliminatedRow).getByText('Eliminated', { selector: 'span' })).toBeInTheDocument();
    expect(eliminatedRow).toHaveClass('is-eliminated');
    expect(screen.getByRole('button', { name: 'Eliminated (1)' })).toBeInTheDocument();
  });

  it('when a status filter is chosen, then only those windows are listed and the chips count them', async () => {
    const { user } = openCompare(board());
    await screen.findByRole('table', { name: /Date windows/ }, SLOW);
    expect(screen.getByRole('button', { name: 'All (3)' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Top choice (1)' }));
    expect(rowNames()).toEqual([expect.stringContaining('May 1, 2030')]);
  });

  it('when a save is refused, then the server’s message is shown', async () => {
    const { user } = openCompare(board(), {
      'PUT /api/trips/getaway/:id': () => ({
        status: 400,
        body: { msg: 'Travellers must be a whole number from 1 to 50.' },
      }),
    });
    await screen.findByRole('table', { name: /Date windows/ }, SLOW);
    await user.click(screen.getByRole('button', { name: 'More travellers' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Travellers must be a whole number from 1 to 50.');
    expect(screen.getByLabelText('Travellers', { selector: 'output' })).toHaveTextContent('2');
  });

  it('when the switch is used, then the choice is remembered for this trip', async () => {
    const target = board();
    api = installFakeApi({ 'GET /api/trips/getaway/:id': () => ({ body: target }) });
    const { user, unmount } = renderApp(`/trips/${target._id}`);
    await screen.findByRole('list', { name: 'Trip instances' }, SLOW);
    await user.click(screen.getByRole('button', { name: 'Compare' }));
    expect(screen.getByRole('table', { name: /Date windows/ })).toBeInTheDocument();
    unmount();
    renderApp(`/trips/${target._id}`);
    expect(await screen.findByRole('table', { name: /Date windows/ }, SLOW)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Compare' })).toHaveAttribute('aria-pressed', 'true');
  });
});

describe('the summary line', () => {
  it.each([
    [-30, 'Cheapest window is $30.00 under budget'],
    [20.5, 'Cheapest window is $20.50 over budget'],
    [0, 'Cheapest window is exactly on budget'],
  ])('when the cheapest window is %p against the budget, then it says %p', (overBudgetBy, wording) => {
    const target = board();
    render(<CompareSummary trip={{ ...target, comparison: { ...target.comparison!, overBudgetBy } }} />);
    expect(screen.getByText(wording)).toBeInTheDocument();
    expect(screen.getByText('Budget for the trip: $480.00')).toBeInTheDocument();
    expect(screen.getByText('Lowest $450.00')).toBeInTheDocument();
    expect(screen.getByText('Spread $150.00')).toBeInTheDocument();
  });

  it('when a window is committed, then the board says the budget measures the committed window', () => {
    const target = board();
    const committed = {
      ...target,
      comparison: { ...target.comparison!, overBudgetBy: 120, budget_measured: 'committed' },
    } as Trip;
    render(<CompareSummary trip={committed} />);
    expect(screen.getByText('Committed window is $120.00 over budget')).toBeInTheDocument();
    expect(screen.queryByText(/Cheapest window/)).not.toBeInTheDocument();
  });

  it('when the budget is per person, then it says so and measures per person', () => {
    const target = board();
    const perPerson = {
      ...target,
      budget: 240,
      budget_basis: 'per_person',
      comparison: { ...target.comparison!, overBudgetBy: -15 },
    } as Trip;
    render(<CompareSummary trip={perPerson} />);
    expect(screen.getByText('Budget per person: $240.00')).toBeInTheDocument();
    expect(screen.getByText('Cheapest window is $15.00 per person under budget')).toBeInTheDocument();
  });

  it('when there is no budget, then nothing is said about one', () => {
    const target = board();
    render(
      <CompareSummary trip={{ ...target, budget: null, comparison: { ...target.comparison!, overBudgetBy: null } }} />,
    );
    expect(screen.queryByText(/budget/i)).not.toBeInTheDocument();
  });
});

describe('the cost chart', () => {
  it('when shown, then a text summary under it says which window is cheapest and why, not a second table', () => {
    const target = board();
    render(<CompareChart trip={target} windows={target.instances} />);
    expect(
      screen.getByText(
        'Cheapest: Apr 1 – Apr 4, 2030, $450.00 — May 1 – May 2, 2030 costs $150.00 more (stay +$150.00); ' +
          'Easter costs $50.00 more (stay −$50.00, travel +$100.00). ' +
          'Budget for the trip: $480.00, drawn as a dashed line.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show as table' })).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Categories' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Stay', 'Travel', 'Car', 'Other', 'Budget for the trip: $480.00']);
  });

  it('when a budget is per person, then no budget line is drawn over the trip totals and the summary says why', () => {
    const target = { ...board(), budget_basis: 'per_person' } as Trip;
    render(<CompareChart trip={target} windows={target.instances} />);
    expect(
      screen.getByText(/Budget per person: \$480\.00 — the bars are whole-trip totals, so no budget line is drawn/),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Categories' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Stay', 'Travel', 'Car', 'Other']);
  });

  it('when a window is cheapest, committed, eliminated or has bad dates, then its bar is labelled with its total and those words', () => {
    const base = board({ aprilStatus: 'eliminated' });
    const [may, april, march] = base.instances;
    const broken = instance({
      label: 'Typo',
      trip_start: '2030-06-05T00:00:00.000Z',
      trip_end: '2030-06-01T00:00:00.000Z',
      stay_expense: 10,
      dates_invalid: true,
    });
    const target = {
      ...base,
      instances: [{ ...may, isCommitted: true, status: 'booked' as const }, april, march, broken],
    };
    expect(chartRows(target, target.instances).map((row) => [row.name, row.totalLabel, row.marks])).toEqual([
      ['May 1, 2030', '$600.00', ['✓ Committed']],
      ['Apr 1, 2030', '$450.00', ['Eliminated']],
      ['Easter', '$500.00', ['★ Cheapest']],
      ['Typo', '$10.00', ['Dates need fixing']],
    ]);
    expect(chartSummary(target, target.instances)).toContain(
      'Committed: May 1 – May 2, 2030, $600.00. Budget for the trip: $480.00, drawn as a dashed line. ' +
        'Not compared: Apr 1 – Apr 4, 2030 (eliminated), Typo (dates need fixing).',
    );
  });

  // A fixed-width font stand-in: 7 px a character, the size of the chart's 12 px labels.
  const measure = (text: string) => text.length * 7;

  it('when the plot is narrow, then the cost axis shows fewer round amounts, wide enough apart, up past the highest window', () => {
    const target = board();
    const rows = chartRows(target, target.instances);
    const wide = costAxisTicks(rows, 1000, measure, 'USD');
    expect(wide.ticks).toEqual([0, 150, 300, 450, 600]);
    const narrow = costAxisTicks(rows, 280, measure, 'USD');
    expect(narrow.ticks).toEqual([0, 300, 600]);
    // The widest total ("$600.00", 49 px) is printed after its bar and stays inside the picture.
    expect(narrow.margin.right).toBeGreaterThanOrEqual(49 + 6);
    // A budget above every window stretches the axis so its line is on the picture.
    expect(costAxisTicks(rows, 1000, measure, 'USD', 1000).ticks.at(-1)).toBeGreaterThanOrEqual(1000);
  });

  it('when every window costs nothing yet, then the axis counts whole amounts, each label different', () => {
    const free = [{ total: 0, totalLabel: '$0.00' }];
    const { ticks } = costAxisTicks(free, 1000, measure, 'USD');
    expect(ticks).toEqual([0, 1, 2, 3, 4]);
    expect(new Set(ticks.map((tick) => Math.round(tick))).size).toBe(ticks.length);
  });

  it('when a window has a long label, then its name beside the bar wraps to the axis width; a date stays on one line', () => {
    expect(wrapWords('Easter week with the grandparents', 96, measure)).toEqual([
      'Easter week',
      'with the',
      'grandparents',
    ]);
    expect(wrapWords('Jan 12, 2031', 96, measure)).toEqual(['Jan 12, 2031']);
  });
});

describe('a long window name in the chart', () => {
  const measure = (text: string) => text.length * 7;

  it('when a name does not fit, then it is cut with an ellipsis in the lines the marks leave', () => {
    const name = 'Easter week with the grandparents and the cousins';
    // No mark: two lines at most, the second cut.
    expect(nameLines(name, 0, 96, measure)).toEqual(['Easter week', 'with the gra…']);
    // "★ Cheapest" and "✓ Committed" keep their lines: one for the name.
    expect(nameLines(name, 2, 96, measure)).toEqual(['Easter week…']);
    // A single word wider than the axis is cut too; a short name stays whole.
    expect(nameLines('Supercalifragilistic', 1, 96, measure)).toEqual(['Supercalifra…']);
    expect(nameLines('Jan 12, 2031', 1, 96, measure)).toEqual(['Jan 12, 2031']);
  });

  it('when the cheapest window has a long name, then its label keeps "★ Cheapest" readable and the whole name in a <title>', () => {
    const box = jest
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue({ width: 800, height: 400, top: 0, left: 0, right: 800, bottom: 400, x: 0, y: 0 } as DOMRect);
    try {
      const base = board();
      const long = 'Easter week with the grandparents and all the cousins from Porto';
      const target = {
        ...base,
        instances: base.instances.map((window) =>
          window._id === base.comparison!.cheapestInstanceId ? { ...window, label: long } : window,
        ),
      };
      const { container } = render(<CompareChart trip={target} windows={target.instances} />);
      const label = [...container.querySelectorAll('.compare-chart__row > text:first-child')].find(
        (text) => text.querySelector('title')?.textContent === long,
      )!;
      const lines = [...label.querySelectorAll('tspan')].map((line) => line.textContent);
      expect(lines.at(-1)).toBe('★ Cheapest');
      expect(lines.length).toBeLessThanOrEqual(3);
      expect(lines.at(-2)).toMatch(/…$/);
    } finally {
      box.mockRestore();
    }
  });
});

describe('what the board explains', () => {
  let api: FakeApi;
  afterEach(() => {
    api?.restore();
    localStorage.clear();
  });

  function open(initial: Trip, view: 'cards' | 'compare', routes: Parameters<typeof installFakeApi>[0] = {}) {
    api = installFakeApi({ 'GET /api/trips/getaway/:id': () => ({ body: initial }), ...routes });
    localStorage.setItem(`tripcost:windows-view:${initial._id}`, view);
    return renderApp(`/trips/${initial._id}`);
  }

  /** The board with one more window stored with its end before its start. */
  function withBrokenDates(): Trip {
    const target = board();
    const broken = instance({
      label: 'Typo week',
      trip_start: '2030-06-05T00:00:00.000Z',
      trip_end: '2030-06-01T00:00:00.000Z',
      stay_expense: 100,
      total_cost: 100,
      nights: null,
      per_night: null,
      per_person: 50,
      delta_vs_cheapest: null,
      dates_invalid: true,
      delta_by_category: null,
    });
    return { ...target, instances: [broken, ...target.instances] };
  }

  /** The row's "Δ vs cheapest" cell. */
  const deltaCell = (row: HTMLElement) =>
    within(row)
      .getAllByRole('cell')
      .find((cell) => cell.dataset.label === 'Δ vs cheapest');

  it('when a window costs more than the cheapest, then its row says by how much in each category, zero ones left out', async () => {
    open(board(), 'compare');
    const easter = await screen.findByRole('row', { name: /Easter/ }, SLOW);
    expect(within(easter).getByText('+$50.00 (+11.1%)')).toBeInTheDocument();
    // One piece per category, so a line never breaks between a sign and its amount.
    expect(deltaCell(easter)).toHaveTextContent(/−\$50\.00 stay, \+\$100\.00 travel$/);
    const may = screen.getByRole('row', { name: /May 1, 2030/ });
    expect(deltaCell(may)).toHaveTextContent(/\+\$150\.00 stay$/);
    const april = screen.getByRole('row', { name: /Apr 1, 2030/ });
    expect(within(april).getByText('Cheapest')).toBeInTheDocument();
    expect(within(april).queryByText(/stay|travel/)).not.toBeInTheDocument();
  });

  it('when a window’s dates are invalid, then it says "Dates need fixing" with no nights or Δ and is never Cheapest', async () => {
    const target = withBrokenDates();
    open(target, 'compare');
    const row = await screen.findByRole('row', { name: /Typo week/ }, SLOW);
    expect(within(row).getByText('Dates need fixing')).toBeInTheDocument();
    expect(within(row).queryByText('Cheapest')).not.toBeInTheDocument();
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells[0]).toBe('—'); // nights
    expect(cells).toContain('$100.00');
    expect(within(screen.getByRole('row', { name: /Apr 1, 2030/ })).getByText('Cheapest')).toBeInTheDocument();
  });

  it('when a window’s dates are invalid, then its card says "Dates need fixing"', async () => {
    open(withBrokenDates(), 'cards');
    const cards = within(await screen.findByRole('list', { name: 'Trip instances' }, SLOW)).getAllByRole('listitem');
    expect(within(cards[0]).getByText('Dates need fixing')).toBeInTheDocument();
    expect(within(cards[0]).queryByText('Cheapest')).not.toBeInTheDocument();
    expect(within(cards[2]).getByText('Cheapest')).toBeInTheDocument();
  });

  it('when the cards are sorted by start date, then they follow the dates and the choice is kept for this trip', async () => {
    const target = board();
    const { user, unmount } = open(target, 'cards');
    const titles = () =>
      within(screen.getByRole('list', { name: 'Trip instances' }))
        .getAllByRole('heading')
        .map((heading) => heading.textContent);
    await screen.findByRole('list', { name: 'Trip instances' }, SLOW);
    // The spec's default: newest first, as the server lists them.
    expect(screen.getByRole('combobox', { name: 'Sort:' })).toHaveValue('newest');
    expect(titles()).toEqual(['May 1, 2030 – May 2, 2030', 'Apr 1, 2030 – Apr 4, 2030', 'Easter']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort:' }), 'By start date');
    expect(titles()).toEqual(['Easter', 'Apr 1, 2030 – Apr 4, 2030', 'May 1, 2030 – May 2, 2030']);
    unmount();
    renderApp(`/trips/${target._id}`);
    await screen.findByRole('list', { name: 'Trip instances' }, SLOW);
    expect(screen.getByRole('combobox', { name: 'Sort:' })).toHaveValue('start');
    expect(titles()[0]).toBe('Easter');
  });

  it('when a window is named on its card, then the name is saved and becomes the card’s title', async () => {
    let current = board();
    const { user } = open(current, 'cards', {
      'GET /api/trips/getaway/:id': () => ({ body: current }),
      'PUT /api/trips/getaway/:id': (req) => {
        const [change] = (req.body as { instances: { _id: string; label: string }[] }).instances;
        current = {
          ...current,
          instances: current.instances.map((one) => (one._id === change._id ? { ...one, label: change.label } : one)),
        };
        return { body: current };
      },
    });
    // The name field is a chunk of its own, opened on demand: found once it has arrived.
    await user.click(await screen.findByRole('button', { name: 'More actions for May 1, 2030 – May 2, 2030' }, SLOW));
    await user.click(screen.getByRole('menuitem', { name: 'Name this window: May 1, 2030 – May 2, 2030' }));
    const field = await screen.findByRole('textbox', { name: 'Window name' });
    await user.type(field, '  May Day  {Enter}');
    expect(api.callsTo('PUT', `/api/trips/getaway/${current._id}`)[0].body).toEqual({
      instances: [{ _id: current.instances[0]._id, label: 'May Day' }],
    });
    expect(await screen.findByRole('heading', { name: 'May Day' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^More actions for May Day/ }));
    expect(screen.getByRole('menuitem', { name: 'Rename: May Day' })).toBeInTheDocument();
  });

  it('when a pasted name is over 60 characters, then it is kept whole, counted, refused at the field and not sent', async () => {
    const { user } = open(board(), 'cards', {});
    await user.click(await screen.findByRole('button', { name: /^More actions for May/ }, SLOW));
    await user.click(screen.getByRole('menuitem', { name: /^Name this window: May/ }));
    const field = await screen.findByRole('textbox', { name: 'Window name' });
    await user.paste('n'.repeat(61));
    expect(field).toHaveValue('n'.repeat(61));
    expect(field).toHaveAccessibleDescription('61 of 60 characters Window name: at most 60 characters');
    await user.keyboard('{Enter}');
    expect(api.callsTo('PUT', `/api/trips/getaway/${board()._id}`)).toHaveLength(0);
    expect(field).toBeInTheDocument();
  });

  it('when a name is refused, then the field stays open with the server’s message', async () => {
    const { user } = open(board(), 'cards', {
      'PUT /api/trips/getaway/:id': () => ({ status: 400, body: { msg: 'The label must be at most 60 characters.' } }),
    });
    await user.click(await screen.findByRole('button', { name: /^More actions for May/ }, SLOW));
    await user.click(screen.getByRole('menuitem', { name: /^Name this window: May/ }));
    await user.type(await screen.findByRole('textbox', { name: 'Window name' }), 'x{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent('The label must be at most 60 characters.');
    expect(screen.getByRole('textbox', { name: 'Window name' })).toHaveValue('x');
  });

  it('when the budget is switched to per person, then that is saved and the budget reads per person', async () => {
    let current = board();
    const { user } = open(current, 'compare', {
      'GET /api/trips/getaway/:id': () => ({ body: current }),
      'PUT /api/trips/getaway/:id': (req) => {
        current = { ...current, ...(req.body as object) } as Trip;
        return { body: current };
      },
    });
    const basis = await screen.findByRole('combobox', { name: 'Budget applies' }, SLOW);
    expect(basis).toHaveValue('trip');
    expect(screen.getAllByText('Budget for the trip: $480.00').length).toBeGreaterThan(0);
    await user.selectOptions(basis, 'per person');
    expect(api.callsTo('PUT', `/api/trips/getaway/${current._id}`)[0].body).toEqual({ budget_basis: 'per_person' });
    await waitFor(() => expect(screen.getAllByText('Budget per person: $480.00').length).toBeGreaterThan(0));
  });
});
