// RSA signing keys and their public halves as JWKs. A key's id (`kid`) is its
// RFC 7638 thumbprint, so it follows from the key itself: operators never name keys,
// and the same public key has the same id in every process.
import { createHash, createPrivateKey, createPublicKey, type JsonWebKey, type KeyObject } from 'node:crypto';

export interface SigningKey {
  kid: string;
  privateKey: KeyObject;
  publicKey: KeyObject;
}

/** What the JWKS endpoint publishes per key (RFC 7517). */
export interface PublicJwk {
  kty: 'RSA';
  n: string;
  e: string;
  kid: string;
  alg: 'RS256';
  use: 'sig';
}

export class KeyError extends Error {}

export function signingKeyFrom(privatePem: string): SigningKey {
  const privateKey = createPrivateKey(privatePem);
  requireRsa(privateKey);
  const publicKey = createPublicKey(privateKey);
  return { kid: keyIdOf(publicKey), privateKey, publicKey };
}

/**
 * Every public key in a PEM text holding one or more `PUBLIC KEY` blocks or X.509
 * `CERTIFICATE` blocks (the Helm chart generates a certificate, as Helm cannot
 * derive a bare public key).
 */
export function publicKeysFromPem(text: string): KeyObject[] {
  const blocks = text.match(/-----BEGIN ([A-Z ]*PUBLIC KEY|CERTIFICATE)-----[\s\S]*?-----END \1-----/g) ?? [];
  return blocks.map((block) => {
    const key = createPublicKey(block);
    requireRsa(key);
    return key;
  });
}

/** RFC 7638: SHA-256 over the required members in lexicographic order, base64url. */
export function keyIdOf(publicKey: KeyObject): string {
  const { e, n } = publicKey.export({ format: 'jwk' });
  return createHash('sha256')
    .update(JSON.stringify({ e, kty: 'RSA', n }))
    .digest('base64url');
}

export function publicJwkOf(publicKey: KeyObject): PublicJwk {
  const { n, e } = publicKey.export({ format: 'jwk' }) as Required<Pick<JsonWebKey, 'n' | 'e'>>;
  return { kty: 'RSA', n, e, kid: keyIdOf(publicKey), alg: 'RS256', use: 'sig' };
}

/** A JWK from a JWKS document as a key, or undefined when it is not an RS256 signing key. */
export function publicKeyFromJwk(jwk: unknown): { kid: string; key: KeyObject } | undefined {
  if (typeof jwk !== 'object' || jwk === null) return undefined;
  const { kty, n, e, kid, alg, use } = jwk as Record<string, unknown>;
  if (kty !== 'RSA' || typeof n !== 'string' || typeof e !== 'string') return undefined;
  if (typeof kid !== 'string' || kid.length === 0 || kid.length > 128) return undefined;
  if ((alg !== undefined && alg !== 'RS256') || (use !== undefined && use !== 'sig')) return undefined;
  try {
    return { kid, key: createPublicKey({ key: { kty, n, e }, format: 'jwk' }) };
  } catch {
    return undefined;
  }
}

function requireRsa(key: KeyObject): void {
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (key.asymmetricKeyType !== 'rsa' || bits < 2048) throw new KeyError('must be an RSA key of 2048 bits or more');
}
