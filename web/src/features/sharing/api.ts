// Planning together (docs/product.md §6 "Planning together"): what every trip page of a
// member needs — votes and leaving. The owner's Share dialog (shareApi.ts) and the join
// page (joinApi.ts) have their own calls, in their own chunks. The server decides every
// rule; these calls only ask and show its answer.
import { api } from '../../lib/api';
import { senderOf, sendOrKeep } from '../saving';
import type { Instance, InstanceWithTrip, Message, Trip, TripCostsHidden, VoteValue } from '../../lib/types';

export const trip = (tripId: string) => `/trips/getaway/${encodeURIComponent(tripId)}`;
/** What a change to the trip's members or votes makes stale: the trip and the lists. */
export const tripTags = (tripId: string) => [
  { type: 'Trip' as const, id: tripId },
  { type: 'Trip' as const, id: 'LIST' },
];

/** A window with the caller's vote changed, counted as the server would count it. */
function withVote(window: Instance, vote: VoteValue | null, members: number): Instance {
  const votes = { ...window.votes };
  if (votes.mine) votes[votes.mine] -= 1;
  if (vote) votes[vote] += 1;
  votes.mine = vote;
  return { ...window, votes, works_for_everyone: members > 0 && votes.yes === members };
}

export const sharingApi = api.injectEndpoints({
  endpoints: (build) => ({
    leaveTrip: build.mutation<Message, string>({
      query: (tripId) => ({ url: `${trip(tripId)}/members/me`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, tripId) => tripTags(tripId),
    }),
    // Kept offline and shown at once (ADR 0038). A vote has no version: the last one cast wins.
    vote: build.mutation<InstanceWithTrip, { tripId: string; instanceId: string; vote: VoteValue | null }>({
      queryFn: ({ tripId, instanceId, vote }, queryApi, _extra, baseQuery) =>
        sendOrKeep(
          senderOf(queryApi, baseQuery),
          tripId,
          {
            url: `${trip(tripId)}/instances/${encodeURIComponent(instanceId)}/vote`,
            method: vote === null ? 'DELETE' : 'PUT',
            ...(vote === null ? {} : { body: { vote } }),
          },
          {
            show: (shown) => ({
              ...shown,
              instances: shown.instances.map((w) =>
                w._id === instanceId ? withVote(w, vote, shown.members.length) : w,
              ),
            }),
            answer: (shown) => ({ trip: shown, instance: shown.instances.find((w) => w._id === instanceId)! }),
          },
        ),
      invalidatesTags: (_r, _e, { tripId }) => tripTags(tripId),
    }),
  }),
});

export const { useLeaveTripMutation, useVoteMutation } = sharingApi;

/** A trip answer without its costs (a viewer of a trip whose owner hides them). */
export const costsHidden = (answer: Trip | TripCostsHidden): answer is TripCostsHidden => answer.costs_hidden === true;
