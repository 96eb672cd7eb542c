// An account stored while passwords were hashed with scrypt: its owner can still log
// in, and that login replaces the stored hash with an Argon2id one.
import { tempDataDir } from '@tripcost/shared/testing';
import { openEmbeddedUserStore } from '../../src/store/embedded';
import { bootAuth, client, newRegistration } from '../helpers';

/** 'correct horse battery' as the former scrypt hasher stored it (N=2^15, r=8, p=1). */
const STORED_SCRYPT_HASH = 'scrypt$32768$8$1$WO5FHmejhzvgCr-tlViApQ$q71hdCmcu3hfBxiQVfJtPpcpjo_j4gRsdyt4rBN9_jE';

async function storedHashOf(dataDir: string, email: string): Promise<string | undefined> {
  const users = await openEmbeddedUserStore(dataDir);
  try {
    return (await users.findByEmailWithCredentials(email))?.passwordHash;
  } finally {
    await users.close();
  }
}

describe('logging in with a password stored as a scrypt hash', () => {
  it('when the password is right, then login succeeds and the stored hash becomes Argon2id; a wrong password still fails', async () => {
    const dataDir = tempDataDir('tripcost-auth-legacy-');
    const { password, ...profile } = newRegistration({ password: 'correct horse battery' });
    const users = await openEmbeddedUserStore(dataDir);
    await users.create({ ...profile, passwordHash: STORED_SCRYPT_HASH, role: 0 });
    await users.close();

    const auth = await bootAuth({ DATA_DIR: dataDir });
    try {
      const api = client(auth.url);
      const wrong = await api.login(profile.email, 'correct horse batterY');
      expect(wrong.status).toBe(400);
      expect(wrong.body).toEqual({ msg: 'Invalid email or password.', code: 'invalid_credentials' });
      const login = await api.login(profile.email, password);
      expect(login.status).toBe(200);
      expect((await api.infor(login.body.accesstoken)).body.email).toBe(profile.email);
    } finally {
      await auth.stop();
    }
    const upgraded = await storedHashOf(dataDir, profile.email);
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=1024,t=2,p=1\$/);

    const again = await bootAuth({ DATA_DIR: dataDir });
    try {
      expect((await client(again.url).login(profile.email, password)).status).toBe(200);
      expect((await client(again.url).login(profile.email, 'correct horse batterY')).status).toBe(400);
    } finally {
      await again.stop();
    }
    expect(await storedHashOf(dataDir, profile.email)).toBe(upgraded);
    // Two real scrypt derivations at N=2^15 and two start-ups: slow on a busy machine.
  }, 90_000);
});
