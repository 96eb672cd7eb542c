// The auth service's side of key rotation: it signs with JWT_PRIVATE_KEY (its id in
// every token's header), publishes that key and JWT_EXTRA_PUBLIC_KEYS as its JWKS,
// and trusts exactly those for its own routes.
import jwt from 'jsonwebtoken';
import { signAccessToken, signingKeyFrom } from '@tripcost/shared';
import { newKeyPair, tempDataDir } from '@tripcost/shared/testing';
import { bootAuth, client, testConfig } from '../helpers';

describe('signing keys and the JWKS', () => {
  const [oldPair, newPair, strangerPair] = [newKeyPair(), newKeyPair(), newKeyPair()];
  const [oldKey, newKey, stranger] = [oldPair, newPair, strangerPair].map((pair) => signingKeyFrom(pair.privateKey));

  it('when a key was rotated, then the JWKS lists the new and the previous key, new tokens name the new one, and both are trusted', async () => {
    const dataDir = tempDataDir('tripcost-auth-keys-');
    const auth = await bootAuth({
      DATA_DIR: dataDir,
      JWT_PRIVATE_KEY: newPair.privateKey,
      JWT_PUBLIC_KEY: newPair.publicKey,
      JWT_EXTRA_PUBLIC_KEYS: oldPair.publicKey,
    });
    try {
      const api = client(auth.url);
      const jwks = await api.call('GET', '/api/user/.well-known/jwks.json');
      expect(jwks.status).toBe(200);
      expect(jwks.body.keys.map((key: { kid: string }) => key.kid)).toEqual([newKey.kid, oldKey.kid]);
      for (const key of jwks.body.keys) {
        expect(Object.keys(key).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
        expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      }

      const { id, registration, accessToken } = await api.signUp();
      expect(jwt.decode(accessToken, { complete: true })?.header.kid).toBe(newKey.kid);
      const user = { id, email: registration.email, role: 0 };
      expect((await api.infor(accessToken)).status).toBe(200);
      expect((await api.infor(signAccessToken(oldKey, user))).status).toBe(200);
      const foreign = await api.infor(signAccessToken(stranger, user));
      expect(foreign.status).toBe(401);
      expect(foreign.body.msg).toBe('Your session has expired or is invalid. Please log in again.');
    } finally {
      await auth.stop();
    }

    const afterRemoval = await bootAuth({ DATA_DIR: dataDir, JWT_PRIVATE_KEY: newPair.privateKey });
    try {
      const api = client(afterRemoval.url);
      const jwks = await api.call('GET', '/api/user/.well-known/jwks.json');
      expect(jwks.body.keys.map((key: { kid: string }) => key.kid)).toEqual([newKey.kid]);
      const { id, registration } = await api.signUp();
      const user = { id, email: registration.email, role: 0 };
      expect((await api.infor(signAccessToken(oldKey, user))).status).toBe(401);
      expect((await api.infor(signAccessToken(newKey, user))).status).toBe(200);
    } finally {
      await afterRemoval.stop();
    }
  });

  it('when JWT_PUBLIC_KEY is not the private key’s pair, or a key file is missing, then start-up stops naming the variable', () => {
    expect(() => testConfig({ JWT_PRIVATE_KEY: newPair.privateKey, JWT_PUBLIC_KEY: oldPair.publicKey })).toThrow(
      'JWT_PUBLIC_KEY: is not the public half of JWT_PRIVATE_KEY',
    );
    expect(() => testConfig({ JWT_PRIVATE_KEY: '/no/such/private.pem' })).toThrow(
      'JWT_PRIVATE_KEY: cannot read key file /no/such/private.pem',
    );
    expect(() => testConfig({ JWT_PRIVATE_KEY: newPair.privateKey, JWT_EXTRA_PUBLIC_KEYS: '/no/such/dir' })).toThrow(
      'JWT_EXTRA_PUBLIC_KEYS: cannot read /no/such/dir',
    );
  });
});
