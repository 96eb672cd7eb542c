// The webhook sender on its own (ADR 0079), against local receivers: a receiver that
// never answers is given up on at the time limit (5 s in the service; short here), and
// a redirect is a failure, never followed.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createWebhookSender, WEBHOOK_TIMEOUT_MS } from '../../src/providers/webhook-sender';

let server: Server;
let base = '';
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url!);
    if (req.url === '/redirect') res.writeHead(307, { location: '/elsewhere' }).end();
    // '/silent' never answers: the sender must give up by itself.
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

it('gives a webhook 5 seconds', () => {
  expect(WEBHOOK_TIMEOUT_MS).toBe(5000);
});

it('when the receiver never answers, then the send fails at the time limit', async () => {
  const sender = createWebhookSender({ allowLoopback: true }, 300);
  const started = Date.now();
  const outcome = await sender.send(`${base}/silent`, 'secret', 'id-1', { hello: 1 });
  expect(outcome.ok).toBe(false);
  expect(Date.now() - started).toBeLessThan(3000);
  await sender.close();
});

it('when the receiver redirects, then it is a failure and the redirect is not followed', async () => {
  const sender = createWebhookSender({ allowLoopback: true }, 1000);
  expect(await sender.send(`${base}/redirect`, 'secret', 'id-2', {})).toEqual({ ok: false, reason: 'answered 307' });
  expect(hits.filter((path) => path === '/elsewhere')).toEqual([]);
  await sender.close();
});

it('when loopback is not allowed, then nothing is sent to it', async () => {
  const sender = createWebhookSender({ allowLoopback: false }, 1000);
  const before = hits.length;
  expect((await sender.send(`https://127.0.0.1:1/x`, 'secret', 'id-3', {})).ok).toBe(false);
  expect(hits.length).toBe(before);
  await sender.close();
});
