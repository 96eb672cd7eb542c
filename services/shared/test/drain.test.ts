// A stopping service answers a request that arrives on a kept-alive connection with a
// marked 503 (nothing of it ran), so the gateway can send it again, instead of
// resetting the connection, which the gateway could not safely repeat for a POST.
import { Agent, request } from 'node:http';
import { createServiceApp, createTokenVerifier, DRAINING_HEADER, Lifecycle, listen, type RevokedUsers } from '../src';
import { silentLogger, testKeys } from '../src/testing';

const noRevocations: RevokedUsers = {
  isRevoked: async () => false,
  revoke: async () => undefined,
} as unknown as RevokedUsers;

function getHealth(agent: Agent, url: string): Promise<{ status: number; headers: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/healthz`, { method: 'GET', agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('draining', () => {
  it('when a request arrives on a kept-alive connection during shutdown, then it gets a marked 503 and the connection closes', async () => {
    const lifecycle = new Lifecycle();
    const app = createServiceApp({
      name: 'sample',
      logger: silentLogger(),
      lifecycle,
      verifier: createTokenVerifier(testKeys().publicKey),
      revokedUsers: noRevocations,
      readiness: {},
      routes: () => undefined,
    });
    const running = await listen(app, { port: 0, host: '127.0.0.1', lifecycle, logger: silentLogger() });
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect((await getHealth(agent, running.url)).status).toBe(200);
      const stopping = running.stop();
      const during = await getHealth(agent, running.url);
      expect(during.status).toBe(503);
      expect(during.headers[DRAINING_HEADER]).toBe('1');
      expect(during.headers.connection).toBe('close');
      await stopping;
    } finally {
      agent.destroy();
    }
  });
});
