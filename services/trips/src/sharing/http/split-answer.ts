// How a cost item is shared among the trip's people, as answers show it (issue 40, shares/):
// apart from answers.ts only to keep each file readable.
import { z } from 'zod';

export const splitAnswer = z
  .union([
    z.object({
      kind: z.literal('equal'),
      among: z.array(z.string()).optional().describe('person ids; absent: everyone'),
    }),
    z.object({
      kind: z.literal('shares'),
      shares: z.record(z.string(), z.number()).describe('positive weights by person id'),
    }),
    z.object({
      kind: z.literal('exact'),
      amounts: z
        .record(z.string(), z.number())
        .describe('by person id, in the item’s currency; they add up to the item’s cost when set'),
    }),
    z.object({ kind: z.literal('nights').describe('by the nights each person is there (presence)') }),
  ])
  .meta({ id: 'Split' });
