// Planning together (docs/product.md §6 "Planning together"): invitation links, members
// and votes. The server decides every rule; these calls only ask and show its answer.
import { api } from '../../lib/api';
import { sendOrKeep } from '../../lib/offline/changeQueue';
import type {
  Invite,
  InviteAccepted,
  InvitePreview,
  InstanceWithTrip,
  Message,
  NewInvite,
  Trip,
  TripCostsHidden,
  VoteValue,
  Instance,
} from '../../lib/types';

const trip = (tripId: string) => `/trips/getaway/${encodeURIComponent(tripId)}`;
const tripTags = (tripId: string) => [
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
    getInvites: build.query<Invite[], string>({
      query: (tripId) => `${trip(tripId)}/invites`,
      providesTags: (_r, _e, tripId) => [{ type: 'Trip', id: `invites:${tripId}` }],
    }),
    createInvite: build.mutation<NewInvite, { tripId: string; role: 'editor' | 'viewer' }>({
      query: ({ tripId, role }) => ({ url: `${trip(tripId)}/invites`, method: 'POST', body: { role } }),
      invalidatesTags: (_r, _e, { tripId }) => [{ type: 'Trip', id: `invites:${tripId}` }],
    }),
    revokeInvite: build.mutation<Message, { tripId: string; inviteId: string }>({
      query: ({ tripId, inviteId }) => ({
        url: `${trip(tripId)}/invites/${encodeURIComponent(inviteId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_r, _e, { tripId }) => [{ type: 'Trip', id: `invites:${tripId}` }],
    }),
    previewInvite: build.query<InvitePreview, string>({
      query: (token) => `/trips/invites/${encodeURIComponent(token)}`,
    }),
    acceptInvite: build.mutation<InviteAccepted, string>({
      query: (token) => ({ url: `/trips/invites/${encodeURIComponent(token)}/accept`, method: 'POST' }),
      invalidatesTags: [{ type: 'Trip', id: 'LIST' }],
    }),
    changeMemberRole: build.mutation<
      Trip | TripCostsHidden,
      { tripId: string; userId: string; role: 'editor' | 'viewer' }
    >({
      query: ({ tripId, userId, role }) => ({
        url: `${trip(tripId)}/members/${encodeURIComponent(userId)}`,
        method: 'PATCH',
        body: { role },
      }),
      invalidatesTags: (_r, _e, { tripId }) => tripTags(tripId),
    }),
    removeMember: build.mutation<Message, { tripId: string; userId: string }>({
      query: ({ tripId, userId }) => ({
        url: `${trip(tripId)}/members/${encodeURIComponent(userId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_r, _e, { tripId }) => tripTags(tripId),
    }),
    leaveTrip: build.mutation<Message, string>({
      query: (tripId) => ({ url: `${trip(tripId)}/members/me`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, tripId) => tripTags(tripId),
    }),
    setHideCosts: build.mutation<Trip, { tripId: string; hide: boolean }>({
      query: ({ tripId, hide }) => ({ url: trip(tripId), method: 'PUT', body: { hide_costs_from_viewers: hide } }),
      invalidatesTags: (_r, _e, { tripId }) => tripTags(tripId),
    }),
    // Kept offline and shown at once (ADR 0038). A vote has no version: the last one cast wins.
    vote: build.mutation<InstanceWithTrip, { tripId: string; instanceId: string; vote: VoteValue | null }>({
      queryFn: ({ tripId, instanceId, vote }, _api, _extra, baseQuery) =>
        sendOrKeep(
          baseQuery,
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

export const {
  useGetInvitesQuery,
  useCreateInviteMutation,
  useRevokeInviteMutation,
  usePreviewInviteQuery,
  useAcceptInviteMutation,
  useChangeMemberRoleMutation,
  useRemoveMemberMutation,
  useLeaveTripMutation,
  useSetHideCostsMutation,
  useVoteMutation,
} = sharingApi;

/** A trip answer without its costs (a viewer of a trip whose owner hides them). */
export const costsHidden = (answer: Trip | TripCostsHidden): answer is TripCostsHidden => answer.costs_hidden === true;
