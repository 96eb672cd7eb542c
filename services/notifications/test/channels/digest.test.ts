// The daily digest on a webhook (issue 42): a traveller who chose the digest gets the day's
// alerts at 09:00 in their time zone as ONE signed message, not one per alert and not
// before. The service runs in-process on real Redis and BullMQ with its clock set to
// three seconds before 09:00 UTC, so the release's real delay is those seconds.
import { Queue } from 'bullmq';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bullConnectionOptions, inboxQueueName, type AuthUser } from '@tripcost/shared';
import { eventually, silentLogger, testServiceEnv, testUser, tokenFor } from '@tripcost/shared/testing';
import { cheapestFlip } from '../support/cheapest-flip';
import { configFrom, startNotifications, type RunningNotifications } from '../../src';
import { DELIVERIES_QUEUE } from '../../src/jobs/deliveries';
import { RELEASES_QUEUE } from '../../src/jobs/releases';
import { REMINDERS_QUEUE } from '../../src/jobs/reminders';

const env = testServiceEnv({ WEBHOOK_ALLOW_LOOPBACK: 'true', PUBLIC_BASE_URL: 'https://tripcost.example' });
const connection = bullConnectionOptions(env.REDIS_URL);
const inbox = new Queue(inboxQueueName('notifications'), { connection, prefix: env.QUEUE_PREFIX });
/** The service's clock: today's (or tomorrow's) 08:59:57 UTC when the test starts, then running. */
const nextNine = new Date();
nextNine.setUTCHours(9, 0, 0, 0);
if (nextNine.getTime() - Date.now() < 60_000) nextNine.setUTCDate(nextNine.getUTCDate() + 1);
const offset = nextNine.getTime() - 3_000 - Date.now();
const now = () => new Date(Date.now() + offset);

let service: RunningNotifications;
let receiver: Server;
let receiverUrl = '';
const received: string[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      received.push(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  service = await startNotifications(configFrom(env), silentLogger(), { now });
});
afterAll(async () => {
  await service.stop();
  await new Promise((resolve) => receiver.close(resolve));
  for (const name of [inboxQueueName('notifications'), REMINDERS_QUEUE, RELEASES_QUEUE, DELIVERIES_QUEUE]) {
    const queue = new Queue(name, { connection, prefix: env.QUEUE_PREFIX });
    await queue.obliterate({ force: true });
    await queue.close();
  }
  await inbox.close();
});

async function call(user: AuthUser, method: string, path: string, body?: unknown) {
  const res = await fetch(`${service.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${tokenFor(user)}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const owner = testUser({ name: 'Ana' });

/** A trip whose cheapest window changes: one "cheapest" alert for the member. */
const cheapestChanges = (member: AuthUser, name: string) =>
  cheapestFlip(inbox, { owner, members: { [member.id]: 'full' }, name, total: 100_00, at: now() });

it('when a traveller chose the daily digest, then their webhook gets the day’s alerts at 09:00 as one message', async () => {
  const member = testUser({ name: 'Bo' });
  expect((await call(member, 'PUT', '/api/notifications/webhook', { url: `${receiverUrl}/digest` })).status).toBe(200);
  expect((await call(member, 'PUT', '/api/notifications/preferences', { digest: true, time_zone: 'UTC' })).status).toBe(
    200,
  );
  await cheapestChanges(member, 'Lisbon, Portugal');
  await cheapestChanges(member, 'Porto, Portugal');
  // Both stored, held until 09:00: nothing sent before.
  await eventually(async () => {
    const stored = (await call(member, 'GET', '/api/notifications')).body;
    expect(stored.items).toHaveLength(0);
    expect(received).toHaveLength(0);
  });
  await eventually(async () => expect(received).toHaveLength(1), { timeoutMs: 15_000 });
  const digest = JSON.parse(received[0]);
  expect(digest).toMatchObject({ kind: 'digest', title: 'Your 2 TripCost alerts of the day' });
  expect(digest.items.map((item: { body: string }) => item.body).sort()).toEqual([
    '“June” is now the cheapest window of Lisbon, Portugal, at 100.00 EUR.',
    '“June” is now the cheapest window of Porto, Portugal, at 100.00 EUR.',
  ]);
  expect(digest.turn_off.link).toBe('https://tripcost.example/notifications');
  // And the app shows them together from 09:00.
  expect((await call(member, 'GET', '/api/notifications')).body.items).toHaveLength(2);
  // Released once: no second message follows.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  expect(received).toHaveLength(1);
});
