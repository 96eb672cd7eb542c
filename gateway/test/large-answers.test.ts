// Large answers through the gateway: compressed when the client accepts it (br or
// gzip, negotiated), as they are otherwise, never for small answers, 304s or event
// streams; ETags weak on compressed answers so If-None-Match still gets a 304.
import { request, ServerResponse, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { RunningServer } from '@tripcost/shared';
import { requestContext } from '@tripcost/shared';
import { eventually, testUser, tokenFor } from '@tripcost/shared/testing';
import { fakeUpstream, startTestGateway, type FakeUpstream } from './helpers';

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  /** The bytes on the wire (not decoded). */
  body: Buffer;
}

/** GET without any automatic decoding, so the test sees what travelled. */
function rawGet(url: string, headers: Record<string, string>): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const trips = Array.from({ length: 200 }, (_, i) => ({
  _id: i.toString(16).padStart(24, '0'),
  location_address: `City ${i}, State, Country`,
  total_cost: 63575 + i,
  instances: [{ trip_start: '2030-01-05', trip_end: '2030-01-09', stay_expense: 42050 }],
}));
const LARGE = Buffer.from(JSON.stringify(trips));
const SMALL = Buffer.from(JSON.stringify({ msg: 'short' }));
/** About 900 kB, as a traveller's list of 200 trips × 5 windows: many socket reads upstream. */
const BIG = Buffer.from(JSON.stringify(Array.from({ length: 30 }, () => trips)));
const LIST_TAG = '"list-1"';
const CHUNK = Buffer.alloc(64 * 1024, 'a');
const HUGE_CHUNKS = 1024;
/** How many bytes of the 64 MB answer the gateway has taken from the upstream so far. */
let hugeBytesTaken = 0;
/**
 * A full collection, borrowed for this file: the flag is set only while a context takes
 * `gc`, then unset, so test files that run later in this worker see no `gc` global.
 */
const collect = (() => {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  setFlagsFromString('--no-expose-gc');
  return gc;
})();

/** Bytes in Buffers still referenced (garbage collected first). */
function liveArrayBuffers(): number {
  collect();
  return process.memoryUsage().arrayBuffers;
}
/** Answers of the fake upstream whose connection closed before they were finished. */
const cutAnswers: string[] = [];

describe('gateway: large and compressed answers', () => {
  let upstream: FakeUpstream;
  let gateway: RunningServer;
  let plainGateway: RunningServer;
  const bearer = { authorization: `Bearer ${tokenFor(testUser())}` };

  beforeAll(async () => {
    upstream = await fakeUpstream('trips');
    upstream.respond = (req, res) => {
      if (req.url === '/api/trips/small') {
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': SMALL.length });
        return void res.end(SMALL);
      }
      if (req.url === '/api/trips/slow') {
        // Half the list now, the rest never: the client will leave in between.
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': LARGE.length });
        res.write(LARGE.subarray(0, LARGE.length >> 1));
        res.on('close', () => {
          if (!res.writableFinished) cutAnswers.push(req.url ?? '');
        });
        return;
      }
      if (req.url === '/api/trips/events') {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.write(`data: ${'x'.repeat(2000)}\n\n`);
        // The second event only after the client has seen the first: the stream stays open.
        return void setTimeout(() => res.end('data: last\n\n'), 300);
      }
      if (req.url === '/api/trips/huge') {
        // 64 MB, written as fast as the gateway takes it: how much it took is counted.
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': HUGE_CHUNKS * CHUNK.length });
        let sent = 0;
        const more = () => {
          while (sent < HUGE_CHUNKS) {
            sent++;
            hugeBytesTaken += CHUNK.length;
            if (!res.write(CHUNK)) return void res.once('drain', more);
          }
          res.end();
        };
        return void more();
      }
      if (req.url === '/api/trips/big') {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': BIG.length });
        return void res.end(BIG);
      }
      const match = String(req.headers['if-none-match'] ?? '').replace(/^W\//, '');
      if (match === LIST_TAG) {
        res.writeHead(304, { etag: LIST_TAG });
        return void res.end();
      }
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': LARGE.length,
        etag: LIST_TAG,
      });
      res.end(LARGE);
    };
    const env = { TRIPS_URL: upstream.url, WEB_DIST: '/nonexistent-web-dist' };
    [gateway, plainGateway] = await Promise.all([
      startTestGateway(env),
      startTestGateway({ ...env, COMPRESS_ANSWERS: 'false' }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([gateway.stop(), plainGateway.stop()]);
    await upstream.close();
  });

  const list = (headers: Record<string, string> = {}, server = gateway) =>
    rawGet(`${server.url}/api/trips/getaway-trip`, { ...bearer, ...headers });

  it('when the client accepts gzip, then the list arrives gzipped, far smaller, and decodes to the same JSON', async () => {
    const answer = await list({ 'accept-encoding': 'gzip' });
    expect(answer.status).toBe(200);
    expect(answer.headers['content-encoding']).toBe('gzip');
    expect(answer.headers.vary).toMatch(/accept-encoding/i);
    expect(answer.headers.etag).toBe(`W/${LIST_TAG}`);
    expect(answer.body.length).toBeLessThan(LARGE.length * 0.15);
    expect(gunzipSync(answer.body).equals(LARGE)).toBe(true);
  });

  it('when the client accepts br (as browsers send it, or alone), then Brotli; gzip when br is liked less', async () => {
    for (const accept of ['gzip, deflate, br, zstd', 'br']) {
      const answer = await list({ 'accept-encoding': accept });
      expect(answer.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(answer.body).equals(LARGE)).toBe(true);
    }
    const lessBrotli = await list({ 'accept-encoding': 'br;q=0.5, gzip' });
    expect(lessBrotli.headers['content-encoding']).toBe('gzip');
  });

  it('when the client asks for no encoding (or refuses ours), then the list comes as it is, byte for byte, with its strong ETag', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'deflate, br;q=0, gzip;q=0' }]) {
      const answer = await list(headers);
      expect(answer.headers['content-encoding']).toBeUndefined();
      expect(answer.headers['content-length']).toBe(String(LARGE.length));
      expect(answer.headers.vary).toMatch(/accept-encoding/i);
      expect(answer.headers.etag).toBe(LIST_TAG);
      expect(answer.body.equals(LARGE)).toBe(true);
    }
  });

  it('when a large answer streams through, then every write to the client carries bytes (no empty writes, one syscall per chunk)', async () => {
    // undici hands the proxy an empty chunk after each socket read that ends inside
    // the body; written on, each was a zero-length write(2) to the client: twice the
    // syscalls of a bare proxy on the real trips list.
    const port = new URL(plainGateway.url).port;
    const sizes: number[] = [];
    const write = ServerResponse.prototype.write;
    const spy = jest.spyOn(ServerResponse.prototype, 'write').mockImplementation(function (
      this: ServerResponse,
      ...args: Parameters<ServerResponse['write']>
    ) {
      if (String(this.socket?.localPort) === port) sizes.push((args[0] as Buffer).length);
      return write.apply(this, args);
    });
    try {
      const answer = await rawGet(`${plainGateway.url}/api/trips/big`, bearer);
      expect(answer.body.equals(BIG)).toBe(true);
    } finally {
      spy.mockRestore();
    }
    expect(sizes.length).toBeGreaterThan(1);
    expect(sizes.filter((size) => size === 0)).toEqual([]);
  });

  it('when a client stops reading a huge answer, then the gateway holds none of it in memory (the service waits)', async () => {
    for (const [server, headers] of [
      [plainGateway, {}],
      [gateway, { 'accept-encoding': 'br' }],
    ] as const) {
      hugeBytesTaken = 0;
      const buffersBefore = liveArrayBuffers();
      const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
      socket.pause(); // reads nothing
      const head = Object.entries({ ...bearer, ...headers }).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.write(`GET /api/trips/huge HTTP/1.1\r\nhost: localhost\r\n${head.join('')}\r\n`);
      // The sockets between take what their kernel buffers hold (tens of MB on
      // loopback), then nothing more moves; none of it may wait in the gateway's memory.
      let before = -1;
      await eventually(
        () => {
          const settled = hugeBytesTaken === before && hugeBytesTaken > 0;
          before = hugeBytesTaken;
          return settled;
        },
        { timeoutMs: 10_000, intervalMs: 300, what: 'the upstream to be held back' },
      );
      const held = liveArrayBuffers() - buffersBefore;
      socket.destroy();
      expect({ held: held < 4 * 1024 * 1024, taken: hugeBytesTaken > 0 }).toEqual({ held: true, taken: true });
    }
  });

  it('when an answer is under 1 kB, then it is not compressed', async () => {
    const answer = await rawGet(`${gateway.url}/api/trips/small`, { ...bearer, 'accept-encoding': 'br, gzip' });
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.body.equals(SMALL)).toBe(true);
  });

  it('when the compressed list is revalidated with its weak ETag, then 304 with no body', async () => {
    const first = await list({ 'accept-encoding': 'br' });
    const again = await list({ 'accept-encoding': 'br', 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.headers['content-encoding']).toBeUndefined();
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.body.length).toBe(0);
  });

  it('when an event stream is asked for with gzip, then events flow uncompressed, each as it is sent', async () => {
    const firstEvent = await new Promise<{ headers: IncomingHttpHeaders; text: string; ended: boolean }>(
      (resolve, reject) => {
        const req = request(
          `${gateway.url}/api/trips/events`,
          { headers: { ...bearer, 'accept-encoding': 'gzip, br' } },
          (res) => {
            let ended = false;
            res.once('end', () => (ended = true));
            res.once('data', (chunk: Buffer) => {
              resolve({ headers: res.headers, text: chunk.toString('utf8'), ended });
              res.resume();
            });
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    expect(firstEvent.headers['content-encoding']).toBeUndefined();
    expect(firstEvent.text.startsWith('data: xxx')).toBe(true);
    expect(firstEvent.ended).toBe(false);
  });

  it('when compression is switched off (an ingress compresses), then answers pass as they are', async () => {
    const answer = await list({ 'accept-encoding': 'gzip, br' }, plainGateway);
    expect(answer.headers['content-encoding']).toBeUndefined();
    expect(answer.headers.etag).toBe(LIST_TAG);
    expect(answer.body.equals(LARGE)).toBe(true);
  });

  it('when the gateway has served its own pages (/healthz), then no request context was entered (async hooks stay off for the proxy)', async () => {
    expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200);
    await list();
    // The first AsyncLocalStorage#run switches async hooks on for the whole process.
    expect((requestContext as unknown as { enabled: boolean }).enabled).toBe(false);
  });
  it.each([
    ['as it came', () => plainGateway, {}],
    ['compressed', () => gateway, { 'accept-encoding': 'br' }],
  ])(
    'when travellers leave mid-answer (%s), then each upstream answer is cut too, and the next traveller still gets the list',
    async (_, through, encoding) => {
      const leaves = 12;
      cutAnswers.length = 0;
      for (let i = 0; i < leaves; i++) {
        await new Promise<void>((resolve, reject) => {
          const leave = () => {
            req.destroy();
            resolve();
          };
          const req = request(`${through().url}/api/trips/slow`, { headers: { ...bearer, ...encoding } }, (res) => {
            res.once('data', leave);
          });
          req.on('error', (error) => (req.destroyed ? resolve() : reject(error)));
          req.end();
          // Half a list is still inside the compressor (Brotli sends whole blocks): leave meanwhile.
          if ('accept-encoding' in encoding) setTimeout(leave, 100);
        });
      }
      // The gateway holds no upstream connection for an answer nobody reads.
      for (let wait = 0; wait < 50 && cutAnswers.length < leaves; wait++) await new Promise((r) => setTimeout(r, 20));
      expect(cutAnswers).toHaveLength(leaves);
      const after = await list(encoding, through());
      expect(after.status).toBe(200);
      const body = 'accept-encoding' in encoding ? brotliDecompressSync(after.body) : after.body;
      expect(body.equals(LARGE)).toBe(true);
    },
  );
});
