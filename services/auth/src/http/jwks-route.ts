// The public keys that verify access tokens, as a JSON Web Key Set (RFC 7517): the
// signing key's and those of keys retired but still trusted during a rotation.
// Public by design; the gateway and the services cache it and look keys up by `kid`.
import { defineRoute, JWKS_PATH, type PublicJwk, type RouteContext } from '@tripcost/shared';

/** Verifiers refresh on their own schedule; this only lets HTTP caches help. */
const MAX_AGE_SECONDS = 60;

export function jwksRoute(ctx: RouteContext, keys: PublicJwk[]): void {
  const document = { keys };
  defineRoute(ctx, {
    method: 'get',
    path: JWKS_PATH,
    summary: 'The public keys that verify access tokens (JWKS), by `kid`',
    tags: ['user'],
    auth: 'none',
    responses: { 200: '{keys: [{kty, n, e, kid, alg, use}]}' },
    handler: ({ res }) => {
      res.setHeader('cache-control', `public, max-age=${MAX_AGE_SECONDS}`);
      return { body: document };
    },
  });
}
