import { testUser, tokenFor } from '@tripcost/shared/testing';
import type { RunningIntegrations } from '../../src';
import {
  authHeader,
  bootIntegrations,
  guardAgainstInternet,
  startFakeUpstream,
  type FakeUpstream,
  SLOWER_THAN_TIMEOUT_MS,
} from '../support';

guardAgainstInternet();

const completion = (content: string) => ({
  json: { id: 'chatcmpl-1', choices: [{ index: 0, message: { role: 'assistant', content } }] },
});

describe('POST /api/chatgpt/fun-places', () => {
  let service: RunningIntegrations;
  let fake: FakeUpstream;
  const ask = (body: unknown, token: string | null = tokenFor(testUser())) =>
    fetch(`${service.url}/api/chatgpt/fun-places`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? authHeader(token) : {}) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });

  beforeEach(async () => {
    fake = await startFakeUpstream(() =>
      completion(
        'Here are ideas:\n1. **Belém Tower** - riverside fortress\n2. Alfama - old quarter\n- LX Factory\n\n* Time Out Market\n5) Oceanário\n6. Sintra\n7. Cascais',
      ),
    );
  });
  afterEach(async () => {
    await service.stop();
    await fake.close();
  });

  const bootWithKey = async (env: Record<string, string> = {}) => {
    service = await bootIntegrations({
      env: { OPENAI_API_KEY: 'sk-secret', OPENAI_MODEL: 'gpt-test', OPENAI_BASE_URL: fake.url, ...env },
    });
  };

  it('when no OpenAI key is configured, then 503 with the agreed message', async () => {
    service = await bootIntegrations();
    const res = await ask({ location: 'Lisbon, Portugal' });
    expect(res.status).toBe(503);
    expect((await res.json()).msg).toBe('Suggestions are not available right now.');
  });

  it('when the provider answers, then at most 5 plain-text lines, and the key never leaves the server', async () => {
    await bootWithKey();
    const res = await ask({ location: 'Lisbon, Portugal' });
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      funPlaces: 'Here are ideas:\nBelém Tower - riverside fortress\nAlfama - old quarter\nLX Factory\nTime Out Market',
    });
    expect(text).not.toContain('sk-secret');
    const [call] = fake.calls;
    expect(call!.path).toBe('/v1/chat/completions');
    expect(call!.headers.authorization).toBe('Bearer sk-secret');
    const sent = JSON.parse(call!.body);
    expect(sent.model).toBe('gpt-test');
    expect(sent.messages.at(-1).content).toContain('Lisbon, Portugal');
  });

  it('when the same location is asked again (any user, any spelling), then the cached answer and no provider call', async () => {
    await bootWithKey();
    expect((await ask({ location: 'Lisbon, Portugal' })).status).toBe(200);
    const again = await ask({ location: '  lisbon,  PORTUGAL ' });
    expect(again.status).toBe(200);
    expect((await again.json()).funPlaces.split('\n')).toHaveLength(5);
    expect(fake.calls).toHaveLength(1);
  });

  it('when a user passes the hourly allowance, then 429 {msg}; other users and cached answers are unaffected', async () => {
    await bootWithKey({ SUGGESTIONS_PER_USER_PER_HOUR: '3' });
    const greedy = tokenFor(testUser());
    for (const city of ['Porto', 'Faro', 'Braga']) expect((await ask({ location: city }, greedy)).status).toBe(200);
    const refused = await ask({ location: 'Lagos' }, greedy);
    expect(refused.status).toBe(429);
    expect((await refused.json()).msg).toBe(
      'You have asked for many suggestions in the last hour. Please try again later.',
    );
    expect(fake.calls).toHaveLength(3);
    expect((await ask({ location: 'Porto' }, greedy)).status).toBe(200); // cached answers cost nothing
    expect((await ask({ location: 'Lagos' })).status).toBe(200); // someone else
  });

  it('when 100 identical requests arrive at once, then the provider is called exactly once', async () => {
    await bootWithKey();
    fake.handle(() => ({ ...completion('Castle\nMuseum'), delayMs: 100 }));
    const token = tokenFor(testUser());
    const answers = await Promise.all(Array.from({ length: 100 }, () => ask({ location: 'Évora' }, token)));
    expect(answers.map((res) => res.status)).toEqual(Array(100).fill(200));
    expect(fake.calls).toHaveLength(1);
  });

  it('when the provider fails, is slow, or sends garbage, then 502/504 {msg} and never a 500', async () => {
    await bootWithKey();
    fake.handle(() => ({ status: 500, json: { error: 'boom' } }));
    const failing = await ask({ location: 'Porto' });
    expect(failing.status).toBe(502);
    expect(fake.calls).toHaveLength(1); // POST: not retried

    fake.handle(() => ({ body: 'garbage' }));
    expect((await ask({ location: 'Faro' })).status).toBe(502);
    fake.handle(() => completion('   \n\n  '));
    expect((await ask({ location: 'Braga' })).status).toBe(502);

    fake.handle(() => ({ ...completion('late'), delayMs: SLOWER_THAN_TIMEOUT_MS }));
    // The fake would answer much later: a 504 means the service's own timeout cut it short.
    const slow = await ask({ location: 'Sintra' });
    expect(slow.status).toBe(504);
    expect((await slow.json()).msg).toBe('The suggestions service did not answer in time. Please try again.');
  });

  it('when there is no token, then 401 and no provider call', async () => {
    await bootWithKey();
    expect((await ask({ location: 'Porto' }, null)).status).toBe(401);
    expect(fake.calls).toHaveLength(0);
  });

  it.each([
    ['no location', {}, 'Please give a location.'],
    ['a number', { location: 42 }, 'The location must be text.'],
    ['an operator object', { location: { $gt: '' } }, 'The location must be text.'],
    ['a blank location', { location: '   ' }, 'Please give a location.'],
    ['only punctuation', { location: '!!!' }, 'Please give a location.'],
    ['a long location', { location: 'x'.repeat(201) }, 'The location must be at most 200 characters.'],
    ['malformed JSON', '{"location":', 'The request body is not valid JSON.'],
  ])('when the body has %s, then 400 {msg}', async (_label, body, msg) => {
    await bootWithKey();
    const res = await ask(body);
    expect(res.status).toBe(400);
    expect((await res.json()).msg).toBe(msg);
    expect(fake.calls).toHaveLength(0);
  });
});
