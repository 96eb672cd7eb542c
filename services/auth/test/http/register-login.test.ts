import jwt from 'jsonwebtoken';
import type { RunningAuth } from '../../src/server';
import { bootAuth, client, newRegistration } from '../helpers';

describe('register and login', () => {
  let auth: RunningAuth;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    auth = await bootAuth();
    api = client(auth.url);
  });
  afterAll(() => auth.stop());

  it('when every field is valid, then 201 {msg}, no session is started, and the user can log in', async () => {
    const registration = newRegistration();
    const registered = await api.register(registration);
    expect(registered.status).toBe(201);
    expect(registered.body).toEqual({ msg: 'Registration successful. Please log in.' });
    expect(registered.setCookie).toBeUndefined();
    const login = await api.login(registration.email, registration.password);
    expect(login.status).toBe(200);
    expect(Object.keys(login.body)).toEqual(['accesstoken']);
  });

  it('when logging in, then the access token is RS256 with sub, email, role, name (first name, what members of a shared trip see), iss, aud and a 15-minute expiry', async () => {
    const { registration, id, accessToken } = await api.signUp();
    const decoded = jwt.decode(accessToken, { complete: true }) as jwt.Jwt & { payload: jwt.JwtPayload };
    expect(decoded.header.alg).toBe('RS256');
    expect(decoded.payload).toMatchObject({
      sub: id,
      email: registration.email,
      role: 0,
      name: registration.fname,
      iss: 'tripcost-auth',
      aud: 'tripcost',
    });
    expect(decoded.payload.exp! - decoded.payload.iat!).toBe(15 * 60);
  });

  it('when logging in, then the refresh cookie is httpOnly, SameSite=Strict, scoped to /api/user, 14 days, not Secure in local mode', async () => {
    const registration = newRegistration();
    await api.register(registration);
    const login = await api.login(registration.email, registration.password);
    expect(login.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const attributes = login.setCookie!.split(';').map((part) => part.trim().toLowerCase());
    expect(attributes).toEqual(expect.arrayContaining(['httponly', 'samesite=strict', 'path=/api/user']));
    const maxAge = Number(attributes.find((part) => part.startsWith('max-age='))!.split('=')[1]);
    expect(Math.abs(maxAge - 14 * 24 * 3600)).toBeLessThanOrEqual(2);
    expect(attributes).not.toContain('secure');
  });

  it('when the email has capitals and spaces, then it is stored normalised and a differently-cased duplicate is 409', async () => {
    const registration = newRegistration();
    const shouted = `  ${registration.email.toUpperCase()} `;
    expect((await api.register({ ...registration, email: shouted })).status).toBe(201);
    const login = await api.login(registration.email, registration.password);
    expect(login.status).toBe(200);
    expect((await api.infor(login.body.accesstoken)).body.email).toBe(registration.email);
    const duplicate = await api.register({ ...registration, email: registration.email.toUpperCase() });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.msg).toBe('An account with this email already exists.');
  });

  it('when registration breaks a rule, then 400 with the first rule message', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ city: '' }, 'All fields are required.'],
      [{ password: undefined }, 'All fields are required.'],
      [{ birthday: null }, 'All fields are required.'],
      [{ fname: 'Ada1' }, 'First name must contain only letters.'],
      [{ lname: 'Love_lace' }, 'Last name must contain only letters.'],
      [{ email: 'not-an-email' }, 'Please enter a valid email address.'],
      [{ password: 'short' }, 'Password must be at least 8 characters.'],
      [{ password: 'x'.repeat(129) }, 'Password must be at most 128 characters.'],
      [{ birthday: '1990-02-30' }, 'Please enter a valid date of birth.'],
      [{ birthday: '2999-01-01' }, 'Date of birth cannot be in the future.'],
      [{ zip: '1234' }, 'Zip code must be exactly 5 digits.'],
      [{ zip: '123456' }, 'Zip code must be exactly 5 digits.'],
      [{ state: 'DC' }, 'Please choose a valid US state.'],
      [{ state: 'PR' }, 'Please choose a valid US state.'],
      [{ fname: { $gt: '' } }, 'First name must be text.'],
      [{ email: { $ne: null } }, 'Email must be text.'],
    ];
    for (const [change, msg] of cases) {
      const res = await api.register({ ...newRegistration(), ...change });
      expect({ change, status: res.status, msg: res.body.msg }).toEqual({ change, status: 400, msg });
    }
  });

  it('when registration asks for admin, then the account is still role 0', async () => {
    const registration = newRegistration();
    expect((await api.register({ ...registration, role: 1 })).status).toBe(201);
    const login = await api.login(registration.email, registration.password);
    expect((await api.infor(login.body.accesstoken)).body.role).toBe(0);
  });

  it('when the email is unknown or the password wrong, then the same 400 {msg} and no cookie', async () => {
    const { registration } = await api.signUp();
    const wrongPassword = await api.login(registration.email, 'not the password');
    const unknownEmail = await api.login(`nobody-${registration.email}`, registration.password);
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ msg: 'Invalid email or password.', code: 'invalid_credentials' });
      expect(res.setCookie).toBeUndefined();
    }
  });

  it('when login fields are missing, operator objects or not JSON, then 400 {msg}', async () => {
    const { registration } = await api.signUp();
    const missing = await api.call('POST', '/api/user/login', { body: { email: registration.email } });
    expect(missing.status).toBe(400);
    expect(missing.body.msg).toBe('Email and password are required.');
    const operator = await api.call('POST', '/api/user/login', {
      body: { email: registration.email, password: { $gt: '' } },
    });
    expect(operator.status).toBe(400);
    expect(operator.body.msg).toBe('Password must be text.');
    const operatorEmail = await api.call('POST', '/api/user/login', {
      body: { email: { $gt: '' }, password: 'whatever1' },
    });
    expect(operatorEmail.status).toBe(400);
    const malformed = await api.call('POST', '/api/user/login', { rawBody: '{"email":' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.msg).toBe('The request body is not valid JSON.');
  });

  it('when /infor is called, then only {_id, fname, lname, email, role, country} come back, never the hash', async () => {
    const { registration, id, accessToken } = await api.signUp();
    const info = await api.infor(`Bearer ${accessToken}`);
    expect(info.status).toBe(200);
    expect(info.body).toEqual({
      _id: id,
      fname: registration.fname,
      lname: registration.lname,
      email: registration.email,
      role: 0,
      country: 'US',
    });
    expect(id).toMatch(/^[0-9a-f]{24}$/);
  });
  it('when /openapi.json is fetched, then every docs/product.md §7 User call is documented', async () => {
    const doc = await api.call('GET', '/openapi.json');
    expect(doc.status).toBe(200);
    expect(Object.keys(doc.body.paths).sort()).toEqual([
      '/api/user/.well-known/jwks.json',
      '/api/user/infor',
      '/api/user/login',
      '/api/user/logout',
      '/api/user/me',
      '/api/user/me/export',
      '/api/user/profile/{id}',
      '/api/user/refresh_token',
      '/api/user/register',
    ]);
    expect(Object.keys(doc.body.paths['/api/user/profile/{id}'])).toEqual(['get', 'put']);
  });
});

describe('register and login in production mode', () => {
  it('when NODE_ENV is production, then the refresh cookie is Secure and the Argon2id memory cannot be lowered', async () => {
    const { testConfig } = await import('../helpers');
    expect(() => testConfig({ NODE_ENV: 'production' })).toThrow(
      'PASSWORD_ARGON2_MEMORY_KIB: must be at least 19456 in production',
    );
    const auth = await bootAuth({ NODE_ENV: 'production', PASSWORD_ARGON2_MEMORY_KIB: '19456' });
    try {
      const api = client(auth.url);
      const registration = newRegistration();
      await api.register(registration);
      const login = await api.login(registration.email, registration.password);
      expect(login.status).toBe(200);
      expect(login.setCookie!.split(';').map((part) => part.trim())).toContain('Secure');
    } finally {
      await auth.stop();
    }
  });
});
