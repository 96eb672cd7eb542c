// requireAuth and optionalAuth decide who calls from the Authorization header: from
// memory when the verifier and the revocation replica can answer, else after
// verification and the deny-list check. Each way must end in the same decision.
import type { Request } from 'express';
import { optionalAuth, requireAuth } from '../src/auth/middleware';
import type { RevokedUsers } from '../src/auth/revoked-users';
import { InvalidTokenError, type AuthUser, type TokenVerifier } from '../src/auth/tokens';

const ADA: AuthUser = { id: 'u-ada', email: 'ada@example.test', role: 0, name: 'Ada' };

/** A verifier that knows one good token; `inMemory` answers it synchronously too. */
function verifier({ inMemory }: { inMemory: boolean }): TokenVerifier {
  return {
    verify: async (token) => {
      if (token === 'good') return ADA;
      if (token === 'broken') throw new Error('JWKS unreachable');
      throw new InvalidTokenError('bad signature');
    },
    remembered: (token) => (inMemory && token === 'good' ? ADA : undefined),
    trustsKey: () => true,
  };
}

function revokedUsers({ revoked, inMemory, fails = false }: { revoked: boolean; inMemory: boolean; fails?: boolean }) {
  const users: RevokedUsers = {
    revoke: async () => undefined,
    isRevoked: async () => {
      if (fails) throw new Error('Redis down');
      return revoked;
    },
    revokedNow: () => (inMemory ? revoked : undefined),
    close: async () => undefined,
  } as RevokedUsers;
  return users;
}

/** Runs a middleware and resolves with what it passed to next and the user it set. */
function run(middleware: ReturnType<typeof requireAuth>, authorization?: string) {
  const req = { headers: authorization ? { authorization } : {} } as Request;
  return new Promise<{ error: unknown; user: AuthUser | undefined }>((resolve) =>
    middleware(req, {} as never, (error?: unknown) => resolve({ error, user: req.user })),
  );
}

const reasonOf = (error: unknown) => (error as { code?: string } | undefined)?.code;

describe.each([
  ['from memory', true],
  ['after verification', false],
])('the caller, %s', (_way, inMemory) => {
  it('when the token is good, then the user is set; revoked → 401 token_revoked', async () => {
    const ok = await run(
      requireAuth(verifier({ inMemory }), revokedUsers({ revoked: false, inMemory })),
      'Bearer good',
    );
    expect(ok).toEqual({ error: undefined, user: ADA });
    const gone = await run(
      requireAuth(verifier({ inMemory }), revokedUsers({ revoked: true, inMemory })),
      'Bearer good',
    );
    expect([reasonOf(gone.error), gone.user]).toEqual(['token_revoked', undefined]);
  });

  it('when a token is optional, then a good one sets the user and a revoked one counts as none', async () => {
    const ok = await run(
      optionalAuth(verifier({ inMemory }), revokedUsers({ revoked: false, inMemory })),
      'Bearer good',
    );
    expect(ok).toEqual({ error: undefined, user: ADA });
    const gone = await run(
      optionalAuth(verifier({ inMemory }), revokedUsers({ revoked: true, inMemory })),
      'Bearer good',
    );
    expect(gone).toEqual({ error: undefined, user: undefined });
  });
});

describe('tokens that do not name a caller', () => {
  const users = revokedUsers({ revoked: false, inMemory: false });

  it('when there is no token or a bad one, then requireAuth answers 401 saying which; optionalAuth goes on without a user', async () => {
    expect(reasonOf((await run(requireAuth(verifier({ inMemory: false }), users))).error)).toBe('token_missing');
    expect(reasonOf((await run(requireAuth(verifier({ inMemory: false }), users), 'Bearer forged')).error)).toBe(
      'token_invalid',
    );
    expect(await run(optionalAuth(verifier({ inMemory: false }), users), 'Bearer forged')).toEqual({
      error: undefined,
      user: undefined,
    });
  });

  it('when verification or the deny-list check fails for another reason, then the error goes on (no user is assumed)', async () => {
    const broken = await run(requireAuth(verifier({ inMemory: false }), users), 'Bearer broken');
    expect([(broken.error as Error).message, broken.user]).toEqual(['JWKS unreachable', undefined]);
    const redisDown = revokedUsers({ revoked: false, inMemory: false, fails: true });
    for (const middleware of [requireAuth, optionalAuth]) {
      const failed = await run(middleware(verifier({ inMemory: false }), redisDown), 'Bearer good');
      expect([(failed.error as Error).message, failed.user]).toEqual(['Redis down', undefined]);
    }
  });
});
