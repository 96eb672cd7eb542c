// Request schemas of who pays what (issue 40): the people a PUT replaces, a window's
// presence, an item's payer and split, a payment. They validate shapes and limits and
// drop unknown fields; the rules that need the stored trip (known people, an exact split
// adding up, presence within the window) are the domain's (people-changes.ts).
import {
  isCurrencyCode,
  isFxRate,
  MAX_CURRENCY_DIGITS,
  MAX_MONEY,
  MAX_PEOPLE,
  MAX_PERSON_NAME,
  MAX_SHARE_WEIGHT,
  objectIdSchema,
  roundMoney,
  travelDaySchema,
} from '@tripcost/shared';
import { z } from 'zod';
import { MAX_PAYMENT_NOTE } from '../domain/payments';

const personId = (label: string) => objectIdSchema(label);
const currency = z
  .string({ message: 'The currency must be an ISO 4217 code such as USD.' })
  .trim()
  .toUpperCase()
  .refine(isCurrencyCode, { message: 'The currency must be an ISO 4217 code such as USD.' });

export const personInput = z.object(
  {
    _id: personId('person id').optional().describe('a stored person’s id; absent: a new person'),
    name: z
      .string({ message: 'A person’s name must be text.' })
      .trim()
      .min(1, { message: 'A person’s name must be 1 to 60 characters.' })
      .max(MAX_PERSON_NAME, { message: `A person’s name must be 1 to ${MAX_PERSON_NAME} characters.` }),
    user_id: objectIdSchema('user_id').nullable().optional().describe('a member’s account; absent or null: none'),
    settle_currency: currency
      .nullable()
      .optional()
      .describe('the currency their balance is also shown in; its rate is frozen now (null: the trip’s)'),
  },
  { message: 'Each person must be { _id?, name, user_id?, settle_currency? }.' },
);

export const peopleInput = z
  .array(personInput, { message: 'people must be a list.' })
  .max(MAX_PEOPLE, { message: `A trip names at most ${MAX_PEOPLE} people.` })
  .describe(
    'owner or editor: replaces the list (entries with an _id keep it, others are added, omitted ones removed; 409 when one left out is named by an item or a payment); travelers becomes their count',
  );

export const presenceInput = z
  .record(
    personId('A presence’s person id'),
    z.object(
      { from: travelDaySchema('A presence’s start'), to: travelDaySchema('A presence’s end') },
      { message: 'Each presence must be { from, to }.' },
    ),
    { message: 'presence must be { [personId]: { from, to } }.' },
  )
  .refine((value) => Object.keys(value).length <= MAX_PEOPLE, {
    message: `presence names at most ${MAX_PEOPLE} people.`,
  })
  .describe('who is there when within the window’s dates (default: all of it); changes the split, never the total');

const weight = z
  .number({ message: 'Each share must be a number above 0.' })
  .finite({ message: 'Each share must be a number above 0.' })
  .positive({ message: 'Each share must be a number above 0.' })
  .max(MAX_SHARE_WEIGHT, { message: `Each share must be at most ${MAX_SHARE_WEIGHT.toLocaleString('en-US')}.` });
const exactAmount = z
  .number({ message: 'Each exact amount must be a number from 0 to 1,000,000,000.' })
  .finite({ message: 'Each exact amount must be a number from 0 to 1,000,000,000.' })
  .min(0, { message: 'Each exact amount must be a number from 0 to 1,000,000,000.' })
  .max(MAX_MONEY, { message: 'Each exact amount must be a number from 0 to 1,000,000,000.' })
  .transform((amount) => roundMoney(amount, MAX_CURRENCY_DIGITS));
const byPerson = <T extends z.ZodType>(value: T, what: string) =>
  z
    .record(personId(`A ${what}’s person id`), value, { message: `${what} must be { [personId]: number }.` })
    .refine((entries) => Object.keys(entries).length <= MAX_PEOPLE, {
      message: `A split names at most ${MAX_PEOPLE} people.`,
    });

export const splitInput = z
  .discriminatedUnion(
    'kind',
    [
      z.object({
        kind: z.literal('equal'),
        among: z
          .array(personId('A person id in among'), { message: 'among must be a list of person ids.' })
          .max(MAX_PEOPLE, { message: `among names at most ${MAX_PEOPLE} people.` })
          .optional(),
      }),
      z.object({ kind: z.literal('shares'), shares: byPerson(weight, 'shares') }),
      z.object({ kind: z.literal('exact'), amounts: byPerson(exactAmount, 'amounts') }),
      z.object({ kind: z.literal('nights') }),
    ],
    { message: 'split.kind must be one of equal, shares, exact, nights.' },
  )
  .describe('how the item is split over the trip’s people; null: equally among everyone');

export const itemShareFields = {
  paid_by: personId('paid_by')
    .nullable()
    .describe('the person who paid it (sets paid); null: no one named (paid stays as sent)'),
  split: splitInput.nullable(),
};

export const paymentBody = z.object({
  from: personId('from').describe('the person paying'),
  to: personId('to').describe('the person paid'),
  amount: z
    .number({ message: 'The amount must be a number above 0 and at most 1,000,000,000.' })
    .finite({ message: 'The amount must be a number above 0 and at most 1,000,000,000.' })
    .positive({ message: 'The amount must be a number above 0 and at most 1,000,000,000.' })
    .max(MAX_MONEY, { message: 'The amount must be a number above 0 and at most 1,000,000,000.' }),
  currency: currency.optional().describe('ISO 4217; the trip’s when absent'),
  paid_on: travelDaySchema('paid_on').describe('YYYY-MM-DD: the day it was paid'),
  note: z
    .string({ message: 'The note must be text.' })
    .trim()
    .max(MAX_PAYMENT_NOTE, { message: `The note must be at most ${MAX_PAYMENT_NOTE} characters.` })
    .optional(),
  fx: z
    .object(
      {
        rate: z
          .number({ message: 'The exchange rate must be a number above 0 and at most 1,000,000,000.' })
          .refine(isFxRate, { message: 'The exchange rate must be a number above 0 and at most 1,000,000,000.' }),
      },
      { message: 'fx must be { rate } or null.' },
    )
    .nullable()
    .optional()
    .describe('your own rate (trip-currency units per one unit of currency); absent: today’s published one'),
});

export const balancesQuery = z.object({
  instance: objectIdSchema('instance').optional().describe('a window’s id; absent: the committed window'),
});

export const limitBody = z.object({
  max: z
    .number({ message: 'max must be an amount in the trip’s currency, or null for no limit.' })
    .finite({ message: 'max must be an amount in the trip’s currency, or null for no limit.' })
    .min(0, { message: 'max must be an amount from 0 in the trip’s currency, or null for no limit.' })
    .max(MAX_MONEY, { message: 'max must be at most 1,000,000,000, or null for no limit.' })
    .nullable()
    .describe('the most your own share of a window may be, in the trip’s currency; null: no limit'),
});
