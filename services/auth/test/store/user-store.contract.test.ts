// One contract for every UserStore adapter: the embedded one always, MongoDB when
// mongoForTests() finds one (MONGO_URL, or Docker for testcontainers).
import { connectMongo, newId, outboxEvent } from '@tripcost/shared';
import {
  mongoForTests,
  mongoLikelyAvailable,
  silentLogger,
  tempDataDir,
  uniqueSuffix,
  type TestMongo,
} from '@tripcost/shared/testing';
import { fakeMongo } from '@tripcost/shared/testing/mongo-fake';
import { openEmbeddedUserStore } from '../../src/store/embedded';
import { openMongoUserStore } from '../../src/store/mongo';
import { EmailTakenError, type NewUser, type UserStore } from '../../src/domain/user-store';

function newUser(overrides: Partial<NewUser> = {}): NewUser {
  return {
    email: `store-${uniqueSuffix()}@example.test`,
    passwordHash: 'scrypt$1024$8$1$c2FsdA$aGFzaA',
    role: 0,
    fname: 'Ada',
    lname: 'Lovelace',
    birthday: '1990-12-10',
    city: 'Boston',
    state: 'MA',
    zip: '02118',
    ...overrides,
  };
}

function userStoreContract(open: () => Promise<UserStore>) {
  let store: UserStore;
  beforeAll(async () => {
    store = await open();
  });
  afterAll(() => store.close());

  it('when a user is created, then it gets a 24-hex id and reads back as a plain object without the hash', async () => {
    const created = await store.create(newUser());
    expect(created._id).toMatch(/^[0-9a-f]{24}$/);
    expect(created).not.toHaveProperty('passwordHash');
    const found = await store.findById(created._id);
    expect(found).toEqual(created);
    expect(typeof found!._id).toBe('string');
    expect(found).not.toHaveProperty('passwordHash');
  });

  it('when looked up by email, then the hash is included', async () => {
    const user = newUser();
    const created = await store.create(user);
    expect(await store.findByEmailWithCredentials(user.email)).toEqual({ ...created, passwordHash: user.passwordHash });
    expect(await store.findByEmailWithCredentials(`missing-${user.email}`)).toBeNull();
  });

  it('when an email is registered twice, then EmailTakenError and only one user exists', async () => {
    const user = newUser();
    await store.create(user);
    await expect(store.create({ ...user, fname: 'Other' })).rejects.toBeInstanceOf(EmailTakenError);
    expect((await store.findByEmailWithCredentials(user.email))!.fname).toBe('Ada');
  });

  it('when two registrations of one email race, then exactly one wins', async () => {
    const user = newUser();
    const results = await Promise.allSettled([store.create(user), store.create({ ...user, fname: 'Twin' })]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((result) => result.status === 'rejected')).toMatchObject({
      reason: expect.any(EmailTakenError),
    });
  });

  it('when a profile is updated, then only the profile fields change and the result is returned', async () => {
    const created = await store.create(newUser());
    const profile = {
      fname: 'Grace',
      lname: 'Hopper',
      birthday: '1985-03-04',
      city: 'Arlington',
      state: 'VA',
      zip: '22201',
      country: 'US',
      home_currency: 'EUR',
    };
    const updated = await store.updateProfile(created._id, profile);
    expect(updated).toEqual({ ...created, ...profile });
    expect(await store.findById(created._id)).toEqual(updated);
    expect(await store.updateProfile(newId(), profile)).toBeNull();
  });

  it('when a user was stored without a country (before countries existed), then it reads back without one', async () => {
    const created = await store.create(newUser());
    expect(created).not.toHaveProperty('country');
    expect(await store.findById(created._id)).not.toHaveProperty('country');
    expect(await store.findById(created._id)).not.toHaveProperty('home_currency');
    const abroad = { ...newUser(), state: 'Île-de-France', zip: '75001', country: 'FR' };
    const { passwordHash: _hash, ...stored } = abroad;
    expect(await store.findById((await store.create(abroad))._id)).toMatchObject(stored);
  });

  it('when a password hash is replaced, then login lookups see the new one', async () => {
    const user = newUser();
    const created = await store.create(user);
    await store.updatePasswordHash(created._id, 'scrypt$32768$8$1$bmV3$bmV3');
    expect((await store.findByEmailWithCredentials(user.email))!.passwordHash).toBe('scrypt$32768$8$1$bmV3$bmV3');
  });

  it('when a user is removed, then they are gone, their email can register again, and a repeat is false', async () => {
    const user = newUser();
    const created = await store.create(user);
    expect(await store.remove(created._id)).toBe(true);
    expect(await store.findById(created._id)).toBeNull();
    expect(await store.findByEmailWithCredentials(user.email)).toBeNull();
    expect(await store.remove(created._id)).toBe(false);
    const again = await store.create(user);
    expect(again._id).not.toBe(created._id);
  });

  it('when a user is removed with a farewell event, then nothing personal remains, the email is free, and the event waits in the outbox until sent', async () => {
    const user = newUser();
    const created = await store.create(user);
    const farewell = outboxEvent('user.deleted', { userId: created._id }, '2030-01-01T00:00:00.000Z');
    expect(await store.remove(created._id, farewell)).toBe(true);
    expect(await store.findById(created._id)).toBeNull();
    expect(await store.findByEmailWithCredentials(user.email)).toBeNull();
    expect(await store.remove(created._id, farewell)).toBe(false);
    await expect(store.create(user)).resolves.toMatchObject({ email: user.email });
    const pending = (await store.pendingEvents(1000)).find((entry) => entry.docId === created._id);
    expect(pending?.events).toEqual([farewell]);
    expect(JSON.stringify(pending)).not.toContain(user.fname);
    await store.markSent(created._id, [farewell.id]);
    expect((await store.pendingEvents(1000)).map((entry) => entry.docId)).not.toContain(created._id);
  });

  it('when an id does not exist, then null', async () => {
    expect(await store.findById(newId())).toBeNull();
    await expect(store.ping()).resolves.toBeUndefined();
  });
}

describe('UserStore contract: embedded', () => {
  userStoreContract(() => openEmbeddedUserStore(tempDataDir('tripcost-auth-store-')));
});

// The MongoDB adapter itself, through real mongoose, on a driver fake that compares ids
// as MongoDB does (a string never equals an ObjectId): runs everywhere, no server needed.
describe('UserStore contract: mongo adapter on the driver fake', () => {
  userStoreContract(() => openMongoUserStore(fakeMongo().connection));
});

// No MongoDB runs on this machine and there is no Docker engine for testcontainers,
// so this block is skipped here; with MONGO_URL (or Docker) it runs the same suite.
let mongo: TestMongo | undefined;
(mongoLikelyAvailable() ? describe : describe.skip)('UserStore contract: mongo', () => {
  beforeAll(async () => {
    mongo = await mongoForTests();
    if (!mongo) throw new Error('MongoDB was expected (MONGO_URL or DOCKER_HOST set) but could not be reached');
  }, 120_000);
  afterAll(() => mongo?.stop());
  userStoreContract(async () => {
    const url = new URL(mongo!.url);
    url.pathname = `/auth-contract-${uniqueSuffix()}`;
    return openMongoUserStore(await connectMongo(url.toString(), silentLogger()));
  });
});
