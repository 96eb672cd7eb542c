// Session calls of docs/product.md §7 "User".
import { api } from '../../lib/api';
import type { User } from '../../lib/types';

export interface RegisterBody {
  fname: string;
  lname: string;
  email: string;
  password: string;
  birthday: string;
  city: string;
  state: string;
  zip: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<{ accesstoken: string }, { email: string; password: string }>({
      query: (body) => ({ url: '/user/login', method: 'POST', body }),
    }),
    register: build.mutation<{ msg: string }, RegisterBody>({
      query: (body) => ({ url: '/user/register', method: 'POST', body }),
    }),
    logout: build.mutation<{ msg?: string }, void>({
      query: () => ({ url: '/user/logout', method: 'GET' }),
    }),
    getUserInfo: build.query<User, void>({
      query: () => '/user/infor',
      providesTags: ['User'],
    }),
  }),
});

export const { useLoginMutation, useRegisterMutation, useLogoutMutation } = authApi;
