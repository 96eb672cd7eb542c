// The docs/product.md §7 "User" calls. Handlers parse, call one use case, and shape the reply.
import { messageAnswer, profileAnswer, tokenAnswer, userAnswer } from './answers';
import { z } from 'zod';
import { defineRoute, describeRoutes, objectIdSchema, type RouteContext } from '@tripcost/shared';
import type { Accounts } from '../domain/accounts';
import { AUTH_MESSAGES, RULE_MESSAGES } from '../domain/user-rules';
import { exportFileName, gatherExport, type UserDataSources } from '../domain/data-export';
import { clearRefreshCookie, readRefreshToken, setRefreshCookie, type CookiePolicy } from './refresh-cookie';

// Shapes only: values must be text (never operator objects like {"$gt": ""});
// the rules and their messages live in domain/user-rules.ts. The 1000-character cap
// only bounds the work on absurd input; past it the field's own limit is named all the
// same, so a traveller always learns what fits (nothing is ever cut to fit).
const text = (label: string, tooLong = `${label} is too long.`) =>
  z
    .string({ message: `${label} must be text.` })
    .max(1000, tooLong)
    .nullish();

const profileFields = {
  fname: text('First name', RULE_MESSAGES.firstNameLength),
  lname: text('Last name', RULE_MESSAGES.lastNameLength),
  birthday: text('Date of birth', RULE_MESSAGES.birthdayInvalid),
  city: text('City', RULE_MESSAGES.cityLength),
  // A US state or another country's region, a zip or a postal code: the longer limit of the two.
  state: text('State', AUTH_MESSAGES.stateOrRegionLength),
  zip: text('Zip code', AUTH_MESSAGES.zipOrPostalCodeLength),
  country: text('Country', RULE_MESSAGES.country),
  home_currency: text('Home currency', RULE_MESSAGES.homeCurrency).describe(
    'ISO 4217. Left out at registration: the country’s currency (USD where none is known). Left out on a change: the stored one is kept; a traveller without one who sets another country gets that country’s',
  ),
};
const registerBody = z.object({
  ...profileFields,
  email: text('Email', AUTH_MESSAGES.emailLength),
  password: text('Password', RULE_MESSAGES.passwordTooLong),
});
const loginBody = z.object({ email: text('Email'), password: text('Password') });
const profileBody = z.object(profileFields);
const profileParams = z.object({ id: objectIdSchema('user id') });
const deleteAccountBody = z.object({ password: text('Password') });

export function userRoutes(
  ctx: RouteContext,
  accounts: Accounts,
  cookies: CookiePolicy,
  exportSources: UserDataSources,
): void {
  sessionRoutes(ctx, accounts, cookies);
  profileReadRoutes(ctx, accounts);
  ownAccountRoutes(ctx, accounts, cookies, exportSources);
  profileUpdateRoute(ctx, accounts);
}

/** Registering, logging in, refreshing the access token and logging out. */
function sessionRoutes(ctx: RouteContext, accounts: Accounts, cookies: CookiePolicy): void {
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
}

/** The logged-in user and any user's profile. */
function profileReadRoutes(ctx: RouteContext, accounts: Accounts): void {
  defineRoute(ctx, {
    method: 'get',
    path: '/api/user/infor',
    summary: 'The logged-in user: {_id, fname, lname, email, role, country}',
    tags: ['user'],
    auth: 'required',
    responses: { 200: { description: 'The user', schema: userAnswer }, 404: 'The user no longer exists' },
    handler: async ({ user }) => ({ body: await accounts.userInfo(user) }),
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/user/profile/:id',
    summary:
      'A profile, shaped by who asks: the owner gets every field; any other logged-in user only the public ones ' +
      '(_id, fname, lname, city, state, country), never birthday or zip',
    tags: ['user'],
    auth: 'required',
    params: profileParams,
    responses: {
      200: {
        description: 'The owner gets every field; anyone else {_id, fname, lname, city, state, country}',
        schema: profileAnswer,
      },
      400: 'Malformed id',
      404: 'No such user',
    },
    handler: async ({ user, params }) => ({ body: await accounts.profile(user, params.id) }),
  });
}

/** Deleting your account and downloading your data. */
function ownAccountRoutes(
  ctx: RouteContext,
  accounts: Accounts,
  cookies: CookiePolicy,
  exportSources: UserDataSources,
): void {
  defineRoute(ctx, {
    method: 'delete',
    path: '/api/user/me',
    summary:
      'Delete your account with your current password: all sessions end, your tokens are refused at once, ' +
      'and your trips and wishlists are deleted',
    tags: ['user'],
    auth: 'required',
    body: deleteAccountBody,
    responses: {
      200: { description: 'Deleted; the refresh-token cookie is cleared', schema: messageAnswer },
      400: 'No password',
      403: 'Wrong password',
      404: 'The account no longer exists',
      503: 'Sessions unavailable; nothing was deleted',
    },
    handler: async ({ user, body, res }) => {
      const reply = await accounts.deleteAccount(user, body.password);
      clearRefreshCookie(res, cookies);
      return { body: reply };
    },
  });

  defineRoute(ctx, {
    method: 'get',
    path: '/api/user/me/export',
    summary:
      'Download your data: one JSON document with your account, full profile, every trip of yours with its instances ' +
      'and costs, the trips shared with you (shared_with_me: references), your votes on windows, the history of your own ' +
      'trips (gathered a page at a time), and every wishlist ' +
      '(Content-Disposition: attachment)',
    tags: ['user'],
    auth: 'required',
    responses: { 200: 'The export', 404: 'The account no longer exists', 503: 'A part could not be gathered' },
    handler: async ({ user, req, res }) => {
      const data = await gatherExport(user, req.headers.authorization ?? '', {
        account: accounts.exportPart,
        sources: exportSources,
      });
      res.setHeader('content-disposition', `attachment; filename="${exportFileName(data.exportedAt)}"`);
      res.setHeader('cache-control', 'no-store');
      return { body: data };
    },
  });
}

/** Changing your own profile. */
function profileUpdateRoute(ctx: RouteContext, accounts: Accounts): void {
  defineRoute(ctx, {
    method: 'put',
    path: '/api/user/profile/:id',
    summary:
      'Change your own profile (email, role and password cannot be changed here). Fields left out keep their ' +
      'stored value; the profile is validated as it will be stored (e.g. a zip against the stored country)',
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
  describeRoutes('auth', (ctx) => userRoutes(ctx, {} as Accounts, {} as CookiePolicy, {} as UserDataSources));
