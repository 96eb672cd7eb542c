// Profiles (docs/product.md §7): anyone logged in may read one; only the owner may change it.
import { api } from '../../lib/api';
import type { Profile } from '../../lib/types';

export const profileApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProfile: build.query<Profile, string>({
      query: (id) => `/user/profile/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Profile', id }],
    }),
    updateProfile: build.mutation<Profile, { id: string; body: Omit<Profile, '_id'> }>({
      query: ({ id, body }) => ({ url: `/user/profile/${encodeURIComponent(id)}`, method: 'PUT', body }),
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
  }),
});

export const { useGetProfileQuery, useUpdateProfileMutation } = profileApi;
