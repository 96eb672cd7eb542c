// The join page's calls: what an invitation link offers, and joining with it.
import { api } from '../../lib/api';
import type { InviteAccepted, InvitePreview } from '../../lib/types';

export const joinApi = api.injectEndpoints({
  endpoints: (build) => ({
    previewInvite: build.query<InvitePreview, string>({
      query: (token) => `/trips/invites/${encodeURIComponent(token)}`,
    }),
    acceptInvite: build.mutation<InviteAccepted, string>({
      query: (token) => ({ url: `/trips/invites/${encodeURIComponent(token)}/accept`, method: 'POST' }),
      invalidatesTags: [{ type: 'Trip', id: 'LIST' }],
    }),
  }),
});

export const { usePreviewInviteQuery, useAcceptInviteMutation } = joinApi;
