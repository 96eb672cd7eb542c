// A throwaway RS256 key pair and a signed access token for a fresh bench user,
// made the way the auth service makes them, so services verify them as real.
import { createHash, createPublicKey, generateKeyPairSync, randomBytes } from 'node:crypto';
import jwt from 'jsonwebtoken';

export function benchKeys() {
  return generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}

export function benchIdentity() {
  const { privateKey, publicKey } = benchKeys();
  /** A token for a fresh user signed with the same key (benches that need many travellers). */
  const mint = () => {
    const userId = randomBytes(12).toString('hex');
    const email = `bench-${userId}@example.test`;
    const token = jwt.sign({ email, role: 0 }, privateKey, {
      algorithm: 'RS256',
      keyid: keyIdOf(publicKey),
      subject: userId,
      issuer: 'tripcost-auth',
      audience: 'tripcost',
      expiresIn: 3600,
    });
    return { userId, email, token };
  };
  return { privateKey, publicKey, ...mint(), mint };
}

/** The key's RFC 7638 thumbprint: the `kid` the auth service puts in its tokens. */
function keyIdOf(publicKeyPem) {
  const { e, n } = createPublicKey(publicKeyPem).export({ format: 'jwk' });
  return createHash('sha256')
    .update(JSON.stringify({ e, kty: 'RSA', n }))
    .digest('base64url');
}

/** Polls until the URL answers 200 (the process under test has started). */
export async function waitUntilUp(url, attempts = 600) {
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${url} did not come up`);
}
