import { publishInBackground, type EventPublisher } from '../src';
import { settlesWithin, silentLogger } from '../src/testing';

describe('publishing after a write', () => {
  const payload = { tripId: 'a'.repeat(24), userId: 'b'.repeat(24) };

  it('when Redis keeps failing, then publish returns at once, retries with one event id, and gives up with a warning', async () => {
    const calls: string[] = [];
    const failing: Pick<EventPublisher, 'publish'> = {
      publish: async (_type, _payload, eventId) => {
        calls.push(eventId!);
        throw new Error('redis down');
      },
    };
    const warnings: unknown[] = [];
    const logger = silentLogger();
    logger.warn = ((entry: unknown) => void warnings.push(entry)) as typeof logger.warn;
    const events = publishInBackground(failing, logger, { attempts: 3, retryDelayMs: 5 });
    // Returns before any attempt has failed: the caller's answer never waits for Redis.
    expect(events.publish('trip.deleted', payload)).toBeUndefined();
    expect(warnings).toHaveLength(0);
    await events.drain();
    expect(calls).toHaveLength(3);
    expect(new Set(calls).size).toBe(1);
    expect(warnings).toHaveLength(1);
  });

  it('when Redis hangs, then each attempt times out and drain still finishes', async () => {
    let attempts = 0;
    const hanging: Pick<EventPublisher, 'publish'> = {
      publish: () => {
        attempts += 1;
        return new Promise(() => undefined);
      },
    };
    const events = publishInBackground(hanging, silentLogger(), { attempts: 2, attemptTimeoutMs: 30, retryDelayMs: 1 });
    events.publish('trip.deleted', payload);
    // Without the per-attempt timeout, drain would wait forever on the first attempt.
    await settlesWithin(events.drain(), 5000, 'drain behind a hanging Redis');
    expect(attempts).toBe(2);
  });
});
