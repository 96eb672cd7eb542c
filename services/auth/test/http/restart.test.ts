import { tempDataDir } from '@tripcost/shared/testing';
import { bootAuth, client, type Registration } from '../helpers';

describe('persistence across a restart', () => {
  it('when the service stops and starts again on the same DATA_DIR, then the user and their profile are still there', async () => {
    const dataDir = tempDataDir('tripcost-auth-restart-');
    const first = await bootAuth({ DATA_DIR: dataDir });
    let registration: Registration;
    let id: string;
    try {
      const signedUp = await client(first.url).signUp();
      registration = signedUp.registration;
      id = signedUp.id;
      const saved = await client(first.url).putProfile(
        id,
        { fname: 'Kept', lname: 'Across', birthday: '1980-01-01', city: 'Austin', state: 'TX', zip: '73301' },
        signedUp.accessToken,
      );
      expect(saved.status).toBe(200);
    } finally {
      await first.stop();
    }

    const second = await bootAuth({ DATA_DIR: dataDir });
    try {
      const api = client(second.url);
      const login = await api.login(registration.email, registration.password);
      expect(login.status).toBe(200);
      const info = await api.infor(login.body.accesstoken);
      expect(info.body).toEqual({
        _id: id,
        fname: 'Kept',
        lname: 'Across',
        email: registration.email,
        role: 0,
        country: 'US',
      });
      expect((await api.register(registration)).status).toBe(409);
    } finally {
      await second.stop();
    }
  });
});
