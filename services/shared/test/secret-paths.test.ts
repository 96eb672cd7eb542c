// Secrets in URLs (src/secret-paths.ts, docs/adr/0052): an invitation token in a path is
// never written to a log line, whatever the level, the field or the logger it goes through.
import { Writable } from 'node:stream';
import { accessLogger, createLogger, redactSecrets } from '../src';

const TOKEN = 'Zq3k9_-xYvA0bC1dE2fG3hI4jK5lM6nO7pQ8rS9tU0w';

describe('secret path segments', () => {
  it.each([
    [`/api/trips/invites/${TOKEN}/accept`, '/api/trips/invites/<redacted>/accept'],
    [`/api/trips/invites/${TOKEN}`, '/api/trips/invites/<redacted>'],
    [`/api/trips/invites/${TOKEN}?x=1`, '/api/trips/invites/<redacted>?x=1'],
    [`/join/${TOKEN}`, '/join/<redacted>'],
    [`/JOIN/${TOKEN}`, '/JOIN/<redacted>'],
    [`https://tripcost.example/join/${TOKEN}`, 'https://tripcost.example/join/<redacted>'],
    [`GET /api/trips/invites/${TOKEN}/accept failed`, 'GET /api/trips/invites/<redacted>/accept failed'],
    // A calendar feed link (issue 42): fetched without a login, its token is the secret.
    [`/api/notifications/calendar/${TOKEN}.ics`, '/api/notifications/calendar/<redacted>'],
    [
      `webcal://tripcost.example/api/notifications/calendar/${TOKEN}.ics`,
      'webcal://tripcost.example/api/notifications/calendar/<redacted>',
    ],
  ])('%s is logged as %s', (url, logged) => {
    expect(redactSecrets(url)).toBe(logged);
    expect(redactSecrets(logged)).toBe(logged);
  });

  it('leaves paths without a secret as they are, invitation ids included', () => {
    const revoke = '/api/trips/getaway/65a1b2c3d4e5f6a7b8c9d0e1/invites/65a1b2c3d4e5f6a7b8c9d0e2';
    expect(redactSecrets(revoke)).toBe(revoke);
    expect(redactSecrets('/api/trips/getaway-trip?limit=5')).toBe('/api/trips/getaway-trip?limit=5');
    // Making, revoking or asking about a feed names no token.
    expect(redactSecrets('POST /api/notifications/calendar')).toBe('POST /api/notifications/calendar');
  });
});

describe('every log line of a kit logger', () => {
  const output: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      output.push(String(chunk));
      done();
    },
  });
  const logger = createLogger('sample', 'debug', sink);

  it('keeps the token out of access lines, urls, error messages, stacks and fields at every level', () => {
    const url = `/api/trips/invites/${TOKEN}/accept`;
    accessLogger(logger)().debug({ req: { method: 'POST', url } }, 'request completed');
    logger.warn({ url, status: 404 }, 'request refused');
    const error = Object.assign(new Error(`upstream failed for https://x.example/join/${TOKEN}`), { path: url });
    logger.error({ err: error }, 'upstream request failed');
    logger.error(error);
    logger.info({ req: { method: 'GET', url: `/join/${TOKEN}`, nested: { originalUrl: url } } }, 'page');
    logger.debug(`no invitation at ${url}`);

    const written = output.join('');
    expect(written).not.toContain(TOKEN);
    expect(written).toContain('/api/trips/invites/<redacted>/accept');
    expect(written).toContain('/join/<redacted>');
    expect(output.filter((line) => line.includes('<redacted>'))).toHaveLength(6);
  });
});
