// The token verifier remembers verified tokens until they expire; what it remembers
// must never let an expired or altered token through.
import { createTokenVerifier, InvalidTokenError } from '../src';
import { testKeys, testUser, tokenFor } from '../src/testing';

describe('token verifier', () => {
  it('when a token that verified before expires, then it is refused although it was remembered', async () => {
    const verifier = createTokenVerifier(testKeys().publicKey);
    const user = testUser();
    // Three seconds: long enough to verify once on a busy machine, short enough to wait out.
    const token = tokenFor(user, 3);
    await expect(verifier.verify(token)).resolves.toMatchObject({ id: user.id, email: user.email });
    const deadline = Date.now() + 10_000;
    let refused = false;
    while (!refused && Date.now() < deadline) {
      try {
        await verifier.verify(token);
        await new Promise((resolve) => setTimeout(resolve, 50)); // polling interval until the token expires
      } catch (error) {
        refused = error instanceof InvalidTokenError;
      }
    }
    expect(refused).toBe(true);
  });

  it('when a remembered token is tampered with, then the altered token is refused', async () => {
    const verifier = createTokenVerifier(testKeys().publicKey);
    const token = tokenFor(testUser());
    await verifier.verify(token);
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), role: 1 }),
    );
    await expect(verifier.verify(`${header}.${forged.toString('base64url')}.${signature}`)).rejects.toBeInstanceOf(
      InvalidTokenError,
    );
  });
});
