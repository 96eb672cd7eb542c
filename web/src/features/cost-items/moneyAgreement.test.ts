// The web app and the trips service must show the same money to the cent. For generated
// windows (dates missing, reversed or spanning weeks; old windows without a status; plain
// expenses or cost items of every basis) and traveller counts, this runs the server's
// own functions (the trips domain: deriving a window's costs, the comparison figures)
// and the web's call sites (the item preview beside the basis picker, the totals on the
// trip cards and filters, the board's status) and proves they agree. Items carry prices
// that vary by date (weekend rates, seasons) and prices for exact dates (quotes, some at
// the window's own dates), so the preview and the server also agree on which rate each
// night takes.
import fc from 'fast-check';
import { toMinorUnits, totalCost } from '@tripcost/shared/domain';
import type { Instance } from '../../lib/types';
import { previewCost } from './CostItems';
import { statusOf as webStatusOf } from '../windows/rules';
import {
  compareWindows,
  statusOf as serverStatusOf,
  type WindowLike,
} from '../../../../services/trips/src/costs/domain/comparison';
import {
  COST_BASES,
  COST_CATEGORIES,
  deriveWindowCosts,
  itemCost,
  windowContext,
  type CostItem,
} from '../../../../services/trips/src/costs/domain/cost-items';

// The trips domain's pure modules take their money and date rules from `@tripcost/shared`,
// whose index re-exports the shared domain; here that is the domain itself, so the test
// needs neither a build nor the service kit's Node-only modules in the browser sandbox.
jest.mock('@tripcost/shared', () => jest.requireActual('../../../../services/shared/src/domain'), { virtual: true });

const DAY_MS = 86_400_000;
const day = (offset: number) => new Date(Date.UTC(2030, 0, 1) + offset * DAY_MS).toISOString();
const STATUSES = ['considering', 'top_choice', 'eliminated', 'booked'] as const;

const money = fc.integer({ min: 0, max: 100_000_000 }).map((cents) => cents / 100);

/** Day offsets cut into non-overlapping inclusive seasons: [c0, c1], [c2, c3], … */
const seasonCuts = fc.uniqueArray(fc.integer({ min: 0, max: 3100 }), { maxLength: 8 });

const plainItem = fc.record({
  _id: fc.uuid(),
  category: fc.constantFrom(...COST_CATEGORIES),
  name: fc.constant('item'),
  amount: money,
  basis: fc.constantFrom(...COST_BASES),
  booked: fc.boolean(),
  paid: fc.boolean(),
  link: fc.constant(''),
  confirmation: fc.constant(''),
}) satisfies fc.Arbitrary<CostItem>;

/** What an item's dated prices are made from; they are fitted to its basis and window below. */
const item = fc.record({
  plain: plainItem,
  weekend: fc.option(money, { nil: null }),
  cuts: seasonCuts,
  seasonAmounts: fc.array(money, { minLength: 4, maxLength: 4 }),
  quoteHere: fc.boolean(),
  quoteAmount: money,
});

type ItemParts = typeof item extends fc.Arbitrary<infer I> ? I : never;
const calendarDay = (offset: number) => day(offset).slice(0, 10);

/**
 * A weekend rate and seasons for the per-night and per-day bases; for total and per_person
 * a quote for another pair of dates and, half the time, one for exactly the window's dates.
 */
function fitted(parts: ItemParts, span: { trip_start: string | null; trip_end: string | null }): CostItem {
  const { plain } = parts;
  if (plain.basis === 'total' || plain.basis === 'per_person') {
    const decoy = { start: calendarDay(1), end: calendarDay(2), amount: parts.quoteAmount + 1, captured_on: null };
    const here =
      parts.quoteHere && span.trip_start && span.trip_end && span.trip_end > span.trip_start
        ? [
            {
              start: span.trip_start.slice(0, 10),
              end: span.trip_end.slice(0, 10),
              amount: parts.quoteAmount,
              captured_on: null,
            },
          ]
        : [];
    return {
      ...plain,
      quotes: [decoy, ...here].filter(
        (q, i, all) => all.findIndex((o) => o.start === q.start && o.end === q.end) === i,
      ),
    };
  }
  const cuts = [...parts.cuts].sort((a, b) => a - b);
  const seasons = [];
  for (let i = 0; i + 1 < cuts.length; i += 2) {
    seasons.push({ from: calendarDay(cuts[i]), to: calendarDay(cuts[i + 1]), amount: parts.seasonAmounts[i / 2] });
  }
  return { ...plain, weekend_amount: parts.weekend, seasons };
}

/** Start and end: either may be missing, and the end may lie before the start (older data). */
const dates = fc
  .record({
    start: fc.option(fc.integer({ min: 0, max: 3000 }), { nil: null }),
    length: fc.option(fc.integer({ min: -10, max: 60 }), { nil: null }),
  })
  .map(({ start, length }) => ({
    trip_start: start === null ? null : day(start),
    trip_end: start === null || length === null ? null : day(start + length),
  }));

const window = fc
  .record({
    _id: fc.uuid(),
    dates,
    stay_expense: money,
    travel_expense: money,
    car_expense: money,
    other_expense: money,
    items: fc.oneof(fc.constant([] as ItemParts[]), fc.array(item, { maxLength: 12 })),
    status: fc.option(fc.constantFrom(...STATUSES), { nil: undefined }),
    isCommitted: fc.boolean(),
  })
  .map(({ dates: span, items, ...rest }) => ({ ...rest, ...span, items: items.map((parts) => fitted(parts, span)) }));

const travellers = fc.integer({ min: 1, max: 50 });

type GeneratedWindow = typeof window extends fc.Arbitrary<infer W> ? W : never;

/** What the web receives for a window: the server's stored (derived) window and its figures. */
function served(windows: GeneratedWindow[], people: number) {
  const stored = windows.map((w) => deriveWindowCosts(w, people));
  const { figures } = compareWindows(stored as WindowLike[], { travelers: people });
  return stored.map((w, index) => ({ ...w, ...figures[index] }) as unknown as Instance & (typeof stored)[number]);
}

describe('web and server money agree to the cent', () => {
  it('when an item is previewed on the web, then it costs what the server charges for it', () => {
    fc.assert(
      fc.property(fc.array(window, { minLength: 1, maxLength: 4 }), travellers, (windows, people) => {
        const instances = served(windows, people);
        instances.forEach((instance, index) => {
          // CostItems previews with the nights and dates the server sent (null means none).
          const serverContext = windowContext(windows[index], people);
          for (const it of windows[index].items) {
            expect(previewCost(it, instance, people)).toBe(itemCost(it, serverContext));
          }
        });
      }),
    );
  });

  it("when a window's items are previewed one by one, then their cents add up to the server's category expenses", () => {
    fc.assert(
      fc.property(window, travellers, (generated, people) => {
        fc.pre(generated.items.length > 0);
        const [instance] = served([generated], people);
        for (const category of COST_CATEGORIES) {
          const webCents = (generated.items as CostItem[])
            .filter((it) => it.category === category)
            .reduce((sum, it) => sum + toMinorUnits(previewCost(it, instance, people)), 0);
          expect(webCents).toBe(toMinorUnits(instance[`${category}_expense`]));
        }
      }),
    );
  });

  it("when a trip card or filter totals a window on the web, then it is the server's total_cost", () => {
    fc.assert(
      fc.property(fc.array(window, { minLength: 1, maxLength: 4 }), travellers, (windows, people) => {
        for (const instance of served(windows, people)) {
          expect(totalCost(instance)).toBe(instance.total_cost);
          expect(toMinorUnits(totalCost(instance))).toBe(toMinorUnits(instance.total_cost));
        }
      }),
    );
  });

  it("when the board reads a window's status, then it is the server's status", () => {
    fc.assert(
      fc.property(window, (generated) => {
        expect(webStatusOf(generated as unknown as Instance)).toBe(serverStatusOf(generated));
      }),
    );
  });
});
