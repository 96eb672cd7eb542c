// Real upstream HTTP servers for gateway tests: each records what it received and
// answers as the test tells it to.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@tripcost/shared';
import { testKeys, testRedisUrl, uniqueSuffix } from '@tripcost/shared/testing';
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
  respond: (req: IncomingMessage, res: ServerResponse, body: Buffer) => void;
  close(): Promise<void>;
}

export async function fakeUpstream(name: string): Promise<FakeUpstream> {
  const fake: FakeUpstream = {
    url: '',
    received: [],
    respond: (req, res, body) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ upstream: name, method: req.method, url: req.url, bodyLength: body.length }));
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      fake.received.push({ method: req.method!, url: req.url!, headers: req.headers, bodyLength: body.length, body });
      fake.respond(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** A port nothing listens on: bind, note the port, close. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

export async function startTestGateway(env: Record<string, string>): Promise<RunningGateway> {
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
  return startGateway(config, createLogger('gateway-test', process.env.TEST_LOG_LEVEL ?? 'silent'));
}

export { uniqueSuffix };
