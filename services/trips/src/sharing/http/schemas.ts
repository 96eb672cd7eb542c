// Request schemas of sharing's routes: the list's paging and view, invitations, members.
import { objectIdSchema, queryIntegerSchema } from '@tripcost/shared';
import { z } from 'zod';
import { MAX_TRIPS_PER_PAGE, MEMBER_ROLES, tripParams } from '../../trip';

export const listQuery = z.object({
  email: z.string({ message: 'The email must be a single value.' }).max(254).optional(),
  limit: queryIntegerSchema(
    `The limit must be a whole number from 1 to ${MAX_TRIPS_PER_PAGE}.`,
    1,
    MAX_TRIPS_PER_PAGE,
  ).default(MAX_TRIPS_PER_PAGE),
  offset: queryIntegerSchema('The offset must be a whole number from 0 to 1,000,000.', 0, 1_000_000).default(0),
  view: z
    .enum(['full', 'summary'], { message: 'The view must be full or summary.' })
    .default('full')
    .describe('summary: each trip as its card shows it (TripSummary); full (default): the whole trip'),
});

const memberRole = z.enum(MEMBER_ROLES, { message: 'role must be editor or viewer.' });
export const inviteBody = z.object({ role: memberRole });
export const roleBody = z.object({ role: memberRole });
export const inviteParams = tripParams.extend({ inviteId: objectIdSchema('invitation id') });
export const memberParams = tripParams.extend({ userId: objectIdSchema('user id') });
/** A token as links carry it (43 base64url characters); anything else is not one of ours. */
export const inviteTokenParams = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { message: 'This invitation link is not valid.' }),
});
