// Real upstream HTTP servers for gateway tests: each records what it received and
// answers as the test tells it to.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createLogger, type Logger } from '@tripcost/shared';
import { closedPortUrl, startFakeUpstream, testKeys, testRedisUrl, uniqueSuffix } from '@tripcost/shared/testing';
import { gatewayConfigSchema, startGateway, type RunningGateway } from '../src';

export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  bodyLength: number;
  body: Buffer;
}

export interface FakeUpstream {
  url: string;
  received: Received[];
  respond: (req: Pick<Received, 'method' | 'url' | 'headers'>, res: ServerResponse, body: Buffer) => void;
  close(): Promise<void>;
}

/** The shared fake upstream, with the request/response hook these tests use. */
export async function fakeUpstream(name: string): Promise<FakeUpstream> {
  const fake: FakeUpstream = {
    url: '',
    received: [],
    respond: (req, res, body) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ upstream: name, method: req.method, url: req.url, bodyLength: body.length }));
    },
    close: () => upstream.close(),
  };
  const upstream = await startFakeUpstream((call, res) => {
    const received = {
      method: call.method,
      url: call.url,
      headers: call.headers,
      bodyLength: call.rawBody.length,
      body: call.rawBody,
    };
    fake.received.push(received);
    fake.respond(received, res, call.rawBody);
  });
  fake.url = upstream.url;
  return fake;
}

export { closedPortUrl };

export async function startTestGateway(
  env: Record<string, string>,
  logger: Logger = createLogger('gateway-test', process.env.TEST_LOG_LEVEL ?? 'silent'),
): Promise<RunningGateway> {
  const config = gatewayConfigSchema.parse({
    PORT: '0',
    METRICS_PORT: '0',
    REDIS_URL: testRedisUrl(),
    JWT_PUBLIC_KEY: testKeys().publicKey,
    // A fresh client "IP space" per gateway is not possible, so limits are keyed per
    // test run through a unique prefix in the email (login) or set high (global).
    RATE_LIMIT_PER_MINUTE: '100000',
    PHOTO_RATE_LIMIT_PER_MINUTE: '100000',
    ...env,
  });
  return startGateway(config, logger);
}

export { uniqueSuffix };
