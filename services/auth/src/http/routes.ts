// The docs/product.md §7 "User" calls. Handlers parse, call one use case, and shape the reply.
import { messageAnswer, profileAnswer, tokenAnswer, userAnswer } from './answers';
import { z } from 'zod';
import { defineRoute, describeRoutes, objectIdSchema, type RouteContext } from '@tripcost/shared';
import type { Accounts } from '../domain/accounts';
import { clearRefreshCookie, readRefreshToken, setRefreshCookie, type CookiePolicy } from './refresh-cookie';

// Shapes only: values must be text (never operator objects like {"$gt": ""});
// the rules and their messages live in domain/user-rules.ts.
const text = (label: string) =>
  z
    .string({ message: `${label} must be text.` })
    .max(1000, `${label} is too long.`)
    .nullish();

const profileFields = {
  fname: text('First name'),
  lname: text('Last name'),
  birthday: text('Date of birth'),
  city: text('City'),
  state: text('State'),
  zip: text('Zip code'),
};
const registerBody = z.object({ ...profileFields, email: text('Email'), password: text('Password') });
const loginBody = z.object({ email: text('Email'), password: text('Password') });
const profileBody = z.object(profileFields);
const profileParams = z.object({ id: objectIdSchema('user id') });

export function userRoutes(ctx: RouteContext, accounts: Accounts, cookies: CookiePolicy): void {
  defineRoute(ctx, {
    method: 'post',
    path: '/api/user/register',
    summary: 'Create an account (does not log in)',
    tags: ['user'],
    auth: 'none',
    body: registerBody,
    responses: {
      201: { description: 'Registered', schema: messageAnswer },
      400: 'A rule failed: {msg}',
      409: 'Email already registered',
    },
    handler: async ({ body }) => ({ status: 201, body: await accounts.register(body) }),
  });

  defineRoute(ctx, {
    method: 'post',
    path: '/api/user/login',
    summary: 'Log in: {accesstoken} and the refresh-token cookie',
    tags: ['user'],
    auth: 'none',
    body: loginBody,
    responses: {
      200: { description: 'Logged in', schema: tokenAnswer },
      400: 'Missing fields or wrong email or password',
      503: 'Sessions unavailable',
    },
    handler: async ({ body, res }) => {
      const grant = await accounts.login(body);
      setRefreshCookie(res, grant.refresh, cookies);
      return { body: { accesstoken: grant.accessToken } };
    },
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/user/refresh_token',
    summary: 'Rotate the refresh-token cookie and return a new {accesstoken}',
    tags: ['user'],
    auth: 'none',
    responses: {
      200: { description: 'A new access token', schema: tokenAnswer },
      401: 'No, expired, revoked or reused refresh token',
      503: 'Sessions unavailable',
    },
    handler: async ({ req, res }) => {
      try {
        const grant = await accounts.refresh(readRefreshToken(req));
        if (grant.refresh) setRefreshCookie(res, grant.refresh, cookies);
        return { body: { accesstoken: grant.accessToken } };
      } catch (error) {
        // A dead session's cookie is useless; drop it. Keep it when Redis was merely down.
        if ((error as { status?: number }).status === 401) clearRefreshCookie(res, cookies);
        throw error;
      }
    },
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/user/logout',
    summary: 'End the session of the refresh-token cookie and clear it',
    tags: ['user'],
    auth: 'none',
    responses: {
      200: { description: 'Logged out', schema: messageAnswer },
      503: 'Sessions unavailable (the cookie is kept so a retry can end the session)',
    },
    handler: async ({ req, res }) => {
      const body = await accounts.logout(readRefreshToken(req));
      clearRefreshCookie(res, cookies);
      return { body };
    },
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/user/infor',
    summary: 'The logged-in user: {_id, fname, lname, email, role}',
    tags: ['user'],
    auth: 'required',
    responses: { 200: { description: 'The user', schema: userAnswer }, 404: 'The user no longer exists' },
    handler: async ({ user }) => ({ body: await accounts.userInfo(user) }),
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/user/profile/:id',
    summary: "Any user's public profile",
    tags: ['user'],
    auth: 'required',
    params: profileParams,
    responses: { 200: { description: 'The profile', schema: profileAnswer }, 400: 'Malformed id', 404: 'No such user' },
    handler: async ({ params }) => ({ body: await accounts.profile(params.id) }),
  });

  defineRoute(ctx, {
    method: 'put',
    path: '/api/user/profile/:id',
    summary: 'Change your own profile (email, role and password cannot be changed here)',
    tags: ['user'],
    auth: 'required',
    params: profileParams,
    body: profileBody,
    responses: {
      200: { description: 'The updated profile', schema: profileAnswer },
      400: 'A rule failed: {msg}',
      403: 'Not your profile',
      404: 'No such user',
    },
    handler: async ({ user, params, body }) => ({ body: await accounts.updateProfile(user, params.id, body) }),
  });
}

/** This service's OpenAPI document from the route declarations alone (no store, no server). */
export const apiDocument = (): object =>
  describeRoutes('auth', (ctx) => userRoutes(ctx, {} as Accounts, {} as CookiePolicy));
