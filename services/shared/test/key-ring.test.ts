// Verifying by key id: a static key ring, and a ring that follows a JWKS document
// served over real HTTP by a stand-in publisher (it counts its requests), with the
// clock under the test's control for the refresh interval and the cooldown.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import jwt from 'jsonwebtoken';
import {
  createTokenVerifier,
  InvalidTokenError,
  jwksKeyRing,
  publicJwkOf,
  signingKeyFrom,
  type PublicJwk,
  type SigningKey,
} from '../src';
import { craftToken, newKeyPair, silentLogger, testKeys, testSigningKey, testUser, tokenFor } from '../src/testing';

const user = testUser();
const tokenSignedWith = (key: SigningKey) => tokenFor(user, 600, key);

/** Tokens that must never verify whatever the ring holds. */
function hostileTokens(trusted: SigningKey): Record<string, string> {
  const claims = { sub: user.id, email: user.email, iss: 'tripcost-auth', aud: 'tripcost' };
  const segment = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + 60;
  const other = newKeyPair();
  return {
    'alg none': `${segment({ alg: 'none', typ: 'JWT', kid: trusted.kid })}.${segment({ ...claims, exp })}.`,
    'HS256 keyed with the public key': jwt.sign(claims, testKeys().publicKey, {
      algorithm: 'HS256',
      keyid: trusted.kid,
      expiresIn: 60,
    }),
    'another key claiming the trusted kid': craftToken(
      { email: user.email },
      { subject: user.id, expiresIn: 60, key: other.privateKey, keyid: trusted.kid },
    ),
    'no kid at all': jwt.sign(claims, testKeys().privateKey, { algorithm: 'RS256', expiresIn: 60 }),
    expired: craftToken({ email: user.email }, { subject: user.id, expiresIn: -10 }),
  };
}

describe('a static key ring', () => {
  it('when a token names a trusted key and is signed by it, then it verifies; every hostile token is refused', async () => {
    const verifier = createTokenVerifier(testKeys().publicKey);
    expect(await verifier.verify(tokenFor(user))).toEqual(user);
    expect(verifier.trustsKey(testSigningKey().kid)).toBe(true);
    for (const token of Object.values(hostileTokens(testSigningKey()))) {
      await expect(verifier.verify(token)).rejects.toBeInstanceOf(InvalidTokenError);
    }
  });

  it('when the PEM text holds two keys, then tokens of either verify and those of a third do not', async () => {
    const [a, b, c] = [newKeyPair(), newKeyPair(), newKeyPair()];
    const verifier = createTokenVerifier(`${a.publicKey}\n${b.publicKey}`);
    expect(await verifier.verify(tokenSignedWith(signingKeyFrom(a.privateKey)))).toEqual(user);
    expect(await verifier.verify(tokenSignedWith(signingKeyFrom(b.privateKey)))).toEqual(user);
    await expect(verifier.verify(tokenSignedWith(signingKeyFrom(c.privateKey)))).rejects.toThrow('unknown key');
  });
});

/** A JWKS publisher over HTTP whose key list the test changes, counting its requests. */
async function startPublisher(initial: PublicJwk[]) {
  let keys = initial;
  let requests = 0;
  let up = true;
  const server: Server = createServer((req, res) => {
    requests += 1;
    if (!up) {
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"msg":"down"}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/user/.well-known/jwks.json`,
    publish: (next: PublicJwk[]) => {
      keys = next;
    },
    setUp: (value: boolean) => {
      up = value;
    },
    requests: () => requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('a key ring that follows the JWKS', () => {
  const oldKey = signingKeyFrom(newKeyPair().privateKey);
  const newKey = signingKeyFrom(newKeyPair().privateKey);
  let publisher: Awaited<ReturnType<typeof startPublisher>>;
  let clock: number;
  const ringOptions = () => ({
    url: publisher.url,
    logger: silentLogger(),
    refreshIntervalMs: 300_000,
    cooldownMs: 30_000,
    now: () => clock,
  });

  beforeEach(async () => {
    clock = 1_000_000;
    publisher = await startPublisher([publicJwkOf(oldKey.publicKey)]);
  });
  afterEach(() => publisher.close());

  it('when a key is rotated in and the old one later removed, then both verify during the overlap and old tokens fail after', async () => {
    const verifier = createTokenVerifier(jwksKeyRing(ringOptions()));
    const before = tokenSignedWith(oldKey);
    expect(await verifier.verify(before)).toEqual(user);

    publisher.publish([publicJwkOf(newKey.publicKey), publicJwkOf(oldKey.publicKey)]);
    clock += 30_000;
    const after = tokenSignedWith(newKey);
    expect(await verifier.verify(after)).toEqual(user);
    expect(await verifier.verify(before)).toEqual(user);

    publisher.publish([publicJwkOf(newKey.publicKey)]);
    clock += 300_000;
    // The set is stale: this use refreshes it in the background and is still answered from it.
    expect(verifier.trustsKey(oldKey.kid)).toBe(true);
    await waitFor(() => !verifier.trustsKey(oldKey.kid));
    await expect(verifier.verify(before)).rejects.toBeInstanceOf(InvalidTokenError);
    expect(await verifier.verify(after)).toEqual(user);
  });

  it('when many tokens name unknown keys, then the JWKS is fetched once per cooldown, not once per token', async () => {
    const verifier = createTokenVerifier(jwksKeyRing(ringOptions()));
    const strangers = Array.from({ length: 5 }, () => signingKeyFrom(newKeyPair().privateKey));
    const forged = strangers.map(tokenSignedWith);

    const burst = await Promise.allSettled(forged.flatMap((token) => [token, token, token]).map(verifier.verify));
    expect(burst.every((outcome) => outcome.status === 'rejected')).toBe(true);
    expect(publisher.requests()).toBe(1);
    for (const token of forged) await expect(verifier.verify(token)).rejects.toThrow('unknown key');
    expect(publisher.requests()).toBe(1);

    clock += 30_000;
    await expect(verifier.verify(forged[0])).rejects.toThrow('unknown key');
    expect(publisher.requests()).toBe(2);
    expect(await verifier.verify(tokenSignedWith(oldKey))).toEqual(user);
    expect(publisher.requests()).toBe(2);
  });

  it('when the publisher is down, then known keys keep verifying, unknown ones are refused, and retries wait a second', async () => {
    const verifier = createTokenVerifier(jwksKeyRing(ringOptions()));
    expect(await verifier.verify(tokenSignedWith(oldKey))).toEqual(user);
    publisher.setUp(false);
    clock += 300_000;
    expect(await verifier.verify(tokenSignedWith(oldKey))).toEqual(user);
    await waitFor(() => publisher.requests() === 2);
    const stranger = tokenSignedWith(signingKeyFrom(newKeyPair().privateKey));
    await expect(verifier.verify(stranger)).rejects.toThrow('unknown key');
    expect(publisher.requests()).toBe(2);
    clock += 1000;
    await expect(verifier.verify(stranger)).rejects.toThrow('unknown key');
    expect(publisher.requests()).toBe(3);
    expect(await verifier.verify(tokenSignedWith(oldKey))).toEqual(user);
  });

  it('when a static key is pinned beside the JWKS, then its tokens verify without any fetch and hostile tokens are refused', async () => {
    const verifier = createTokenVerifier(
      jwksKeyRing({ ...ringOptions(), pinned: [testSigningKey().publicKey], refreshIntervalMs: Infinity }),
    );
    expect(await verifier.verify(tokenFor(user))).toEqual(user);
    expect(publisher.requests()).toBe(0);
    for (const token of Object.values(hostileTokens(testSigningKey()))) {
      await expect(verifier.verify(token)).rejects.toBeInstanceOf(InvalidTokenError);
    }
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
