import { screen, within } from '@testing-library/react';
import { installFakeApi, type FakeApi } from '../../../test/fakeApi';
import { DAY, HOUR, committedTrip, trip } from '../../../test/fixtures';
import { renderApp } from '../../../test/render';
import { tripSummary } from '@tripcost/shared/domain';
import { tripStatus } from './model';

describe('next trip status text', () => {
  const now = new Date('2025-03-10T12:00:00.000Z');
  const at = (iso: string) => iso;

  it.each([
    ['Happening now', { trip_start: at('2025-03-09T00:00:00.000Z'), trip_end: at('2025-03-10T00:00:00.000Z') }],
    ['In 1 hour', { trip_start: at('2025-03-10T13:30:00.000Z'), trip_end: at('2025-03-12T00:00:00.000Z') }],
    ['In 12 hours', { trip_start: at('2025-03-11T00:00:00.000Z'), trip_end: at('2025-03-12T00:00:00.000Z') }],
    ['Today', { trip_start: at('2025-03-10T06:00:00.000Z'), trip_end: null }],
    ['Tomorrow', { trip_start: at('2025-03-11T18:00:00.000Z'), trip_end: at('2025-03-13T00:00:00.000Z') }],
    [
      '5 days until your next trip',
      { trip_start: at('2025-03-15T13:00:00.000Z'), trip_end: at('2025-03-20T00:00:00.000Z') },
    ],
    ['Starts soon', { trip_start: null, trip_end: null }],
  ])('when the trip is placed so, then the status reads %s', (text, dates) => {
    expect(tripStatus(dates, now)).toBe(text);
  });
});

describe('My Trips page', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  it('when trips load, then only upcoming committed trips show, the earliest featured with its status and the rest by year descending', async () => {
    const nextYearStart = new Date(Date.UTC(new Date().getUTCFullYear() + 2, 5, 1)).getTime() - Date.now();
    const trips = [
      committedTrip('Porto, Portugal', 3 * DAY + HOUR, 6 * DAY, 1234.5),
      committedTrip('Rome, Italy', nextYearStart, nextYearStart + 3 * DAY),
      committedTrip('Paris, France', 20 * DAY, 25 * DAY),
      committedTrip('Oslo, Norway', -10 * DAY, -3 * DAY),
      trip({ location_address: 'Madrid, Spain', trip_start: new Date(Date.now() + 5 * DAY).toISOString() }),
    ];
    api = installFakeApi({ 'GET /api/trips/getaway-trip': () => ({ body: trips.map(tripSummary) }) });
    renderApp('/mytrips');

    const featured = await screen.findByRole('heading', { level: 2, name: 'Porto, Portugal' });
    const card = featured.closest('section')!;
    expect(within(card).getByText('3 days until your next trip')).toBeInTheDocument();
    expect(within(card).getByText('$1,235')).toBeInTheDocument();

    expect(screen.queryByText('Oslo, Norway')).not.toBeInTheDocument();
    expect(screen.queryByText('Madrid, Spain')).not.toBeInTheDocument();
    const years = screen
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent)
      .filter((t) => /^\d{4}$/.test(t ?? ''));
    expect(years).toEqual([...years].sort().reverse());
    expect(years).toHaveLength(2);
    expect(screen.getByRole('article', { name: 'Rome, Italy' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Paris, France' })).toBeInTheDocument();
  });

  it('when a trip is under way, then it is featured as happening now', async () => {
    api = installFakeApi({
      'GET /api/trips/getaway-trip': () => ({ body: [tripSummary(committedTrip('Lisbon, Portugal', -DAY, 2 * DAY))] }),
    });
    renderApp('/mytrips');
    expect(await screen.findByText('Happening now')).toBeInTheDocument();
  });

  it('when no committed trip is ahead, then the empty state invites planning', async () => {
    api = installFakeApi({ 'GET /api/trips/getaway-trip': () => ({ body: [tripSummary(trip())] }) });
    renderApp('/mytrips');
    expect(await screen.findByText('Start planning your trips!')).toBeInTheDocument();
  });

  it('when the next trip is shared with me and its costs are hidden, then it says so instead of "Needs attention"', async () => {
    const start = new Date(Date.now() + 10 * DAY).toISOString();
    const shared = {
      _id: '64b0000000000000000000aa',
      location_address: 'Porto, Portugal',
      image_url: '',
      isFavorite: false,
      trip_start: start,
      trip_end: new Date(Date.now() + 14 * DAY).toISOString(),
      created_at: '2030-01-01T00:00:00.000Z',
      travelers: 2,
      currency: 'EUR',
      committed: true,
      windows: 2,
      earliest_start: start,
      role: 'viewer',
      owner_name: 'Ada',
      costs_hidden: true,
    };
    api = installFakeApi({ 'GET /api/trips/getaway-trip': () => ({ body: [shared] }) });
    renderApp('/mytrips');
    const card = (await screen.findByRole('heading', { level: 2, name: 'Porto, Portugal' })).closest('section')!;
    expect(within(card).getByText('Costs are hidden by the owner')).toBeInTheDocument();
    expect(within(card).queryByText('Needs attention')).not.toBeInTheDocument();
  });

  it('when the trips cannot load, then the error state shows', async () => {
    api = installFakeApi({ 'GET /api/trips/getaway-trip': () => ({ status: 500, body: { msg: 'boom' } }) });
    renderApp('/mytrips');
    expect(await screen.findByText("Couldn't load trips")).toBeInTheDocument();
  });
});

describe('per-person cost on My Trips', () => {
  let api: FakeApi;
  afterEach(() => api.restore());

  it('when a trip has more than one traveller, then its card says the cost per person; one traveller says nothing', async () => {
    const trips = [
      { ...committedTrip('Porto, Portugal', 3 * DAY, 6 * DAY, 1000.01), travelers: 3, per_person: 333.34 },
      { ...committedTrip('Paris, France', 20 * DAY, 25 * DAY, 900), travelers: 2, per_person: 450 },
      { ...committedTrip('Rome, Italy', 30 * DAY, 35 * DAY, 500), travelers: 1, per_person: 500 },
    ];
    api = installFakeApi({ 'GET /api/trips/getaway-trip': () => ({ body: trips.map(tripSummary) }) });
    renderApp('/mytrips');

    const featured = (await screen.findByRole('heading', { level: 2, name: 'Porto, Portugal' })).closest('section')!;
    expect(within(featured).getByText('$333.34 per person (3 travellers)')).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Paris, France' })).getByText('$450.00 per person (2 travellers)'),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Rome, Italy' })).queryByText(/per person/),
    ).not.toBeInTheDocument();
  });
});
