// What the routes that change a trip's windows and items answer, as zod schemas built on
// the trip and window as a reader sees them (sharing's answers.ts).
import { z } from 'zod';
import { STALE_AFTER_DAYS } from '../../costs';
import { dayAnswer as day, instanceAnswer, itemAnswer, moneyAnswer as money, tripAnswer } from '../../sharing';

/** An item change: the item, and its window and trip with every total derived again. */
export const itemChangedAnswer = z
  .object({ item: itemAnswer, instance: instanceAnswer, trip: tripAnswer })
  .meta({ id: 'CostItemChange' });
/** An added item: also the items made from the window's plain amounts when it was itemised ([] otherwise). */
export const itemAddedAnswer = z
  .object({
    item: itemAnswer,
    instance: instanceAnswer,
    trip: tripAnswer,
    itemised_from_amounts: z
      .array(itemAnswer)
      .describe(
        'the first item of a window with plain amounts: each non-zero amount became an item of basis total, so no figure was dropped; [] otherwise',
      ),
  })
  .meta({ id: 'CostItemAdded' });
/**
 * The commit answer: the trip's fields and the same trip under `trip`, so a client
 * reading either shape of "returns trip (with instances)" works (ADR 0023).
 */
export const commitAnswer = tripAnswer.extend({ trip: tripAnswer }).meta({ id: 'CommitAnswer' });
const flexCellAnswer = z
  .object({
    start: day,
    end: day,
    nights: z.number().int(),
    total_cost: money,
    per_person: money,
    delta_vs_window: money.describe('the cell’s total − the window’s total'),
    estimated: z
      .boolean()
      .describe('an item falls back to a price not given for these dates (or the window has no items)'),
    stale: z.boolean().describe(`a price in use was seen more than ${STALE_AFTER_DAYS} days ago`),
  })
  .meta({ id: 'FlexCell' });
export const flexAnswer = z
  .object({
    instance_id: z.string(),
    currency: z.string().describe('ISO 4217: the trip’s currency, that every cell’s money is in'),
    from: day,
    to: day,
    minNights: z.number().int(),
    maxNights: z.number().int(),
    cells: z.array(flexCellAnswer).describe('in start, then nights order'),
    cheapest: z.object({
      overall: flexCellAnswer.nullable(),
      per_length: z.array(flexCellAnswer).describe('the cheapest cell of each length, fewest nights first'),
    }),
  })
  .meta({ id: 'FlexGrid' });
const windowRepriceAnswer = z
  .object({
    instance_id: z.string(),
    fx_effect_before: money,
    fx_effect_after: money,
    total_cost_before: money,
    total_cost_after: money,
  })
  .meta({ id: 'WindowReprice' });
export const repriceAnswer = z
  .object({
    trip: tripAnswer,
    windows: z.array(windowRepriceAnswer).describe('each re-priced window (one for a window’s re-price)'),
    fx_effect_before: money.describe('the trip’s fx_effect (its plan’s) before'),
    fx_effect_after: money,
  })
  .meta({ id: 'RepriceAnswer' });
export const instanceDeletedAnswer = z.object({ msg: z.string(), trip: tripAnswer });
