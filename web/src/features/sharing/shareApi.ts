// The owner's Share dialog's calls (invitations, members, the hide-costs switch): their
// own module, so only the dialog's chunk carries them. The server decides every rule.
import { api } from '../../lib/api';
import { newIdempotencyKey } from '../../lib/offline/changeQueue';
import type { Invite, Message, NewInvite, Trip, TripCostsHidden } from '../../lib/types';
import { trip, tripTags } from './api';

export const shareApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInvites: build.query<Invite[], string>({
      query: (tripId) => `${trip(tripId)}/invites`,
      providesTags: (_r, _e, tripId) => [{ type: 'Trip', id: `invites:${tripId}` }],
    }),
    /**
     * With an Idempotency-Key: sent again with the same key after a lost answer, it makes no
     * second invitation; that replay carries no token or url (token_shown: true), since the
     * server keeps only the token's hash.
     */
    createInvite: build.mutation<NewInvite, { tripId: string; role: 'editor' | 'viewer'; idempotencyKey?: string }>({
      query: ({ tripId, role, idempotencyKey = newIdempotencyKey() }) => ({
        url: `${trip(tripId)}/invites`,
        method: 'POST',
        body: { role },
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
      invalidatesTags: (_r, _e, { tripId }) => [{ type: 'Trip', id: `invites:${tripId}` }],
    }),
    revokeInvite: build.mutation<Message, { tripId: string; inviteId: string }>({
      query: ({ tripId, inviteId }) => ({
        url: `${trip(tripId)}/invites/${encodeURIComponent(inviteId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_r, _e, { tripId }) => [{ type: 'Trip', id: `invites:${tripId}` }],
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
    setHideCosts: build.mutation<Trip, { tripId: string; hide: boolean }>({
      query: ({ tripId, hide }) => ({ url: trip(tripId), method: 'PUT', body: { hide_costs_from_viewers: hide } }),
      invalidatesTags: (_r, _e, { tripId }) => tripTags(tripId),
    }),
  }),
});

export const {
  useGetInvitesQuery,
  useCreateInviteMutation,
  useRevokeInviteMutation,
  useChangeMemberRoleMutation,
  useRemoveMemberMutation,
  useSetHideCostsMutation,
} = shareApi;
