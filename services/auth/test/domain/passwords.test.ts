import { createPasswordHasher, OWASP_ARGON2ID } from '../../src/domain/passwords';
import { QueueFullError, Semaphore } from '../../src/domain/semaphore';

/** Made by the scrypt hasher this service used before Argon2id (N=2^15, r=8, p=1). */
const STORED_SCRYPT_HASH = 'scrypt$32768$8$1$WO5FHmejhzvgCr-tlViApQ$q71hdCmcu3hfBxiQVfJtPpcpjo_j4gRsdyt4rBN9_jE';
const cheap = { memoryKiB: 1024, timeCost: 2, parallelism: 1 };

describe('password hashing', () => {
  it("when hashing with the defaults, then the stored string is Argon2id at OWASP's m=19456, t=2, p=1 and verifies", async () => {
    const hasher = createPasswordHasher({ concurrency: 2 });
    const stored = await hasher.hash('correct horse battery');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(await hasher.verify('correct horse battery', stored)).toBe(true);
    expect(hasher.needsRehash(stored)).toBe(false);
    expect(OWASP_ARGON2ID).toEqual({ memoryKiB: 19_456, timeCost: 2, parallelism: 1 });
  });

  it('when the password differs, the same password is hashed twice, or the stored value is malformed, then no match', async () => {
    const hasher = createPasswordHasher({ argon2: cheap, concurrency: 2 });
    const first = await hasher.hash('correct horse battery');
    const second = await hasher.hash('correct horse battery');
    expect(first).not.toBe(second);
    expect(await hasher.verify('correct horse batterY', first)).toBe(false);
    for (const malformed of [
      '',
      'plain',
      '$argon2id$v=19$m=1024,t=2,p=1$c2FsdA$aGFzaA',
      first.replace('$argon2id$', '$argon2i$'),
      first.replace('m=1024', `m=${4 * 1024 * 1024}`),
      'scrypt$3$8$1$c2FsdA$aGFzaA',
      'bcrypt$1024$8$1$a$b',
      `scrypt$${2 ** 30}$8$1$${'A'.repeat(22)}$${'A'.repeat(43)}`,
    ]) {
      expect(await hasher.verify('anything', malformed)).toBe(false);
      expect(await hasher.verify('correct horse battery', malformed)).toBe(false);
    }
  });

  it('when a stored hash is the former scrypt kind, then the right password verifies, a wrong one does not, and it is flagged for an upgrade', async () => {
    const hasher = createPasswordHasher({ argon2: cheap, concurrency: 1 });
    expect(await hasher.verify('correct horse battery', STORED_SCRYPT_HASH)).toBe(true);
    expect(await hasher.verify('correct horse batterY', STORED_SCRYPT_HASH)).toBe(false);
    expect(hasher.needsRehash(STORED_SCRYPT_HASH)).toBe(true);
  });

  it('when a hash was made under another Argon2id policy, then it still verifies and is flagged for an upgrade', async () => {
    const old = await createPasswordHasher({ argon2: cheap, concurrency: 1 }).hash('correct horse battery');
    const current = createPasswordHasher({ argon2: { ...cheap, memoryKiB: 2048 }, concurrency: 1 });
    expect(await current.verify('correct horse battery', old)).toBe(true);
    expect(current.needsRehash(old)).toBe(true);
    expect(current.needsRehash(await current.hash('correct horse battery'))).toBe(false);
  });

  it('when the same text arrives in another Unicode form, then it still matches', async () => {
    const hasher = createPasswordHasher({ argon2: cheap, concurrency: 1 });
    const stored = await hasher.hash('caf\u00e9 au lait');
    expect(await hasher.verify('cafe\u0301 au lait', stored)).toBe(true);
  });

  it('when more hashes are asked for than the slots and the queue hold, then the excess is refused with 503 {msg}', async () => {
    const hasher = createPasswordHasher({ argon2: cheap, concurrency: 1 });
    const attempts = Array.from({ length: 260 }, () => hasher.hash('correct horse battery'));
    const outcomes = await Promise.allSettled(attempts);
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected');
    expect(refused.length).toBeGreaterThan(0);
    expect((refused[0] as PromiseRejectedResult).reason).toMatchObject({
      status: 503,
      message: 'Too many sign-ins at once. Please try again.',
    });
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(201);
  });
});

describe('semaphore', () => {
  it('when more work arrives than the limit, then at most `limit` run at once and a full queue refuses', async () => {
    const semaphore = new Semaphore(2, 3);
    let running = 0;
    let peak = 0;
    const releases: Array<() => void> = [];
    const work = () =>
      semaphore.run(async () => {
        running += 1;
        peak = Math.max(peak, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
      });
    const accepted = [work(), work(), work(), work(), work()];
    await expect(work()).rejects.toBeInstanceOf(QueueFullError);
    while (releases.length > 0 || running > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    await Promise.all(accepted);
    expect(peak).toBe(2);
  });
});
