// A stand-in for a service or provider we call over HTTP: a real HTTP server on
// loopback that records every request and answers as the test says. Tests mock
// third parties (and, in a service's own suite, other services) only this way.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedCall {
  method: string;
  /** Path and query as sent. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** The body as text (`rawBody` has the bytes). */
  body: string;
  rawBody: Buffer;
}

export interface FakeAnswer {
  status?: number;
  json?: unknown;
  /** Raw body (garbage, images); wins over json. */
  body?: string | Buffer;
  contentType?: string;
  /** Answer this much later (a slow upstream); the fake cancels pending answers on close. */
  delayMs?: number;
}

/**
 * How to answer a call: a FakeAnswer, or nothing when the handler wrote to `res`
 * itself (streaming, a late answer) or wants the request to hang unanswered.
 */
export type FakeHandler = (
  call: RecordedCall,
  res: ServerResponse,
) => FakeAnswer | undefined | void | Promise<FakeAnswer | undefined | void>;

export interface FakeUpstream {
  url: string;
  calls: RecordedCall[];
  /** Calls whose path starts with `prefix`. */
  count(prefix?: string): number;
  handle(handler: FakeHandler): void;
  close(): Promise<void>;
}

export async function startFakeUpstream(initial: FakeHandler = () => ({ status: 500 })): Promise<FakeUpstream> {
  let handler = initial;
  const calls: RecordedCall[] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const rawBody = Buffer.concat(chunks);
      const call: RecordedCall = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: rawBody.toString('utf8'),
        rawBody,
      };
      calls.push(call);
      const answer = await handler(call, res);
      if (!answer) return;
      const send = () => {
        if (res.destroyed) return;
        const body = answer.body ?? (answer.json === undefined ? '' : JSON.stringify(answer.json));
        res.writeHead(answer.status ?? 200, { 'content-type': answer.contentType ?? 'application/json' });
        res.end(body);
      };
      if (!answer.delayMs) return send();
      const timer = setTimeout(() => {
        timers.delete(timer);
        send();
      }, answer.delayMs);
      timers.add(timer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    calls,
    count: (prefix = '/') => calls.filter((call) => call.path.startsWith(prefix)).length,
    handle(next) {
      handler = next;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A loopback URL nothing listens on: bind a port, note it, close it. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}
