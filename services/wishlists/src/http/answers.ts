// What the wishlist API answers, as zod schemas that document the responses (and from
// which the web app's API types are generated). They mirror presenters.ts. A schema
// named with `.meta({ id })` is one component of the document.
import { z } from 'zod';

export const wishlistTripAnswer = z
  .object({
    _id: z.string(),
    image_url: z.string(),
    location_address: z.string(),
    trip_start: z.string().nullable(),
    trip_end: z.string().nullable(),
    total_cost: z
      .number()
      .optional()
      .describe('in `currency`, the trip’s; absent when its costs are hidden from the caller (costs_hidden)'),
    costs_hidden: z
      .literal(true)
      .optional()
      .describe('the caller is a viewer of a shared trip whose owner hides costs: the preview has no total'),
    available: z
      .literal(false)
      .optional()
      .describe(
        'the caller no longer has access to the trip (removed or left): the entry keeps the place and photo as they last saw them, no money and no later change; they can remove it',
      ),
    currency: z.string().describe('ISO 4217 code of total_cost: previews in different currencies are never added up'),
  })
  .meta({ id: 'WishlistTrip' });

export const wishlistAnswer = z
  .object({
    _id: z.string(),
    list_name: z.string(),
    email: z.string(),
    trips: z.array(wishlistTripAnswer),
  })
  .meta({ id: 'Wishlist' });

export const wishlistListAnswer = z.array(wishlistAnswer);
export const wishlistTripsAnswer = z.object({ trips: z.array(wishlistTripAnswer) });
export const messageAnswer = z.object({ msg: z.string() }).meta({ id: 'Message' });
