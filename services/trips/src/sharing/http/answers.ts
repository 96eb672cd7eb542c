// What the trips API answers, as zod schemas: they document the responses in the
// OpenAPI document, from which the web app's API types are generated. A field added
// to the trip view is added here too (the check at the end fails the build otherwise).
// A schema named with `.meta({ id })` is one component of the document, referenced by
// every answer that contains it (and one named type in the web app). Here: the trip and its
// windows as a reader sees them; invitations in invite-answers.ts, the answers of changes to
// windows and items in windows/http/answers.ts.
import { z } from 'zod';
import {
  BUDGET_BASES,
  COST_BASES,
  COST_CATEGORIES,
  INSTANCE_STATUSES,
  SEARCH_LINK_KINDS,
  STALE_AFTER_DAYS,
  type CostItem,
} from '../../costs';
import {
  HIDDEN_INSTANCE_FIELDS,
  HIDDEN_ITEM_FIELDS,
  HIDDEN_SUMMARY_FIELDS,
  HIDDEN_TRIP_FIELDS,
  type HiddenInstanceView,
  type HiddenTripView,
  type SharedTripView,
  type VotedInstanceView,
} from '../domain/sharing';
import { ROLES, VOTES } from '../../trip';
import { splitAnswer } from './split-answer';

/** A zod `pick` mask from a list of keys. */
const maskOf = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((key) => [key, true])) as { [P in K]: true };

const memberAnswer = z
  .object({
    user_id: z.string(),
    name: z.string().describe('the first name the member had when they joined; never an email'),
    role: z.enum(ROLES),
    joined_at: z.string(),
  })
  .meta({ id: 'Member' });
const sharingFields = {
  role: z.enum(ROLES).describe('the caller’s role on the trip'),
  owner_name: z.string(),
  members: z.array(memberAnswer).describe('everyone the trip is shared with, the owner first'),
  hide_costs_from_viewers: z.boolean(),
};

const frozenRateAnswer = z
  .object({
    rate: z.number(),
    date: z.string().describe('YYYY-MM-DD: the day the rate was published (entered, for a manual rate)'),
    source: z.string(),
  })
  .meta({ id: 'FrozenRate' });

export const personAnswer = z
  .object({
    _id: z.string(),
    name: z.string(),
    user_id: z.string().nullable().describe('a member’s account; null for someone without one'),
    settle_currency: z.string().nullable().describe('the currency their balance is also shown in; null: the trip’s'),
    settle_fx: frozenRateAnswer
      .nullable()
      .describe('units of settle_currency per one trip-currency unit, frozen when set; refreshed by re-pricing'),
  })
  .meta({ id: 'Person' });

const calendarDate = z
  .string()
  .nullable()
  .describe('ISO timestamp at UTC midnight (1900-01-01…2199-12-31), or null when not set or stored out of that range');
const money = z
  .number()
  .describe('In the trip’s currency (its `currency`), a decimal in major units rounded to its minor unit');
const day = z.string().describe('YYYY-MM-DD (a UTC calendar day)');

const datedExpenses = {
  trip_start: calendarDate,
  trip_end: calendarDate,
  stay_expense: money,
  travel_expense: money,
  car_expense: money,
  other_expense: money,
};

const fxAnswer = z
  .object({
    rate: z.number().describe('trip-currency units per one item-currency unit'),
    date: day.describe('the day the rate was published (entered, for a manual rate)'),
    source: z.string().describe('"ECB", "bundled", … or "manual" for a rate the traveller gave'),
    first_rate: z.number().describe('the rate when the item’s price (or currency) was last set'),
  })
  .meta({ id: 'FxRate' });

export const itemAnswer = z
  .object({
    _id: z.string(),
    category: z.enum(COST_CATEGORIES),
    name: z.string(),
    amount: z.number().describe('In the item’s own currency, rounded to its minor unit; multiplied by the basis'),
    basis: z.enum(COST_BASES).describe('per_day counts nights + 1 days'),
    booked: z.boolean(),
    paid: z.boolean(),
    link: z.string().describe('"" or an https URL'),
    confirmation: z.string(),
    weekend_amount: z
      .number()
      .nullable()
      .describe('the rate of a Friday or Saturday night (per_day: day); null when none'),
    seasons: z
      .array(z.object({ from: day, to: day, amount: z.number() }).meta({ id: 'Season' }))
      .describe('rates for inclusive date ranges, beating weekend_amount, which beats amount; [] when none'),
    quotes: z
      .array(z.object({ start: day, end: day, amount: z.number(), captured_on: day.nullable() }).meta({ id: 'Quote' }))
      .describe('prices seen for exact dates (total and per_person bases): a window with those dates uses them'),
    captured_on: day.nullable().describe('the day the amount was seen; null for items stored before it existed'),
    currency: z.string().describe('ISO 4217: the currency of amount, weekend_amount, seasons and quotes'),
    fx: fxAnswer
      .nullable()
      .describe('the frozen rate, present exactly when the item’s currency is not the trip’s; null otherwise'),
    paid_by: z
      .string()
      .nullable()
      .describe('the person (of the trip’s people) who paid it; null: no one named (with paid, "payer not named")'),
    split: splitAnswer.nullable().describe('how it is split over the trip’s people; null: equally among everyone'),
  })
  .meta({ id: 'CostItem' });

const shareAnswer = z.object({ person_id: z.string(), amount: money }).meta({ id: 'PersonShare' });

const presenceAnswer = z
  .record(z.string(), z.object({ from: day, to: day }).meta({ id: 'Presence' }))
  .describe('who is there when, by person id (nights from `from` to `to`); a person not listed is there throughout');

const freshnessAnswer = z
  .object({
    oldest_captured_on: day.nullable().describe('the oldest day a price in use was seen; null when no item says'),
    stale_items: z
      .number()
      .int()
      .describe(
        `items whose price in use was seen more than ${STALE_AFTER_DAYS} days ago (a quote used, else the item's own)`,
      ),
  })
  .meta({ id: 'Freshness' });

const searchLinkAnswer = z
  .object({ kind: z.enum(SEARCH_LINK_KINDS), site: z.string(), url: z.string() })
  .meta({ id: 'SearchLink' });

const windowVotesAnswer = z
  .object({
    yes: z.number().int(),
    maybe: z.number().int(),
    no: z.number().int(),
    mine: z.enum(VOTES).nullable().describe('the caller’s own vote; null when none'),
  })
  .describe('votes of the trip’s current members')
  .meta({ id: 'WindowVotes' });

export const instanceAnswer = z
  .object({
    _id: z.string(),
    ...datedExpenses,
    isCommitted: z.boolean(),
    activities: z.array(z.string()),
    created_at: z.string(),
    label: z.string().describe('"" when none'),
    status: z.enum(INSTANCE_STATUSES),
    notes: z.string(),
    total_cost: money,
    nights: z.number().int().nullable().describe('end − start in days; null when a date is missing or dates_invalid'),
    per_night: money.nullable().describe('null when nights is null or 0'),
    per_person: money.describe('total ÷ the trip’s travellers, rounded to cents'),
    delta_vs_cheapest: money
      .nullable()
      .describe('total − the cheapest window’s total; null when eliminated, dates_invalid or none qualifies'),
    delta_by_category: z
      .object({ stay: money, travel: money, car: money, other: money })
      .nullable()
      .describe(
        'each category’s expense − the cheapest window’s, exact to the cent; null exactly when delta_vs_cheapest is',
      ),
    dates_invalid: z
      .boolean()
      .describe(
        'true for a window stored with its end before its start, or with a date outside 1900-01-01…2199-12-31 (older data, never rewritten; that date reads as null): no nights, out of the comparison; fix its dates',
      ),
    items: z.array(itemAnswer).describe('Itemised costs; when any, the four expenses are their sums'),
    paid_total: money.describe('what the paid items cost'),
    booked_total: money.describe('what the booked items cost'),
    to_pay: money.describe('the window’s total − paid_total'),
    fx_effect: money.describe(
      'Σ over items in another currency of (cost at the current rate − cost at first_rate): what exchange rates moved the total by',
    ),
    freshness: freshnessAnswer,
    search_links: z
      .array(searchLinkAnswer)
      .optional()
      .describe('only in answers about one trip (not lists): searches to check prices; [] when a date is missing'),
    votes: windowVotesAnswer,
    works_for_everyone: z.boolean().describe('every member, owner included, voted yes (and within_limits, once set)'),
    within_limits: z
      .boolean()
      .optional()
      .describe('once a member set a private limit: every limited share is within it'),
    presence: presenceAnswer,
    shares: z
      .array(shareAnswer)
      .optional()
      .describe(
        'only in answers about one trip: each person’s share of the total in people order, adding up to total_cost exactly (largest remainder, ties in people order); [] without people',
      ),
    my_share: money
      .nullable()
      .optional()
      .describe('only in answers about one trip: the caller’s own share; null when they are none of the trip’s people'),
  })
  .meta({ id: 'Instance' });

const comparisonAnswer = z
  .object({
    cheapestInstanceId: z
      .string()
      .nullable()
      .describe('ties: the earlier start wins; null when every window is eliminated'),
    lowest: money.nullable(),
    highest: money.nullable(),
    spread: money.nullable(),
    overBudgetBy: money
      .nullable()
      .describe(
        'measured window’s total (its per_person with budget_basis per_person) − budget: negative means under budget; null without a budget',
      ),
    budget_measured: z
      .enum(['cheapest', 'committed'])
      .nullable()
      .describe(
        'the window overBudgetBy measures: the committed one once there is one, else the cheapest; null when overBudgetBy is',
      ),
    cheapest_is_stale: z.boolean().describe('the cheapest window’s total rests on at least one stale price'),
    cheapestForEveryoneId: z
      .string()
      .nullable()
      .describe('the cheapest window every member voted yes on (works_for_everyone); null when none'),
  })
  .meta({ id: 'Comparison' });

export const tripAnswer = z
  .object({
    _id: z.string(),
    user_id: z.string(),
    user_email: z.string().describe('the owner’s email, to the owner only ("" for members)'),
    location_address: z.string(),
    trip_location: z.string(),
    place_id: z.string().optional(),
    image_url: z.string(),
    isFavorite: z.boolean(),
    currency: z.string().describe('ISO 4217: every total, budget, comparison figure and plain expense is in it'),
    currency_change: z
      .object({ from: z.string(), to: z.string(), rate: z.number(), date: z.string(), source: z.string() })
      .optional()
      .describe(
        'the last change of the trip’s currency: the rate (to units per one from, with its day and source) its budget and plain amounts were converted at; absent until the currency first changes',
      ),
    fx_effect: money.describe('the committed window’s fx_effect; 0 without a plan'),
    origin: z.string().describe('where the travellers set off (flight searches); "" when not given'),
    ...datedExpenses,
    instances: z.array(instanceAnswer).describe('Newest first'),
    committedInstanceId: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    version: z.number().int().describe('Sent back as If-Match (the ETag is "<version>")'),
    travelers: z.number().int().min(1).max(50),
    budget: money.nullable().describe('null: no budget'),
    budget_basis: z.enum(BUDGET_BASES).describe('what the budget is for: the whole trip or each traveller'),
    total_cost: money,
    per_person: money,
    comparison: comparisonAnswer,
    ...sharingFields,
    costs_hidden: z.literal(false),
    people: z
      .array(personAnswer)
      .describe('the trip’s travellers by name (members have a user_id); [] when none are named'),
    show_own_share: z
      .boolean()
      .describe('a viewer who cannot see costs still sees their own share, payments and balance'),
    my_limit: z.number().nullable().optional().describe('only yours, about one trip: your private limit (null: none)'),
  })
  .meta({ id: 'Trip' });

/** A window as a viewer of a trip that hides its costs gets it: no amount, link or confirmation. */
export const hiddenInstanceAnswer = instanceAnswer
  .pick(maskOf(HIDDEN_INSTANCE_FIELDS))
  .extend({ items: z.array(itemAnswer.pick(maskOf(HIDDEN_ITEM_FIELDS)).meta({ id: 'CostItemCostsHidden' })) })
  .meta({ id: 'InstanceCostsHidden' });
/** A trip as a viewer gets it when its owner hides costs from viewers: every money field left out. */
export const hiddenTripAnswer = tripAnswer
  .pick(maskOf(HIDDEN_TRIP_FIELDS))
  .extend({ ...sharingFields, costs_hidden: z.literal(true), instances: z.array(hiddenInstanceAnswer) })
  .meta({ id: 'TripCostsHidden' });
/** Any answer about a trip to a reader: whole, or without its costs (costs_hidden). */
export const tripReadAnswer = z.union([tripAnswer, hiddenTripAnswer]);

export const tripListAnswer = z.array(tripReadAnswer);

/**
 * A trip as its card shows it (?view=summary); the rule is tripSummary in @tripcost/shared/domain.
 * The usual marks are left out (issue 30: 200 cards under 100 kB): a reader takes an absent mark as its default.
 */
export const tripSummaryAnswer = z
  .object({
    _id: z.string(),
    location_address: z.string(),
    image_url: z.string(),
    isFavorite: z.boolean().optional().describe('absent: false (not a favourite)'),
    trip_start: calendarDate,
    trip_end: calendarDate,
    created_at: z.string(),
    travelers: z.number().int().min(1).max(50),
    budget: money.optional().describe('absent: no budget'),
    currency: z.string().describe('ISO 4217: the currency of every figure here'),
    total_cost: money,
    per_person: money,
    committed: z.boolean().describe('a window is committed'),
    windows: z.number().int().describe('how many date windows the trip has'),
    earliest_start: calendarDate.describe('the earliest start among the trip and its windows; null when none'),
    cheapest_total: money
      .nullable()
      .describe(
        'the cheapest window’s total (comparison.cheapestInstanceId’s); null when no window is compared (none, or every one eliminated or with dates to fix)',
      ),
    cheapest_start: z
      .string()
      .optional()
      .describe(
        'the cheapest window’s first day, YYYY-MM-DD; absent when there is none, it is undated or a window is committed',
      ),
    cheapest_end: z
      .string()
      .optional()
      .describe(
        'the cheapest window’s last day, YYYY-MM-DD; absent when there is none, it is undated or a window is committed',
      ),
    to_pay: money
      .optional()
      .describe('still to pay for the committed window’s itemised costs; absent without a committed window with items'),
    stale_prices: z
      .boolean()
      .optional()
      .describe('the committed (else the cheapest) window’s total rests on a price seen long ago; absent: false'),
    role: z
      .enum(['editor', 'viewer'])
      .optional()
      .describe('the caller’s role on a trip shared with them; absent: owner (the caller’s own trip)'),
    owner_name: z.string().optional().describe('whose trip it is; only with role (a trip shared with the caller)'),
    costs_hidden: z.literal(false).optional().describe('absent: false (this card carries its costs)'),
  })
  .meta({ id: 'TripSummary' });
/** A card of a trip whose costs are hidden from the caller (a viewer): no total, budget, share or to-pay. */
export const hiddenTripSummaryAnswer = tripSummaryAnswer
  .pick(maskOf(HIDDEN_SUMMARY_FIELDS))
  .extend({ role: sharingFields.role, owner_name: z.string(), costs_hidden: z.literal(true) })
  .meta({ id: 'TripSummaryCostsHidden' });
/** The list answer: whole trips, or summaries with ?view=summary. */
export const tripListOrSummariesAnswer = z.union([
  tripListAnswer,
  z.array(z.union([tripSummaryAnswer, hiddenTripSummaryAnswer])),
]);
export const instanceWithTripAnswer = z
  .object({ trip: tripAnswer, instance: instanceAnswer })
  .meta({ id: 'InstanceWithTrip' });
/** One window to a reader: without its costs when they are hidden from the caller. */
export const instanceReadAnswer = z.union([
  instanceWithTripAnswer,
  z.object({ trip: hiddenTripAnswer, instance: hiddenInstanceAnswer }).meta({ id: 'InstanceWithTripCostsHidden' }),
]);

export const messageAnswer = z.object({ msg: z.string() }).meta({ id: 'Message' });
/** Money and days as every answer writes them, for the answers other capabilities declare. */
export { money as moneyAnswer, day as dayAnswer };

// Every field of the views is declared above and nothing more: a field added to the
// trip or instance view without being declared here fails the type-check.
export type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;
export const TRIP_ANSWER_COMPLETE: SameKeys<SharedTripView, z.infer<typeof tripAnswer>> = true;
export const HIDDEN_TRIP_ANSWER_COMPLETE: SameKeys<HiddenTripView, z.infer<typeof hiddenTripAnswer>> = true;
export const HIDDEN_INSTANCE_ANSWER_COMPLETE: SameKeys<HiddenInstanceView, z.infer<typeof hiddenInstanceAnswer>> = true;
export const ITEM_ANSWER_COMPLETE: SameKeys<Required<CostItem>, z.infer<typeof itemAnswer>> = true;
export const INSTANCE_ANSWER_COMPLETE: SameKeys<VotedInstanceView, z.infer<typeof instanceAnswer>> = true;
