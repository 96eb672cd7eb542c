// Session calls of docs/product.md §7 "User".
import { api } from '../../lib/api';
import type { AccessToken, LoginBody, Message, RegisterBody, User } from '../../lib/types';

export type { RegisterBody };

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<AccessToken, LoginBody>({
      query: (body) => ({ url: '/user/login', method: 'POST', body }),
    }),
    register: build.mutation<Message, RegisterBody>({
      query: (body) => ({ url: '/user/register', method: 'POST', body }),
    }),
    logout: build.mutation<Message, void>({
      query: () => ({ url: '/user/logout', method: 'GET' }),
    }),
    getUserInfo: build.query<User, void>({
      query: () => '/user/infor',
      providesTags: ['User'],
    }),
  }),
});

export const { useLoginMutation, useRegisterMutation, useLogoutMutation } = authApi;
