import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { instance, trip } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import type { Instance, Trip } from '../../lib/types';
import { CompareSummary } from './components/CompareBoard';
import CompareChart, { costAxisTicks, wrapWords } from './components/CompareChart';

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
  });
  return trip({
    _id: '64c0000000000000000000aa',
    travelers: 2,
    budget: 480,
    instances: [may, april, march],
    comparison: aprilEliminated
      ? { cheapestInstanceId: march._id, lowest: 500, highest: 600, spread: 100, overBudgetBy: 20 }
      : { cheapestInstanceId: april._id, lowest: 450, highest: 600, spread: 150, overBudgetBy: -30 },
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
    [-30, 'Under budget by $30.00'],
    [20.5, 'Over budget by $20.50'],
    [0, 'Exactly on budget'],
  ])('when the cheapest window is %p against the budget, then it says %p', (overBudgetBy, wording) => {
    const target = board();
    render(<CompareSummary trip={{ ...target, comparison: { ...target.comparison!, overBudgetBy } }} />);
    expect(screen.getByText(wording)).toBeInTheDocument();
    expect(screen.getByText('Lowest $450.00')).toBeInTheDocument();
    expect(screen.getByText('Spread $150.00')).toBeInTheDocument();
  });

  it('when there is no budget, then nothing is said about one', () => {
    const target = board();
    render(<CompareSummary trip={{ ...target, comparison: { ...target.comparison!, overBudgetBy: null } }} />);
    expect(screen.queryByText(/budget/)).not.toBeInTheDocument();
  });
});

describe('the cost chart', () => {
  it('when shown, then screen readers get a text summary and "Show as table" gives the same numbers', async () => {
    const user = userEvent.setup();
    const target = board();
    render(<CompareChart windows={target.instances} cheapestId={target.comparison!.cheapestInstanceId} />);
    expect(
      screen.getByText(/Stacked costs of 3 windows\. Cheapest: Apr 1, 2030 – Apr 4, 2030 at \$450\.00\./),
    ).toHaveClass('sr-only');
    expect(
      screen.getByText(/Easter · Mar 1, 2030 – Mar 5, 2030: \$500\.00 \(stay \$400\.00, travel \$100\.00/),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('list', { name: 'Categories' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Stay', 'Travel', 'Car', 'Other']);
    await user.click(screen.getByRole('button', { name: 'Show as table' }));
    const table = screen.getByRole('table', { name: 'Costs by category for each window' });
    const easter = within(table).getByRole('row', { name: /Easter/ });
    expect(
      within(easter)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['$400.00', '$100.00', '$0.00', '$0.00', '$500.00']);
    expect(screen.getByRole('button', { name: 'Show as chart' })).toHaveAttribute('aria-pressed', 'true');
  });

  // A fixed-width font stand-in: 7 px a character, the size of the chart's 12 px labels.
  const measure = (text: string) => text.length * 7;

  it('when the plot is narrow, then the cost axis shows fewer round amounts, wide enough apart, up past the highest window', () => {
    const target = board();
    const rows = target.instances.map((window) => ({
      id: window._id,
      name: window.label,
      eliminated: false,
      stay_expense: window.stay_expense ?? 0,
      travel_expense: window.travel_expense ?? 0,
      car_expense: window.car_expense ?? 0,
      other_expense: window.other_expense ?? 0,
      total: window.total_cost ?? 0,
    }));
    const wide = costAxisTicks(rows, 1000, measure);
    expect(wide.ticks).toEqual([0, 150, 300, 450, 600]);
    const narrow = costAxisTicks(rows, 220, measure);
    expect(narrow.ticks).toEqual([0, 300, 600]);
    // The last amount ("$600", 28 px) is centred on the axis's end and stays inside the picture.
    expect(narrow.margin.right).toBeGreaterThanOrEqual(14);
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
