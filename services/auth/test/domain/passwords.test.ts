import { createPasswordHasher } from '../../src/domain/passwords';
import { QueueFullError, Semaphore } from '../../src/domain/semaphore';

describe('password hashing', () => {
  it('when hashing with the default cost, then the stored string is scrypt$32768$8$1$salt$hash and verifies', async () => {
    const hasher = createPasswordHasher({ log2Cost: 15, concurrency: 2 });
    const stored = await hasher.hash('correct horse battery');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await hasher.verify('correct horse battery', stored)).toBe(true);
    expect(hasher.needsRehash(stored)).toBe(false);
  });

  it('when the password differs, the same password is hashed twice, or the stored value is malformed, then no match', async () => {
    const hasher = createPasswordHasher({ log2Cost: 10, concurrency: 2 });
    const first = await hasher.hash('correct horse battery');
    const second = await hasher.hash('correct horse battery');
    expect(first).not.toBe(second);
    expect(await hasher.verify('correct horse batterY', first)).toBe(false);
    for (const malformed of [
      '',
      'plain',
      'scrypt$3$8$1$c2FsdA$aGFzaA',
      'bcrypt$1024$8$1$a$b',
      `scrypt$${2 ** 30}$8$1$${'A'.repeat(22)}$${'A'.repeat(43)}`,
    ]) {
      expect(await hasher.verify('anything', malformed)).toBe(false);
    }
  });

  it('when a hash was made with a lower cost, then it still verifies and is flagged for an upgrade', async () => {
    const old = await createPasswordHasher({ log2Cost: 10, concurrency: 1 }).hash('correct horse battery');
    const current = createPasswordHasher({ log2Cost: 11, concurrency: 1 });
    expect(await current.verify('correct horse battery', old)).toBe(true);
    expect(current.needsRehash(old)).toBe(true);
  });

  it('when the same text arrives in another Unicode form, then it still matches', async () => {
    const hasher = createPasswordHasher({ log2Cost: 10, concurrency: 1 });
    const stored = await hasher.hash('caf\u00e9 au lait');
    expect(await hasher.verify('cafe\u0301 au lait', stored)).toBe(true);
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
