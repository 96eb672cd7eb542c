// Profiles (docs/product.md §7): anyone logged in may read the public part of one; only the
// owner sees and changes it all. The owner may also download their data or delete
// their account.
import { api } from '../../lib/api';
import type { Body, Message, Profile, ProfileAnswer } from '../../lib/types';

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<ProfileAnswer, string>({
      query: (id) => `/user/profile/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Profile', id }],
    }),
    updateProfile: build.mutation<Profile, { id: string; body: Body<'/api/user/profile/{id}', 'put'> }>({
      query: ({ id, body }) => ({ url: `/user/profile/${encodeURIComponent(id)}`, method: 'PUT', body }),
      // The signed-in user (GET /user/infor) carries the name the header shows and the
      // country money fields read amounts by: asked again once the profile changed.
      invalidatesTags: (answer) => (answer ? ['User'] : []),
      async onQueryStarted({ id }, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data && typeof data === 'object' && 'fname' in data) {
            dispatch(profileApi.util.upsertQueryData('getProfile', id, data));
          }
        } catch {
          // The page shows the failure.
        }
      },
    }),
    /** The export as text, exactly as the server wrote it, ready to be saved as a file. */
    exportMyData: build.mutation<string, void>({
      query: () => ({ url: '/user/me/export', responseHandler: 'text' }),
    }),
    // The route's 200 declares no schema (services/auth); it answers the generated Message.
    deleteAccount: build.mutation<Message, Body<'/api/user/me', 'delete'>>({
      query: (body) => ({ url: '/user/me', method: 'DELETE', body }),
    }),
  }),
});

export const { useGetProfileQuery, useUpdateProfileMutation, useExportMyDataMutation, useDeleteAccountMutation } =
  profileApi;
