// Nothing a traveller types is cut: every text field auth stores is kept whole up to its
// limit, and one character over it — or thousands over — is a 400 {msg} naming the field
// and its limit, with nothing stored (no account made, the profile as it was).
import type { RunningAuth } from '../../src/server';
import { bootAuth, client, newRegistration } from '../helpers';

/** `n` letters: a valid name, region or city of exactly that length. */
const letters = (n: number) => `A${'a'.repeat(n - 1)}`;

// [field, the longest value kept whole, a value one over, the message, extra fields it needs]
const LIMITS: Array<[string, string, string, string, Record<string, string>?]> = [
  ['fname', letters(50), letters(51), 'First name must be at most 50 characters.'],
  ['lname', letters(50), letters(51), 'Last name must be at most 50 characters.'],
  ['city', letters(100), letters(101), 'City must be at most 100 characters.'],
  ['state', letters(60), letters(61), 'Region must be at most 60 characters.', { country: 'FR', zip: '75001' }],
  [
    'zip',
    'AB12 3CD-999',
    'AB12 3CD-9999',
    'Postal code must be at most 12 letters, digits, spaces or hyphens.',
    { country: 'GB', state: 'England' },
  ],
];

/** Far over every limit, past the routes' own guard (1000): the field's limit is still named. */
const FAR_OVER: Array<[string, string, string, Record<string, string>?]> = [
  ['fname', letters(5000), 'First name must be at most 50 characters.'],
  ['lname', letters(1001), 'Last name must be at most 50 characters.'],
  ['city', letters(1001), 'City must be at most 100 characters.'],
  ['state', letters(1001), 'State or region must be at most 60 characters.', { country: 'FR', zip: '75001' }],
  ['state', letters(1001), 'State or region must be at most 60 characters.'],
  ['zip', '1'.repeat(1001), 'Zip or postal code must be at most 12 characters.'],
  ['birthday', '1'.repeat(1001), 'Please enter a valid date of birth.'],
  ['country', 'F'.repeat(1001), 'Please choose a valid country.'],
  ['home_currency', 'E'.repeat(1001), 'Please choose a valid currency (a 3-letter ISO 4217 code such as USD or EUR).'],
];

describe('text auth stores is never cut', () => {
  let auth: RunningAuth;
  let api: ReturnType<typeof client>;

  beforeAll(async () => {
    auth = await bootAuth();
    api = client(auth.url);
  });
  afterAll(() => auth.stop());

  /** Registration is refused and made nothing: the same email registers afterwards. */
  async function expectRefusedRegistration(change: Record<string, string>, msg: string) {
    const registration = { ...newRegistration(), ...change };
    const res = await api.register(registration);
    expect({ change: Object.keys(change), status: res.status, msg: res.body.msg }).toEqual({
      change: Object.keys(change),
      status: 400,
      msg,
    });
    expect((await api.login(registration.email, registration.password)).status).toBe(400);
  }

  it.each(LIMITS)('registration keeps a %s at its limit whole', async (field, longest, _over, _msg, extra = {}) => {
    const { id, accessToken } = await api.signUp({ ...extra, [field]: longest });
    expect((await api.getProfile(id, accessToken)).body[field]).toBe(longest);
  });

  it.each(LIMITS)(
    'registration with a %s one over its limit: 400 naming it',
    async (field, _l, over, msg, extra = {}) => {
      await expectRefusedRegistration({ ...extra, [field]: over }, msg);
    },
  );

  it.each(FAR_OVER)(
    'registration with a %s far over its limit: 400 naming it',
    async (field, value, msg, extra = {}) => {
      await expectRefusedRegistration({ ...extra, [field]: value }, msg);
    },
  );

  it('registration keeps an email and a password at their limits whole, and refuses one over with its limit', async () => {
    const email = `${'e'.repeat(254 - '@example.test'.length)}@example.test`;
    const password = 'p'.repeat(128);
    await api.signUp({ email, password });
    expect((await api.login(email, password)).status).toBe(200);
    await expectRefusedRegistration({ email: `e${email}` }, 'Email must be at most 254 characters.');
    await expectRefusedRegistration(
      { email: `${'e'.repeat(2000)}@example.test` },
      'Email must be at most 254 characters.',
    );
    await expectRefusedRegistration({ password: 'p'.repeat(129) }, 'Password must be at most 128 characters.');
    await expectRefusedRegistration({ password: 'p'.repeat(1001) }, 'Password must be at most 128 characters.');
  });

  it('a long email is still reported in the rules’ order: a broken name before it', async () => {
    const email = `${'e'.repeat(300)}@example.test`;
    await expectRefusedRegistration({ fname: 'B4d', email }, 'First name must contain only letters.');
  });

  it('an email padded with spaces counts without them, as it is stored', async () => {
    const email = `${'f'.repeat(254 - '@example.test'.length)}@example.test`;
    const registration = newRegistration({ email: `  ${email}  ` });
    expect((await api.register(registration)).status).toBe(201);
    expect((await api.login(email, registration.password)).status).toBe(200);
  });

  it.each(LIMITS)('a profile change keeps a %s at its limit whole', async (field, longest, _over, _msg, extra = {}) => {
    const owner = await api.signUp();
    const change = { ...owner.registration, ...extra, [field]: longest };
    expect((await api.putProfile(owner.id, change, owner.accessToken)).status).toBe(200);
    expect((await api.getProfile(owner.id, owner.accessToken)).body[field]).toBe(longest);
  });

  it.each([...LIMITS.map(([field, , over, msg, extra]) => [field, over, msg, extra] as const), ...FAR_OVER])(
    'a profile change with a %s over its limit: 400 naming it, the profile as it was',
    async (field, value, msg, extra = {}) => {
      const owner = await api.signUp();
      const before = (await api.getProfile(owner.id, owner.accessToken)).body;
      const res = await api.putProfile(
        owner.id,
        { ...owner.registration, ...extra, [field]: value },
        owner.accessToken,
      );
      expect({ status: res.status, msg: res.body.msg }).toEqual({ status: 400, msg });
      expect((await api.getProfile(owner.id, owner.accessToken)).body).toEqual(before);
    },
  );
});
