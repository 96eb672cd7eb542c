import { createRequestRedis } from '../src';
import { settlesWithin, silentLogger } from '../src/testing';

describe('request-path redis client', () => {
  it('when Redis is unreachable, then commands fail at once instead of queueing', async () => {
    const client = createRequestRedis('redis://127.0.0.1:1', silentLogger());
    try {
      // A queueing client would hold the command until Redis came back: forever here.
      const command = settlesWithin(client.get('anything'), 5000, 'a command to an unreachable Redis');
      await expect(command).rejects.not.toThrow('it hangs');
    } finally {
      client.disconnect();
    }
  });
});
