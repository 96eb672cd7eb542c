// Web Push end to end (issue 42): the built notifications service in a child process
// (web-push speaks only HTTPS, so the child trusts the test's own certificate through
// NODE_EXTRA_CA_CERTS), a local fake push service over HTTPS, real Redis and BullMQ.
// The test plays the browser: its subscription keys are real, so it decrypts what
// arrives (RFC 8291, with web-push's own http_ece) and reads what the service worker
// would show. A subscription the push service says is gone (410) is dropped.
import { Queue } from 'bullmq';
import { spawn, type ChildProcess } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import selfsigned from 'selfsigned';
import webpush from 'web-push';
import { bullConnectionOptions, inboxQueueName, type AuthUser } from '@tripcost/shared';
import { eventually, testServiceEnv, testUser, tokenFor } from '@tripcost/shared/testing';
import { cheapestFlip } from '../support/cheapest-flip';
import { DELIVERIES_QUEUE } from '../../src/jobs/deliveries';
import { REMINDERS_QUEUE } from '../../src/jobs/reminders';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const ece = require('http_ece') as {
  decrypt(body: Buffer, params: { version: string; privateKey: unknown; authSecret: string }): Buffer;
};

const MAIN = resolve(__dirname, '../../dist/main.js');
const vapid = webpush.generateVAPIDKeys();
const env = testServiceEnv({
  WEBHOOK_ALLOW_LOOPBACK: 'true',
  DELIVERY_ATTEMPTS: '2',
  DELIVERY_BACKOFF_MS: '50',
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  VAPID_SUBJECT: 'mailto:test@tripcost.example',
  LOG_LEVEL: 'info',
});
const inbox = new Queue(inboxQueueName('notifications'), {
  connection: bullConnectionOptions(env.REDIS_URL),
  prefix: env.QUEUE_PREFIX,
});

interface Pushed {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}
const pushed: Pushed[] = [];
/** What the fake push service answers per endpoint path: 201 Created unless told. */
const answers = new Map<string, number>();
let pushService: Server;
let pushOrigin = '';
let child: ChildProcess;
let serviceUrl = '';

beforeAll(async () => {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: build first (npx tsc -b tsconfig.build.json)`);
  const pems = selfsigned.generate([{ name: 'commonName', value: 'localhost' }], {
    days: 1,
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  const caFile = join(env.DATA_DIR, 'push-ca.pem');
  writeFileSync(caFile, pems.cert);
  pushService = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      pushed.push({ path: req.url!, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answers.get(req.url!) ?? 201).end();
    });
  });
  await new Promise<void>((done) => pushService.listen(0, '127.0.0.1', done));
  pushOrigin = `https://127.0.0.1:${(pushService.address() as AddressInfo).port}`;

  child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, ...env, NODE_EXTRA_CA_CERTS: caFile },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  serviceUrl = await new Promise<string>((done, fail) => {
    let seen = '';
    child.once('exit', (code) => fail(new Error(`the service exited (${code}) before listening`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const port = /"port":(\d+)[^\n]*notifications listening/.exec(seen)?.[1];
      if (port) done(`http://127.0.0.1:${port}`);
    });
  });
  child.stdout!.resume();
}, 30_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((done) => child.once('exit', done));
    child.kill('SIGTERM');
    await exited;
  }
  await new Promise((done) => pushService?.close(done));
  for (const name of [inboxQueueName('notifications'), REMINDERS_QUEUE, DELIVERIES_QUEUE]) {
    const queue = new Queue(name, { connection: bullConnectionOptions(env.REDIS_URL), prefix: env.QUEUE_PREFIX });
    await queue.obliterate({ force: true });
    await queue.close();
  }
  await inbox.close();
});

async function call(user: AuthUser | null, method: string, path: string, body?: unknown) {
  const res = await fetch(`${serviceUrl}${path}`, {
    method,
    headers: {
      ...(user ? { authorization: `Bearer ${tokenFor(user)}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : undefined };
}

/** A browser's subscription: real keys, so what arrives can be decrypted as the browser would. */
function browser(name: string) {
  const keys = createECDH('prime256v1');
  keys.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return {
    keys,
    auth,
    subscription: {
      endpoint: `${pushOrigin}/push/${name}`,
      expirationTime: null,
      keys: { p256dh: keys.getPublicKey().toString('base64url'), auth },
    },
    read(message: Pushed) {
      const plain = ece.decrypt(message.body, { version: 'aes128gcm', privateKey: keys, authSecret: auth });
      return JSON.parse(plain.toString('utf8'));
    },
  };
}

const owner = testUser({ name: 'Ana' });
const cheapestChanges = (members: Record<string, 'full' | 'hidden'>) =>
  cheapestFlip(inbox, { owner, members, name: 'Porto', total: 99_00 });
const at = (name: string) => pushed.filter((message) => message.path === `/push/${name}`);

it('when a browser subscribes, then push turns on and each alert arrives encrypted, signed with VAPID, with a link and a way off', async () => {
  const member = testUser();
  expect((await call(member, 'GET', '/api/notifications/push-key')).body).toEqual({ public_key: vapid.publicKey });
  const phone = browser('phone');
  expect((await call(member, 'POST', '/api/notifications/push-subscriptions', phone.subscription)).status).toBe(204);
  expect((await call(member, 'GET', '/api/notifications/preferences')).body.channels.push).toBe(true);

  const tripId = await cheapestChanges({ [member.id]: 'full' });
  await eventually(async () => expect(at('phone')).toHaveLength(1), { timeout: 10_000 });
  const [message] = at('phone');
  expect(message.headers['content-encoding']).toBe('aes128gcm');
  expect(message.headers.authorization).toMatch(new RegExp(`^vapid t=.+, k=${vapid.publicKey}$`));
  expect(phone.read(message)).toEqual(
    expect.objectContaining({
      kind: 'cheapest',
      title: 'A new cheapest window',
      body: '“June” is now the cheapest window of Porto, at 99.00 EUR.',
      link: `http://localhost:8080/trips/${tripId}/instances/w2`,
      turn_off: expect.objectContaining({ link: 'http://localhost:8080/notifications' }),
    }),
  );
}, 20_000);

it('when the push service says a subscription is gone, then it is dropped, and push turns off with the last one', async () => {
  const member = testUser();
  const old = browser('old');
  expect((await call(member, 'POST', '/api/notifications/push-subscriptions', old.subscription)).status).toBe(204);
  answers.set('/push/old', 410);
  await cheapestChanges({ [member.id]: 'hidden' });
  await eventually(
    async () => expect((await call(member, 'GET', '/api/notifications/preferences')).body.channels.push).toBe(false),
    { timeout: 10_000 },
  );
  // Tried once: gone is not retried.
  expect(at('old')).toHaveLength(1);
  expect(
    (await call(member, 'DELETE', '/api/notifications/push-subscriptions', { endpoint: old.subscription.endpoint }))
      .status,
  ).toBe(404);
}, 20_000);

it('when a subscription is removed, or names a private address, or someone else asks, then nothing is sent or kept', async () => {
  const member = testUser();
  const laptop = browser('laptop');
  await call(member, 'POST', '/api/notifications/push-subscriptions', laptop.subscription);
  expect(
    (
      await call(testUser(), 'DELETE', '/api/notifications/push-subscriptions', {
        endpoint: laptop.subscription.endpoint,
      })
    ).status,
  ).toBe(404);
  expect(
    (await call(member, 'DELETE', '/api/notifications/push-subscriptions', { endpoint: laptop.subscription.endpoint }))
      .status,
  ).toBe(204);
  expect((await call(member, 'GET', '/api/notifications/preferences')).body.channels.push).toBe(false);
  const inside = { ...laptop.subscription, endpoint: 'https://10.0.0.8/push/x' };
  expect((await call(member, 'POST', '/api/notifications/push-subscriptions', inside)).status).toBe(400);
  expect(
    (
      await call(member, 'POST', '/api/notifications/push-subscriptions', {
        ...laptop.subscription,
        keys: { p256dh: 'x' },
      })
    ).status,
  ).toBe(400);
  expect((await call(null, 'POST', '/api/notifications/push-subscriptions', laptop.subscription)).status).toBe(401);
  await cheapestChanges({ [member.id]: 'full' });
  await eventually(async () => expect((await call(member, 'GET', '/api/notifications')).body.items).toHaveLength(1));
  expect(at('laptop')).toHaveLength(0);
});
