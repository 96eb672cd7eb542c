import { createRequestRedis } from '../src';
import { silentLogger } from '../src/testing';

describe('request-path redis client', () => {
  it('when Redis is unreachable, then commands fail in milliseconds instead of queueing', async () => {
    const client = createRequestRedis('redis://127.0.0.1:1', silentLogger());
    try {
      const started = Date.now();
      await expect(client.get('anything')).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(500);
    } finally {
      client.disconnect();
    }
  });
});
