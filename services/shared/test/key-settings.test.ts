import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import {
  jwksUrlOf,
  keyIdOf,
  loadConfig,
  signingKeyFrom,
  tokenVerifierSettings,
  type TokenVerifierConfig,
} from '../src';
import { newKeyPair, tempDataDir } from '../src/testing';

const schema = z.object(tokenVerifierSettings);
const load = (env: Record<string, string>): TokenVerifierConfig => loadConfig(schema, env);
const ids = (config: TokenVerifierConfig) => config.JWT_PUBLIC_KEY.map(keyIdOf);

describe('token verifier settings', () => {
  const [a, b] = [newKeyPair(), newKeyPair()];
  const idOf = (pem: string) => ids(load({ JWT_PUBLIC_KEY: pem }))[0];

  it('when JWT_PUBLIC_KEY is inline text, a file of two keys, or a directory of .pem files, then every key is read', () => {
    const dir = tempDataDir();
    writeFileSync(join(dir, 'both.pem'), `${a.publicKey}${b.publicKey}`);
    const keysDir = join(dir, 'keys');
    mkdirSync(keysDir);
    writeFileSync(join(keysDir, '1-old.pem'), a.publicKey);
    writeFileSync(join(keysDir, '2-new.pem'), b.publicKey);
    writeFileSync(join(keysDir, 'README'), 'not a key');
    const both = [idOf(a.publicKey), idOf(b.publicKey)];
    expect(ids(load({ JWT_PUBLIC_KEY: a.publicKey.replace(/\n/g, '\\n') }))).toEqual([both[0]]);
    expect(ids(load({ JWT_PUBLIC_KEY: join(dir, 'both.pem') }))).toEqual(both);
    expect(ids(load({ JWT_PUBLIC_KEY: keysDir }))).toEqual(both);
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    expect(ids(load({ JWT_PUBLIC_KEY: empty }))).toEqual([]);
  });

  it('when JWT_PUBLIC_KEY is an X.509 certificate (as the Helm chart generates), then its key is read', () => {
    const fixtures = join(__dirname, 'fixtures');
    const privateKey = readFileSync(join(fixtures, 'test-only-jwt-private.pem'), 'utf8');
    expect(ids(load({ JWT_PUBLIC_KEY: join(fixtures, 'test-only-jwt-cert.pem') }))).toEqual([
      signingKeyFrom(privateKey).kid,
    ]);
  });

  it('when JWT_PUBLIC_KEY is unreadable, not a public key, or too weak, then start-up stops naming the variable', () => {
    expect(() => load({ JWT_PUBLIC_KEY: '/no/such/key.pem' })).toThrow(/JWT_PUBLIC_KEY: cannot read \/no\/such/);
    expect(() => load({ JWT_PUBLIC_KEY: a.privateKey })).toThrow(
      'JWT_PUBLIC_KEY: holds no PUBLIC KEY or CERTIFICATE block',
    );
    expect(() => load({ JWT_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----' })).toThrow(
      'JWT_PUBLIC_KEY: is not a valid PEM key',
    );
    const pem = (key: KeyObject) => key.export({ type: 'spki', format: 'pem' }).toString();
    const weak = pem(generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey);
    const elliptic = pem(generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey);
    for (const key of [weak, elliptic]) {
      expect(() => load({ JWT_PUBLIC_KEY: key })).toThrow('JWT_PUBLIC_KEY: must be an RSA key of 2048 bits or more');
    }
    expect(() => load({ JWKS_URL: 'not a url' })).toThrow(/JWKS_URL/);
  });

  it('when choosing where keys come from, then JWKS_URL wins, a static key alone means no JWKS, and neither means AUTH_URL', () => {
    expect(jwksUrlOf(load({}))).toBe('http://127.0.0.1:4001/api/user/.well-known/jwks.json');
    expect(jwksUrlOf(load({ AUTH_URL: 'http://auth:4001' }))).toBe('http://auth:4001/api/user/.well-known/jwks.json');
    expect(jwksUrlOf(load({ JWT_PUBLIC_KEY: a.publicKey }))).toBeUndefined();
    expect(jwksUrlOf(load({ JWT_PUBLIC_KEY: a.publicKey, JWKS_URL: 'http://keys.internal/jwks.json' }))).toBe(
      'http://keys.internal/jwks.json',
    );
  });
});
