// What a trip's card shows (docs/product.md §4 "Trip cards", docs/adr/0063-first-screens-read-right.md):
// the plan, else the cheapest window with the window count, and "Needs attention" only when
// something does.
import { cardFigure, tripSummary, type SummarisedTrip } from '../src/domain';

type Window = SummarisedTrip<string>['instances'][number];

const window = (id: string, start: string | null, end: string | null, total: number): Window => ({
  _id: id,
  trip_start: start && `${start}T00:00:00.000Z`,
  trip_end: end && `${end}T00:00:00.000Z`,
  isCommitted: false,
  total_cost: total,
  to_pay: total,
  freshness: { stale_items: 0 },
});

function trip(windows: Window[], cheapestId: string | null, extra: Partial<SummarisedTrip<string>> = {}) {
  return tripSummary<string>({
    _id: 't1',
    location_address: 'Lisbon, Portugal',
    image_url: '',
    trip_start: null,
    trip_end: null,
    created_at: '2030-01-01T00:00:00.000Z',
    travelers: 1,
    currency: 'EUR',
    total_cost: 0,
    per_person: 0,
    isFavorite: false,
    budget: null,
    role: 'owner',
    owner_name: 'Ada',
    committedInstanceId: null,
    comparison: { cheapest_is_stale: false, cheapestInstanceId: cheapestId },
    instances: windows,
    ...extra,
  });
}

const SIX = [
  window('a', '2031-03-12', '2031-03-15', 640),
  window('b', '2031-03-19', '2031-03-22', 520.5),
  window('c', '2031-04-02', '2031-04-06', 900),
  window('d', '2031-04-09', '2031-04-13', 870),
  window('e', '2031-05-01', '2031-05-04', 610),
  window('f', '2031-05-20', '2031-05-24', 1010),
];

describe('a trip card’s figure', () => {
  it('when a trip has six priced windows and no plan, then it shows the cheapest one’s days and total, and the count', () => {
    const card = trip(SIX, 'b');
    expect(card).toMatchObject({ cheapest_total: 520.5, cheapest_start: '2031-03-19', cheapest_end: '2031-03-22' });
    expect(cardFigure(card)).toEqual({
      kind: 'cheapest',
      total: 520.5,
      start: '2031-03-19',
      end: '2031-03-22',
      windows: 6,
      stale: false,
    });
  });

  it('when the comparison’s cheapest rests on a stale price, then the figure says so', () => {
    const card = trip(SIX, 'b', { comparison: { cheapest_is_stale: true, cheapestInstanceId: 'b' } });
    expect(cardFigure(card)).toMatchObject({ kind: 'cheapest', stale: true });
  });

  it('when a window is committed, then the card shows the plan: the trip’s own total', () => {
    const card = trip(SIX, 'b', {
      committedInstanceId: 'c',
      trip_start: '2031-04-02T00:00:00.000Z',
      trip_end: '2031-04-06T00:00:00.000Z',
      total_cost: 900,
    });
    expect(cardFigure(card)).toEqual({ kind: 'plan', total: 900 });
  });

  it('when a trip has no window yet, then nothing needs attention: it is empty (or priced on its own)', () => {
    expect(cardFigure(trip([], null))).toEqual({ kind: 'empty' });
    expect(cardFigure(trip([], null, { total_cost: 350 }))).toEqual({ kind: 'plan', total: 350 });
  });

  it('when the cheapest window has no price, or the plan has none, then it needs attention: unpriced', () => {
    expect(cardFigure(trip([...SIX, window('g', '2031-06-01', '2031-06-03', 0)], 'g'))).toEqual({
      kind: 'attention',
      reason: 'unpriced',
    });
    expect(cardFigure(trip(SIX, 'b', { committedInstanceId: 'c', total_cost: 0 }))).toEqual({
      kind: 'attention',
      reason: 'unpriced',
    });
  });

  it('when no window is compared (every one eliminated or with dates to fix), then it needs attention', () => {
    const card = trip(SIX, null);
    expect(card.cheapest_total).toBeNull();
    expect(card).not.toHaveProperty('cheapest_start');
    expect(cardFigure(card)).toEqual({ kind: 'attention', reason: 'none_compared' });
  });

  it('when the cheapest window is undated, then its total shows without days', () => {
    const card = trip([window('u', null, null, 300)], 'u');
    expect(card).not.toHaveProperty('cheapest_start');
    expect(cardFigure(card)).toEqual({
      kind: 'cheapest',
      total: 300,
      start: null,
      end: null,
      windows: 1,
      stale: false,
    });
  });
});
