// Webhooks end to end (issue 42): the service in-process on real Redis and BullMQ, a
// local receiver over real HTTP (WEBHOOK_ALLOW_LOOPBACK=true lets a test use 127.0.0.1 and
// http://, as the issue says tests do). What a receiver notices: a message signed with
// the secret it was given once, the same notification id on every try, retries after a
// failure, no redirect followed, and a webhook that keeps failing switched off with an
// in-app notice; addresses on private networks are refused.
import { Queue } from 'bullmq';
import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { bullConnectionOptions, EVENT_JOB_OPTIONS, inboxQueueName, type AuthUser } from '@tripcost/shared';
import { eventually, silentLogger, testServiceEnv, testUser, tokenFor } from '@tripcost/shared/testing';
import { cheapestFlip } from '../support/cheapest-flip';
import { configFrom, startNotifications, type RunningNotifications } from '../../src';
import { DELIVERIES_QUEUE } from '../../src/jobs/deliveries';
import { REMINDERS_QUEUE } from '../../src/jobs/reminders';

const env = testServiceEnv({
  WEBHOOK_ALLOW_LOOPBACK: 'true',
  DELIVERY_ATTEMPTS: '3',
  DELIVERY_BACKOFF_MS: '50',
  WEBHOOK_FAILURES_TO_SWITCH_OFF: '2',
  PUBLIC_BASE_URL: 'https://tripcost.example',
});
let service: RunningNotifications;
const inbox = new Queue(inboxQueueName('notifications'), {
  connection: bullConnectionOptions(env.REDIS_URL),
  prefix: env.QUEUE_PREFIX,
});

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  raw: string;
}
const received: Received[] = [];
/** What each path answers, in turn (the last one again once the list is used up). */
const answers = new Map<string, number[]>();
let receiver: Server;
let receiverUrl = '';

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url!, headers: req.headers, raw: Buffer.concat(chunks).toString('utf8') });
      const queue = answers.get(req.url!) ?? [200];
      const status = queue.length > 1 ? queue.shift()! : queue[0];
      if (status === 302) res.writeHead(302, { location: '/elsewhere' }).end();
      else res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  service = await startNotifications(configFrom(env), silentLogger());
});
afterAll(async () => {
  await service.stop();
  await new Promise((resolve) => receiver.close(resolve));
  for (const name of [inboxQueueName('notifications'), REMINDERS_QUEUE, DELIVERIES_QUEUE]) {
    const queue = new Queue(name, { connection: bullConnectionOptions(env.REDIS_URL), prefix: env.QUEUE_PREFIX });
    await queue.obliterate({ force: true });
    await queue.close();
  }
  await inbox.close();
});

async function call(user: AuthUser, method: string, path: string, body?: unknown) {
  const res = await fetch(`${service.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${tokenFor(user)}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

const owner = testUser({ name: 'Ana' });
let tripCount = 0;

/** A trip whose cheapest window changes (by the owner): one "cheapest" alert for each other member. */
function cheapestChanges(members: Record<string, 'full' | 'hidden'>) {
  tripCount += 1;
  return cheapestFlip(inbox, { owner, members, name: `Trip ${tripCount}`, total: 123_45 });
}

const hooked = async (user: AuthUser, path: string) => {
  const answer = await call(user, 'PUT', '/api/notifications/webhook', { url: `${receiverUrl}${path}` });
  expect(answer.status).toBe(200);
  return answer.body as { url: string; secret: string };
};
const at = (path: string) => received.filter((request) => request.path === path);

describe('a webhook', () => {
  it('when set, then its secret is shown once, and each alert arrives signed with it, with an id, a link and a way to turn it off', async () => {
    const member = testUser();
    const viewer = testUser();
    const first = await hooked(member, '/member');
    const { secret } = await hooked(member, '/member');
    expect(secret).toMatch(/^whsec_/);
    expect(secret).not.toBe(first.secret);
    expect(JSON.stringify((await call(member, 'GET', '/api/notifications/preferences')).body)).not.toContain(secret);
    expect((await call(member, 'GET', '/api/notifications/preferences')).body.channels).toEqual({
      in_app: true,
      push: false,
      webhook: true,
    });
    await hooked(viewer, '/viewer');

    const tripId = await cheapestChanges({ [member.id]: 'full', [viewer.id]: 'hidden' });
    await eventually(async () => expect(at('/member')).toHaveLength(1));
    const [message] = at('/member');
    expect(message.headers['x-tripcost-signature']).toBe(
      `sha256=${createHmac('sha256', secret).update(message.raw).digest('hex')}`,
    );
    expect(message.headers['x-tripcost-signature']).not.toBe(
      `sha256=${createHmac('sha256', first.secret).update(message.raw).digest('hex')}`,
    );
    const body = JSON.parse(message.raw);
    expect(message.headers['x-tripcost-notification-id']).toBe(body.id);
    expect(body).toEqual(
      expect.objectContaining({
        kind: 'cheapest',
        trip_id: tripId,
        instance_id: 'w2',
        body: '“June” is now the cheapest window of Trip 1, at 123.45 EUR.',
        link: `https://tripcost.example/trips/${tripId}/instances/w2`,
        turn_off: expect.objectContaining({ link: 'https://tripcost.example/notifications' }),
      }),
    );
    // The viewer with hidden costs is told the same without the amount.
    await eventually(async () => expect(at('/viewer')).toHaveLength(1));
    expect(JSON.parse(at('/viewer')[0].raw).body).toBe('“June” is now the cheapest window of Trip 1.');
    // The owner made the change and set no webhook: nothing else arrived.
    expect(received).toHaveLength(2);
  });

  it('when the receiver fails, then the message is tried again with the same id until it answers', async () => {
    const member = testUser();
    await hooked(member, '/flaky');
    answers.set('/flaky', [500, 503, 200]);
    await cheapestChanges({ [member.id]: 'full' });
    await eventually(async () => expect(at('/flaky')).toHaveLength(3));
    expect(new Set(at('/flaky').map((request) => request.headers['x-tripcost-notification-id'])).size).toBe(1);
    // Delivered on the third try: still on.
    expect((await call(member, 'GET', '/api/notifications/preferences')).body.channels.webhook).toBe(true);
  });

  it('when it answers with a redirect, then the redirect is not followed and counts as a failure', async () => {
    const member = testUser();
    await hooked(member, '/moved');
    answers.set('/moved', [302]);
    await cheapestChanges({ [member.id]: 'full' });
    await eventually(async () => expect(at('/moved')).toHaveLength(3));
    expect(at('/elsewhere')).toHaveLength(0);
  });

  it('when every try of two messages in a row failed, then it is switched off and the person is told in-app', async () => {
    const member = testUser();
    await hooked(member, '/down');
    answers.set('/down', [500]);
    await cheapestChanges({ [member.id]: 'full' });
    await eventually(async () => expect(at('/down')).toHaveLength(3));
    await cheapestChanges({ [member.id]: 'full' });
    await eventually(async () =>
      expect((await call(member, 'GET', '/api/notifications/preferences')).body.channels.webhook).toBe(false),
    );
    expect(at('/down')).toHaveLength(6);
    const list = (await call(member, 'GET', '/api/notifications')).body.items as Array<{ kind: string; title: string }>;
    expect(list[0]).toEqual(expect.objectContaining({ kind: 'channel', title: 'Your webhook was switched off' }));
    // Off means off: the next alert is not sent to it.
    await cheapestChanges({ [member.id]: 'full' });
    await eventually(async () => expect((await call(member, 'GET', '/api/notifications')).body.items).toHaveLength(4));
    expect(at('/down')).toHaveLength(6);
    // Turning it back on in the preferences is refused until it is set up again.
    expect((await call(member, 'PUT', '/api/notifications/preferences', { channels: { webhook: true } })).status).toBe(
      400,
    );
  });

  it('when removed, then nothing more is sent, and removing again is 404', async () => {
    const member = testUser();
    await hooked(member, '/removed');
    expect((await call(member, 'DELETE', '/api/notifications/webhook')).status).toBe(204);
    expect((await call(member, 'DELETE', '/api/notifications/webhook')).body).toEqual({
      msg: 'No webhook is set up on this account.',
      code: 'not_found',
    });
    expect((await call(member, 'GET', '/api/notifications/preferences')).body.channels.webhook).toBe(false);
    await cheapestChanges({ [member.id]: 'full' });
    await eventually(async () => expect((await call(member, 'GET', '/api/notifications')).body.items).toHaveLength(1));
    expect(at('/removed')).toHaveLength(0);
  });

  it('when the account export is asked for, then it lists the webhook without its secret; when the account is deleted, it goes', async () => {
    const member = testUser();
    const { secret } = await hooked(member, '/exported');
    const exported = await call(member, 'GET', '/api/notifications/export');
    expect(exported.body.channels).toEqual({
      push_subscriptions: [],
      webhook: { url: `${receiverUrl}/exported`, created_at: expect.any(String), switched_off_at: null },
      calendar_feed: null,
    });
    expect(JSON.stringify(exported.body)).not.toContain(secret);
    const id = randomUUID();
    const event = { id, type: 'user.deleted', occurredAt: new Date().toISOString(), payload: { userId: member.id } };
    await inbox.add('user.deleted', event, { ...EVENT_JOB_OPTIONS, jobId: id });
    await eventually(async () =>
      expect((await call(member, 'GET', '/api/notifications/export')).body.channels.webhook).toBe(null),
    );
  });

  it.each([
    ['a private address', 'https://10.1.2.3/hook'],
    ['a home network', 'https://192.168.1.10/hook'],
    ['the cloud metadata address', 'https://169.254.169.254/latest/meta-data'],
    ['a unique-local IPv6 address', 'https://[fd00:ec2::254]/hook'],
    ['a carrier-grade NAT address', 'https://100.100.100.200/hook'],
    ['plain http to a public address', 'http://93.184.215.14/hook'],
    ['another scheme', 'ftp://93.184.215.14/hook'],
    ['no URL', 'my server'],
  ])('when the URL is %s, then it is refused with a reason and nothing is kept', async (_what, url) => {
    const member = testUser();
    const answer = await call(member, 'PUT', '/api/notifications/webhook', { url });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toMatch(/https:\/\/|public internet/);
    expect((await call(member, 'DELETE', '/api/notifications/webhook')).status).toBe(404);
  });

  it('when anyone else asks, then only their own webhook is touched; without a login, nothing', async () => {
    const member = testUser();
    await hooked(member, '/mine');
    expect((await call(testUser(), 'DELETE', '/api/notifications/webhook')).status).toBe(404);
    expect((await call(member, 'GET', '/api/notifications/preferences')).body.channels.webhook).toBe(true);
    const anonymous = await fetch(`${service.url}/api/notifications/webhook`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: `${receiverUrl}/x` }),
    });
    expect(anonymous.status).toBe(401);
    expect(
      (await call(member, 'PUT', '/api/notifications/webhook', { url: `${receiverUrl}/x`, extra: 1 })).status,
    ).toBe(400);
  });
});
