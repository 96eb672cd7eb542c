import { createRequestRedis } from '../src';
import { silentLogger } from '../src/testing';

describe('request-path redis client', () => {
  it('when Redis is unreachable, then commands fail in milliseconds instead of queueing', async () => {
    const client = createRequestRedis('redis://127.0.0.1:1', silentLogger());
    try {
      // Without an offline queue a command is refused at once instead of waiting for a connection.
      expect(client.options.enableOfflineQueue).toBe(false);
      await expect(client.get('anything')).rejects.toThrow();
    } finally {
      client.disconnect();
    }
  });
});
