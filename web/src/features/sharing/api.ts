// Planning together (docs/product.md §6 "Planning together"): what every trip page of a
// member needs — votes and leaving. The owner's Share dialog (shareApi.ts) and the join
// page (joinApi.ts) have their own calls, in their own chunks. The server decides every
// rule; these calls only ask and show its answer.
import { api } from '../../lib/api';
import type { InstanceWithTrip, Message, Trip, TripCostsHidden, VoteValue } from '../../lib/types';

export const trip = (tripId: string) => `/trips/getaway/${encodeURIComponent(tripId)}`;
/** What a change to the trip's members or votes makes stale: the trip and the lists. */
export const tripTags = (tripId: string) => [
  { type: 'Trip' as const, id: tripId },
  { type: 'Trip' as const, id: 'LIST' },
];

export const sharingApi = api.injectEndpoints({
  endpoints: (build) => ({
    leaveTrip: build.mutation<Message, string>({
      query: (tripId) => ({ url: `${trip(tripId)}/members/me`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, tripId) => tripTags(tripId),
    }),
    vote: build.mutation<InstanceWithTrip, { tripId: string; instanceId: string; vote: VoteValue | null }>({
      query: ({ tripId, instanceId, vote }) => ({
        url: `${trip(tripId)}/instances/${encodeURIComponent(instanceId)}/vote`,
        method: vote === null ? 'DELETE' : 'PUT',
        ...(vote === null ? {} : { body: { vote } }),
      }),
      invalidatesTags: (_r, _e, { tripId }) => tripTags(tripId),
    }),
  }),
});

export const { useLeaveTripMutation, useVoteMutation } = sharingApi;

/** A trip answer without its costs (a viewer of a trip whose owner hides them). */
export const costsHidden = (answer: Trip | TripCostsHidden): answer is TripCostsHidden => answer.costs_hidden === true;
