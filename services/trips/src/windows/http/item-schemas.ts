// Request schemas of a window's cost items: they validate and normalise (money to the
// most digits any currency has, days as YYYY-MM-DD) and drop unknown fields.
import { MAX_MONEY, MAX_QUOTES, MAX_SEASONS } from '@tripcost/shared';
import { z } from 'zod';
import { COST_BASES, COST_CATEGORIES, MAX_CONFIRMATION, MAX_ITEM_LINK, MAX_ITEM_NAME } from '../../costs';
import { ESTIMATE_CHOICES } from '../domain/item-changes';
import { itemShareFields } from '../../shares';
import { currencySchema, day, manualRate, requiredText, roundToInputDigits } from './schemas';

/** A booking link opens in a new tab: https only, nothing that runs script or hides a host. */
export function isAllowedItemLink(value: string): boolean {
  if (value === '') return true;
  if (/[\s\\]/.test(value)) return false;
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

const itemMoney = (label: string) => {
  const message = `${label} must be a number from 0 to 1,000,000,000.`;
  return z
    .number({ message })
    .finite({ message })
    .min(0, { message })
    .max(MAX_MONEY, { message })
    .transform(roundToInputDigits);
};

const itemFields = {
  category: z.enum(COST_CATEGORIES, { message: `The category must be one of ${COST_CATEGORIES.join(', ')}.` }),
  name: requiredText('The item name', MAX_ITEM_NAME),
  amount: z
    .number({ message: 'The amount must be a number from 0 to 1,000,000,000.' })
    .finite({ message: 'The amount must be a number from 0 to 1,000,000,000.' })
    .min(0, { message: 'The amount must be a number from 0 to 1,000,000,000.' })
    .max(MAX_MONEY, { message: 'The amount must be a number from 0 to 1,000,000,000.' })
    .transform(roundToInputDigits),
  basis: z.enum(COST_BASES, { message: `The basis must be one of ${COST_BASES.join(', ')}.` }),
  booked: z.boolean({ message: 'booked must be true or false.' }),
  paid: z.boolean({ message: 'paid must be true or false.' }),
  link: z
    .string({ message: 'The link must be text.' })
    .trim()
    .max(MAX_ITEM_LINK, { message: `The link must be at most ${MAX_ITEM_LINK} characters.` })
    .refine(isAllowedItemLink, { message: 'The link must be an https URL.' }),
  confirmation: z
    .string({ message: 'The confirmation must be text.' })
    .trim()
    .max(MAX_CONFIRMATION, { message: `The confirmation must be at most ${MAX_CONFIRMATION} characters.` }),
  weekend_amount: itemMoney('The weekend rate').nullable(),
  seasons: z
    .array(
      z.object(
        { from: day('A season’s start'), to: day('A season’s end'), amount: itemMoney('A season’s rate') },
        { message: 'Each season must be { from, to, amount }.' },
      ),
      { message: 'Seasons must be a list.' },
    )
    .max(MAX_SEASONS, { message: `An item can have at most ${MAX_SEASONS} seasons.` }),
  quotes: z
    .array(
      z.object(
        {
          start: day('A quote’s start'),
          end: day('A quote’s end'),
          amount: itemMoney('A quote’s amount'),
          captured_on: day('A quote’s captured_on').nullable().optional(),
        },
        { message: 'Each quote must be { start, end, amount, captured_on }.' },
      ),
      { message: 'Quotes must be a list.' },
    )
    .max(MAX_QUOTES, { message: `An item can have at most ${MAX_QUOTES} quotes.` }),
  captured_on: day('captured_on').nullable(),
  currency: currencySchema.describe('ISO 4217; the trip’s when absent on creation'),
  fx: manualRate.describe(
    'your own rate (trip-currency units per one item-currency unit, source "manual"); null or absent: today’s published rate',
  ),
  ...itemShareFields,
};

export const createItemBody = z.object({
  ...itemFields,
  basis: itemFields.basis.default('total'),
  booked: itemFields.booked.default(false),
  paid: itemFields.paid.default(false),
  link: itemFields.link.default(''),
  confirmation: itemFields.confirmation.default(''),
  weekend_amount: itemFields.weekend_amount.default(null),
  seasons: itemFields.seasons.default([]),
  quotes: itemFields.quotes.default([]),
  // Absent: the service sets today (the day the price is entered).
  captured_on: itemFields.captured_on.optional(),
  currency: itemFields.currency.optional(),
  fx: itemFields.fx.optional(),
  paid_by: itemFields.paid_by.optional(),
  split: itemFields.split.optional(),
  // Not an item field: how the first item of a window treats its category's typed amount (never stored).
  estimate: z
    .enum(ESTIMATE_CHOICES, { message: `estimate must be one of ${ESTIMATE_CHOICES.join(', ')}.` })
    .default('keep')
    .describe(
      'Only for the first item of a window that still has typed amounts (an estimate): "keep" (default) turns the amount typed for this item’s category into an item like the other amounts, so the category counts both; "replace" drops that amount, so the category’s cost is this item alone. Otherwise nothing changes.',
    ),
});

export const editItemBody = z
  .object(
    Object.fromEntries(Object.entries(itemFields).map(([name, schema]) => [name, schema.optional()])) as {
      [K in keyof typeof itemFields]: z.ZodOptional<(typeof itemFields)[K]>;
    },
  )
  .refine((fields) => Object.values(fields).some((value) => value !== undefined), {
    message: 'Name at least one field of the item to change.',
  });
