// Request schemas of a trip and its windows: they validate, normalise (dates to UTC
// midnight, money to cents) and drop unknown fields, and they document the routes. The
// items' are in item-schemas.ts, the shared path parameters in trip/http/params.ts.
import {
  calendarDateSchema,
  isCurrencyCode,
  isFxRate,
  MAX_CURRENCY_DIGITS,
  MAX_FX_RATE,
  moneySchema,
  objectIdSchema,
  parseMoney,
  queryDateSchema,
  queryIntegerSchema,
  roundMoney,
  travelDaySchema,
} from '@tripcost/shared';
import { z } from 'zod';
import { BUDGET_BASES, flexRangeProblem, INSTANCE_STATUSES, MAX_FLEX_NIGHTS, MAX_ORIGIN_LENGTH } from '../../costs';
import { peopleInput, presenceInput } from '../../shares';
import {
  MAX_ACTIVITIES,
  MAX_ACTIVITY_LENGTH,
  MAX_ADDRESS_LENGTH,
  MAX_INSTANCES_PER_TRIP,
  MAX_LABEL_LENGTH,
  MAX_NOTES_LENGTH,
  MAX_TRAVELERS,
} from '../../trip';
import { BUDGET_MESSAGE, END_BEFORE_START, TRAVELERS_MESSAGE } from '../domain/change-checks';

export { END_BEFORE_START };
const MAX_URL_LENGTH = 2048;

/**
 * Images are shown in <img> tags, so only our own kinds of link are kept: relative
 * paths such as `/api/places-pics?photoreference=…` or `/placeholder-trip.svg`, and
 * https URLs. No plain http (mixed content, and a way to point <img> at anything),
 * protocol-relative `//host`, backslashes, whitespace, `javascript:` or `data:`.
 */
export function isAllowedImageUrl(value: string): boolean {
  if (value === '') return true;
  if (/[\s\\]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value);
    return url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * A `data:` URL is what clients written against the original API send as their
 * built-in placeholder image: it is accepted and stored as "no image" ('', the web
 * app then shows its default image), never stored and never rejected, whatever its
 * length (the spec's placeholder is a long base64 string).
 */
export const isDataUrl = (value: string): boolean => /^\s*data:/i.test(value);

const imageUrl = z
  .string({ message: 'The image URL must be a string.' })
  .transform((value) => (isDataUrl(value) ? '' : value))
  .pipe(
    z
      .string()
      .trim()
      .max(MAX_URL_LENGTH, { message: `The image URL must be at most ${MAX_URL_LENGTH} characters.` })
      .refine(isAllowedImageUrl, { message: 'The image URL must be a relative path or an https URL.' }),
  );

const budgetBasis = z.enum(BUDGET_BASES, {
  message: `The budget basis must be one of ${BUDGET_BASES.join(', ')}.`,
});

const travelers = z
  .number({ message: TRAVELERS_MESSAGE })
  .int({ message: TRAVELERS_MESSAGE })
  .min(1, { message: TRAVELERS_MESSAGE })
  .max(MAX_TRAVELERS, { message: TRAVELERS_MESSAGE });

/** Money, or null (or '') for no budget. */
const budget = z.union([z.number(), z.string(), z.null()], { message: BUDGET_MESSAGE }).transform((value, ctx) => {
  if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
  const amount = parseMoney(value, MAX_CURRENCY_DIGITS);
  if (amount === null) {
    ctx.addIssue({ code: 'custom', message: BUDGET_MESSAGE });
    return z.NEVER;
  }
  return amount;
});

/**
 * An ISO 4217 code (any case, kept upper case). Amounts are kept to 4 decimals here and
 * rounded to their currency's minor unit by the domain, once the currency is known.
 */
export const currencySchema = z
  .string({ message: 'The currency must be an ISO 4217 code such as USD.' })
  .trim()
  .toUpperCase()
  .refine(isCurrencyCode, { message: 'The currency must be an ISO 4217 code such as USD.' });

/** An amount kept to the most digits any currency has; the domain rounds it to its currency's. */
export const roundToInputDigits = (amount: number) => roundMoney(amount, MAX_CURRENCY_DIGITS);

const RATE_MESSAGE = `The exchange rate must be a number above 0 and at most ${MAX_FX_RATE.toLocaleString('en-US')}.`;
/** The traveller's own rate for an item (trip-currency units per one item-currency unit); null: the published one. */
export const manualRate = z
  .object(
    { rate: z.number({ message: RATE_MESSAGE }).refine(isFxRate, { message: RATE_MESSAGE }) },
    { message: 'fx must be { rate } or null.' },
  )
  .nullable();

/** Where the travellers set off: a city or an airport, for flight searches ('' clears it). */
const origin = z
  .string({ message: 'The origin must be text.' })
  .trim()
  .max(MAX_ORIGIN_LENGTH, { message: `The origin must be at most ${MAX_ORIGIN_LENGTH} characters.` });

/** Text that must not be blank once trimmed, up to `max` characters; `label` starts each message. */
export const requiredText = (label: string, max: number) =>
  z
    .string({ message: `${label} is required.` })
    .trim()
    .min(1, { message: `${label} is required.` })
    .max(max, { message: `${label} must be at most ${max} characters.` });

/** A travel date in a body, kept as YYYY-MM-DD (the shared rule: docs/adr/0055). */
export const day = travelDaySchema;

export const createTripBody = z.object({
  currency: currencySchema.optional(),
  origin: origin.optional(),
  travelers: travelers.optional(),
  budget: budget.optional(),
  budget_basis: budgetBasis.optional(),
  location_address: requiredText('The location address', MAX_ADDRESS_LENGTH),
  trip_location: z
    .string({ message: 'The trip location must be a string.' })
    .trim()
    .max(MAX_ADDRESS_LENGTH, { message: `The trip location must be at most ${MAX_ADDRESS_LENGTH} characters.` })
    .optional(),
  place_id: z
    .string({ message: 'The place id must be a string.' })
    .trim()
    .max(300, { message: 'The place id must be at most 300 characters.' })
    .regex(/^[\w:-]*$/, { message: 'The place id may contain only letters, digits, :, - and _.' })
    .optional(),
  image_url: imageUrl.optional(),
});

const activities = z
  .array(
    z
      .string({ message: 'Each activity must be a string.' })
      .trim()
      .max(MAX_ACTIVITY_LENGTH, { message: `Each activity must be at most ${MAX_ACTIVITY_LENGTH} characters.` }),
    { message: 'Activities must be a list of strings.' },
  )
  .max(MAX_ACTIVITIES, { message: `A trip instance can have at most ${MAX_ACTIVITIES} activities.` });

const label = z
  .string({ message: 'The label must be text.' })
  .trim()
  .max(MAX_LABEL_LENGTH, { message: `The label must be at most ${MAX_LABEL_LENGTH} characters.` });
const notes = z
  .string({ message: 'The notes must be text.' })
  .trim()
  .max(MAX_NOTES_LENGTH, {
    message: `The notes must be at most ${MAX_NOTES_LENGTH.toLocaleString('en-US')} characters.`,
  });
const status = z.enum(INSTANCE_STATUSES, {
  message: `The status must be one of ${INSTANCE_STATUSES.join(', ')}.`,
});
const windowFields = { label: label.optional(), status: status.optional(), notes: notes.optional() };

const dateFields = {
  trip_start: calendarDateSchema('The start date'),
  trip_end: calendarDateSchema('The end date'),
};
const expenseFields = {
  stay_expense: moneySchema('The stay expense', MAX_CURRENCY_DIGITS),
  travel_expense: moneySchema('The travel expense', MAX_CURRENCY_DIGITS),
  car_expense: moneySchema('The car expense', MAX_CURRENCY_DIGITS),
  other_expense: moneySchema('The other expense', MAX_CURRENCY_DIGITS),
};

function endNotBeforeStart(value: { trip_start?: string | null; trip_end?: string | null }, ctx: z.RefinementCtx) {
  if (value.trip_start && value.trip_end && value.trip_end < value.trip_start) {
    ctx.addIssue({ code: 'custom', message: END_BEFORE_START, path: ['trip_end'] });
  }
}

// The shared date and money schemas map undefined to null/0, but zod 4 still treats
// an object key whose schema ends in a transform as required, so an absent key is
// given its default explicitly here.
export const createInstanceBody = z
  .object({
    trip_start: dateFields.trip_start.default(null),
    trip_end: dateFields.trip_end.default(null),
    stay_expense: expenseFields.stay_expense.default(0),
    travel_expense: expenseFields.travel_expense.default(0),
    car_expense: expenseFields.car_expense.default(0),
    other_expense: expenseFields.other_expense.default(0),
    activities: activities.optional(),
    ...windowFields,
  })
  .superRefine(endNotBeforeStart);

/** Every field optional: an edit changes only what it names (null clears a date). */
const optionalDatedExpenses = Object.fromEntries(
  Object.entries({ ...dateFields, ...expenseFields }).map(([name, schema]) => [name, schema.optional()]),
) as {
  [K in keyof typeof dateFields | keyof typeof expenseFields]: z.ZodOptional<
    (typeof dateFields & typeof expenseFields)[K]
  >;
};

const instanceEdit = z
  .object({
    _id: objectIdSchema('instance id'),
    ...optionalDatedExpenses,
    activities: activities.optional(),
    presence: presenceInput.optional(),
    ...windowFields,
  })
  .superRefine(endNotBeforeStart);

export const updateTripBody = z
  .object({
    isFavorite: z.boolean({ message: 'isFavorite must be true or false.' }).optional(),
    hide_costs_from_viewers: z
      .boolean({ message: 'hide_costs_from_viewers must be true or false.' })
      .optional()
      .describe('owner only: viewers get the trip without any money, link or confirmation code'),
    show_own_share: z
      .boolean({ message: 'show_own_share must be true or false.' })
      .optional()
      .describe('owner only: a viewer who cannot see costs still sees their own share, payments and balance'),
    people: peopleInput.optional(),
    currency: currencySchema
      .optional()
      .describe('a new trip currency converts the budget and plain expenses and re-prices every item at today’s rates'),
    origin: origin.optional(),
    travelers: travelers.optional(),
    budget: budget.optional(),
    budget_basis: budgetBasis.optional(),
    image_url: imageUrl.optional(),
    instances: z
      .array(instanceEdit, { message: 'Instances must be a list.' })
      .max(MAX_INSTANCES_PER_TRIP, { message: `A trip can hold at most ${MAX_INSTANCES_PER_TRIP} instances.` })
      .refine((list) => new Set(list.map((instance) => instance._id)).size === list.length, {
        message: 'Each instance may be listed once.',
      })
      .optional(),
    ...optionalDatedExpenses,
  })
  .superRefine(endNotBeforeStart);

export type UpdateTripBody = z.infer<typeof updateTripBody>;

export const MAX_SHIFT_DAYS = 365;
const SHIFT_MESSAGE = `shiftDays must be a whole number of days from -${MAX_SHIFT_DAYS} to ${MAX_SHIFT_DAYS}.`;
const NIGHTS_MESSAGE = `nights must be a whole number from 0 to ${MAX_SHIFT_DAYS}.`;
const DUPLICATE_FORMS = 'Send either shiftDays, or start and nights (a flex grid cell), not both.';
/** Either the dates moved by shiftDays, or a new start and length (a cell of the flex grid). */
export const duplicateBody = z
  .object({
    shiftDays: z
      .number({ message: SHIFT_MESSAGE })
      .int({ message: SHIFT_MESSAGE })
      .min(-MAX_SHIFT_DAYS, { message: SHIFT_MESSAGE })
      .max(MAX_SHIFT_DAYS, { message: SHIFT_MESSAGE })
      .optional(),
    start: day('The start date').optional(),
    nights: z
      .number({ message: NIGHTS_MESSAGE })
      .int({ message: NIGHTS_MESSAGE })
      .min(0, { message: NIGHTS_MESSAGE })
      .max(MAX_SHIFT_DAYS, { message: NIGHTS_MESSAGE })
      .optional(),
  })
  .transform((body, ctx) => {
    const cell = body.start !== undefined || body.nights !== undefined;
    if (body.shiftDays !== undefined && !cell) return { shiftDays: body.shiftDays };
    if (body.shiftDays === undefined && body.start !== undefined && body.nights !== undefined) {
      return { start: body.start, nights: body.nights };
    }
    ctx.addIssue({ code: 'custom', message: body.shiftDays === undefined && !cell ? SHIFT_MESSAGE : DUPLICATE_FORMS });
    return z.NEVER;
  });

const LENGTHS_MESSAGE = `minNights and maxNights must be whole numbers from 1 to ${MAX_FLEX_NIGHTS}.`;
const nightsParam = queryIntegerSchema(LENGTHS_MESSAGE, 1, MAX_FLEX_NIGHTS);
/** The flex grid's range: start dates from…to (at most 62), lengths minNights…maxNights (at most 14). */
export const flexQuery = z
  .object({
    from: queryDateSchema('from'),
    to: queryDateSchema('to'),
    minNights: nightsParam,
    maxNights: nightsParam,
  })
  .superRefine((range, ctx) => {
    const problem = flexRangeProblem(range);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
