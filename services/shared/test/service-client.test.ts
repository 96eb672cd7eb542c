// The kit's service-to-service client: a declared endpoint is checked against the
// callee's OpenAPI document, and calls pass the caller's token, fill the path, retry
// what a restarting callee did not handle and give up on a hang by its deadline.
import { createServiceClient, defineEndpoint, openApiMismatches } from '../src';
import { startFakeUpstream, type FakeUpstream } from '../src/testing';

const document = {
  paths: {
    '/api/things/{thingId}': {
      get: {
        responses: { '200': { content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } } } },
      },
    },
    '/api/things': {
      get: {
        parameters: [{ name: 'limit', in: 'query' }],
        responses: {
          '200': {
            content: {
              'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Thing' } } },
            },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Thing: { type: 'object', properties: { _id: {}, name: {} }, allOf: [{ properties: { total: {} } }] },
    },
  },
};

const oneThing = defineEndpoint({
  callee: 'trips',
  method: 'get',
  path: '/api/things/{thingId}',
  answer: { list: false, reads: ['_id', 'name', 'total'] },
});

describe('openApiMismatches', () => {
  it('when the endpoint is as the callee documents it, then nothing is reported', () => {
    expect(openApiMismatches(oneThing, document)).toEqual([]);
    const list = defineEndpoint({
      callee: 'trips',
      method: 'get',
      path: '/api/things',
      query: ['limit'],
      answer: { list: true, reads: ['name'] },
    });
    expect(openApiMismatches(list, document)).toEqual([]);
  });

  it.each([
    [
      'an unknown path',
      { ...oneThing, path: '/api/thing/{thingId}' },
      'GET /api/thing/{thingId}: not in the trips API',
    ],
    [
      'a field the answer lacks',
      { ...oneThing, answer: { list: false, reads: ['_id', 'price'] } },
      "GET /api/things/{thingId}: the answer has no field 'price'",
    ],
    [
      'a list where an object is answered',
      { ...oneThing, answer: { list: true, reads: [] } },
      'GET /api/things/{thingId}: answers an object',
    ],
    [
      'an undocumented query parameter',
      { ...oneThing, query: ['offset'] },
      "GET /api/things/{thingId}: no query parameter 'offset'",
    ],
  ])('when the endpoint declares %s, then the mismatch is reported', (_case, endpoint, problem) => {
    expect(openApiMismatches(endpoint, document)).toEqual([problem]);
  });
});

describe('createServiceClient', () => {
  let upstream: FakeUpstream;
  let answers: { status: number; json?: unknown }[];
  beforeEach(async () => {
    answers = [];
    upstream = await startFakeUpstream(() => answers.shift() ?? { status: 200, json: { _id: 'a b', name: 'x' } });
  });
  afterEach(() => upstream.close());

  it('when called, then the path is filled, the query sent and the caller’s token passed on', async () => {
    const client = createServiceClient({ baseUrl: `${upstream.url}/`, timeoutMs: 2000 });
    const list = defineEndpoint({
      callee: 'trips',
      method: 'get',
      path: '/api/things/{thingId}',
      query: ['limit'],
      answer: { list: false, reads: [] },
    });
    const answer = await client.get(list, {
      authorization: 'Bearer t',
      params: { thingId: 'a b' },
      query: { limit: 5 },
    });
    expect(answer).toEqual({ status: 200, body: { _id: 'a b', name: 'x' } });
    expect(upstream.calls.map((c) => [c.url, c.headers.authorization])).toEqual([
      ['/api/things/a%20b?limit=5', 'Bearer t'],
    ]);
  });

  it('when the callee is draining (503) and then answers, then the answer arrives', async () => {
    answers.push({ status: 503, json: { msg: 'draining' } }, { status: 503, json: { msg: 'draining' } });
    const client = createServiceClient({ baseUrl: upstream.url, timeoutMs: 2000 });
    const answer = await client.get(oneThing, { authorization: 'Bearer t', params: { thingId: '1' } });
    expect(answer.status).toBe(200);
    expect(upstream.calls).toHaveLength(3);
  });

  it('when the callee keeps answering 503, then the last 503 is answered once the retry window is over', async () => {
    const client = createServiceClient({ baseUrl: upstream.url, timeoutMs: 2000, retryWindowMs: 0 });
    answers.push({ status: 503, json: { msg: 'draining' } });
    expect(await client.get(oneThing, { authorization: 'Bearer t', params: { thingId: '1' } })).toEqual({
      status: 503,
      body: undefined,
    });
  });

  it('when the callee answers 404, then it is answered without a retry', async () => {
    answers.push({ status: 404, json: { msg: 'no' } });
    const client = createServiceClient({ baseUrl: upstream.url, timeoutMs: 2000 });
    expect((await client.get(oneThing, { authorization: 'Bearer t', params: { thingId: '1' } })).status).toBe(404);
    expect(upstream.calls).toHaveLength(1);
  });

  it('when nothing listens, then the call fails once the retry window is over', async () => {
    const url = upstream.url;
    await upstream.close();
    const client = createServiceClient({ baseUrl: url, timeoutMs: 2000, retryWindowMs: 200 });
    await expect(client.get(oneThing, { authorization: 'Bearer t', params: { thingId: '1' } })).rejects.toThrow();
  });
});
