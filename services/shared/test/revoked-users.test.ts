import {
  closeRedis,
  createRequestRedis,
  createRevokedUsers,
  REVOCATION_TTL_SECONDS,
  waitForRedis,
  type Redis,
  type ReplicatedRevokedUsers,
} from '../src';
import { newId } from '../src/store/ids';
import { eventually, silentLogger, testRedisUrl, uniqueSuffix } from '../src/testing';

describe('revoked users (the deny-list of deleted accounts)', () => {
  let redis: Redis;
  const prefix = `test:revoked:${uniqueSuffix()}:`;
  const opened: ReplicatedRevokedUsers[] = [];
  const clients: Redis[] = [];

  const connect = async () => {
    const client = createRequestRedis(testRedisUrl(), silentLogger());
    clients.push(client);
    await waitForRedis(client);
    return client;
  };
  /** A process's view of the list, on its own connection, once it answers from memory. */
  const replica = async (client?: Redis, listPrefix = prefix) => {
    const revoked = createRevokedUsers(client ?? (await connect()), silentLogger(), listPrefix);
    opened.push(revoked);
    await eventually(() => expect(revoked.inSync()).toBe(true));
    return revoked;
  };

  beforeAll(async () => {
    redis = await connect();
  });
  afterAll(async () => {
    await Promise.all(opened.map((revoked) => revoked.close()));
    await Promise.all(clients.map(closeRedis));
  });

  it('when a user is revoked, then every process refuses them and the entry expires after the longest token lifetime', async () => {
    const userId = newId();
    const writer = await replica();
    const reader = await replica();
    expect(await reader.isRevoked(userId)).toBe(false);
    await writer.revoke(userId);
    await eventually(async () => expect(await reader.isRevoked(userId)).toBe(true));
    expect(await reader.isRevoked(newId())).toBe(false);
    const ttl = await redis.ttl(`${prefix}${userId}`);
    expect(ttl).toBeGreaterThan(REVOCATION_TTL_SECONDS - 5);
    expect(ttl).toBeLessThanOrEqual(REVOCATION_TTL_SECONDS);
  });

  it('when the replica is in sync, then a check costs no Redis command at all', async () => {
    const client = await connect();
    const reader = await replica(client);
    const writer = await replica();
    const revokedId = newId();
    await writer.revoke(revokedId);
    await eventually(async () => expect(await reader.isRevoked(revokedId)).toBe(true));

    const sent = jest.spyOn(client, 'sendCommand');
    expect(await reader.isRevoked(revokedId)).toBe(true);
    expect(await reader.isRevoked(newId())).toBe(false);
    expect(sent).not.toHaveBeenCalled();
    sent.mockRestore();
  });

  it('when a process starts after a revocation, then it refuses that user from its first full read', async () => {
    const userId = newId();
    await (await replica()).revoke(userId);
    const late = await replica();
    expect(await late.isRevoked(userId)).toBe(true);
  });

  it('when the announcement is missed while disconnected, then the reconnect reads the list again and the user is refused', async () => {
    const client = await connect();
    const own = `test:revoked:${uniqueSuffix()}:`; // its subscriber is the only one with this name
    const reader = await replica(client, own);
    // Drop the reader's subscriber connection, and store revocations nobody announces.
    const list = String(await redis.client('LIST', 'TYPE', 'pubsub'));
    const subscriberId = list
      .split('\n')
      .find((line) => line.includes(`name=${own}subscriber`))
      ?.match(/id=(\d+)/)?.[1];
    expect(subscriberId).toBeDefined();
    const [asked, readBack] = [newId(), newId()];
    await redis.set(`${own}${asked}`, '1', 'EX', 60);
    await redis.set(`${own}${readBack}`, '1', 'EX', 60);
    await redis.client('KILL', 'ID', subscriberId!);
    // Until it has read the list again it asks Redis per check ...
    await eventually(async () => expect(await reader.isRevoked(asked)).toBe(true));
    // ... and once it has, it knows every stored revocation without asking.
    await eventually(() => expect(reader.inSync()).toBe(true));
    const sent = jest.spyOn(client, 'sendCommand');
    expect(await reader.isRevoked(readBack)).toBe(true);
    expect(sent).not.toHaveBeenCalled();
    sent.mockRestore();
  });

  it('when Redis stops answering, then revocations this process has seen still hold and unknown users pass (fail open)', async () => {
    const own = await connect();
    const revoked = createRevokedUsers(own, silentLogger(), prefix);
    opened.push(revoked);
    const seen = newId();
    await (await replica()).revoke(seen);
    await eventually(async () => expect(await revoked.isRevoked(seen)).toBe(true));
    own.disconnect();
    await revoked.close(); // its subscriber too: nothing of this process reaches Redis now
    expect(revoked.inSync()).toBe(false);
    expect(await revoked.isRevoked(seen)).toBe(true);
    expect(await revoked.isRevoked(newId())).toBe(false);
  });
});
