// Logins whose clients leave at every moment (mid-body, while waiting their turn, while
// auth answers) must leave nothing behind: the next login of that account is answered,
// and the gateway still stops gracefully.
import { connect } from 'node:net';
import { settlesWithin } from '@tripcost/shared/testing';
import { fakeUpstream, startTestGateway, uniqueSuffix, type FakeUpstream } from './helpers';

describe('password guard, clients that leave', () => {
  let auth: FakeUpstream;
  beforeAll(async () => {
    auth = await fakeUpstream('auth');
  });
  afterAll(() => auth.close());

  /** A raw login: `cut` 'body' leaves mid-body, 'answer' leaves after the body, before the answer. */
  const leavingLogin = (port: number, email: string, cut: 'body' | 'answer') =>
    new Promise<void>((resolve) => {
      const body = JSON.stringify({ email, password: 'wrong' });
      const socket = connect(port, '127.0.0.1', () => {
        socket.write(
          `POST /api/user/login HTTP/1.1\r\nhost: localhost\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n`,
        );
        socket.write(cut === 'body' ? body.slice(0, 10) : body);
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 30);
      });
      socket.on('error', () => resolve());
    });

  it('when 20 clients of one account leave mid-login, then the next login is answered and the gateway stops at once', async () => {
    // Auth answers slowly, so the attempts pile up in flight and in the queue behind the limit.
    auth.respond = (_req, res) => {
      setTimeout(() => {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ msg: 'Invalid email or password.' }));
      }, 150);
    };
    const gateway = await startTestGateway({ AUTH_URL: auth.url, WEB_DIST: '/nonexistent' });
    let stopped = false;
    try {
      const email = `leaving-${uniqueSuffix()}@example.test`;
      const port = Number(new URL(gateway.url).port);
      await Promise.all(
        Array.from({ length: 20 }, (_, i) => leavingLogin(port, email, i % 2 === 0 ? 'body' : 'answer')),
      );
      // Whatever was in flight has been answered to no one by now; the account's next
      // attempt is answered (400, or 429 if the leavers' failures were counted), never left waiting.
      const next = await settlesWithin(
        fetch(`${gateway.url}/api/user/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: 'wrong' }),
        }),
        5000,
        'the next login of the account',
      );
      expect([400, 429]).toContain(next.status);
      await settlesWithin(gateway.stop(), 5000, 'the gateway to stop');
      stopped = true;
    } finally {
      if (!stopped) await gateway.stop().catch(() => undefined);
    }
  });
});
