import { createTokenVerifier, InvalidTokenError } from '../src';
import { testKeys, testUser, tokenFor } from '../src/testing';

describe('token verifier', () => {
  it('when a token that verified before expires, then it is refused although it was remembered', async () => {
    const verifier = createTokenVerifier(testKeys().publicKey);
    const user = testUser();
    const token = tokenFor(user, 1);
    expect(verifier.verify(token)).toMatchObject({ id: user.id, email: user.email });
    expect(verifier.verify(token)).toMatchObject({ id: user.id }); // answered from memory
    const deadline = Date.now() + 5000;
    let refused = false;
    while (!refused && Date.now() < deadline) {
      try {
        verifier.verify(token);
        await new Promise((resolve) => setTimeout(resolve, 50));
      } catch (error) {
        refused = error instanceof InvalidTokenError;
      }
    }
    expect(refused).toBe(true);
  });

  it('when a remembered token is tampered with, then the altered token is refused', () => {
    const verifier = createTokenVerifier(testKeys().publicKey);
    const token = tokenFor(testUser());
    verifier.verify(token);
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), role: 1 }),
    );
    expect(() => verifier.verify(`${header}.${forged.toString('base64url')}.${signature}`)).toThrow(InvalidTokenError);
  });
});
