// One prefix for every Redis key: two products on one Redis never meet, and the default
// prefix keeps the keys a running deployment already holds.
import {
  DEFAULT_QUEUE_PREFIX,
  integrationsKeyPrefix,
  rateLimitKey,
  refreshSessionKeyPrefix,
  revokedUserKeyPrefix,
} from '../src/redis-keys';

const everyPrefix = (prefix: string) => [
  revokedUserKeyPrefix(prefix),
  rateLimitKey(prefix),
  rateLimitKey(prefix, 'ip'),
  rateLimitKey(prefix, 'photo'),
  refreshSessionKeyPrefix(prefix),
  integrationsKeyPrefix(prefix),
];

describe('Redis key prefixes', () => {
  it('when the prefix is the default, then the keys are the ones earlier versions wrote', () => {
    expect(everyPrefix(DEFAULT_QUEUE_PREFIX)).toEqual([
      'tripcost:revoked-user:',
      'tripcost:rl',
      'tripcost:rl:ip',
      'tripcost:rl:photo',
      'auth:',
      'tripcost:integrations',
    ]);
  });

  it('when two runs have different prefixes, then every key of one starts with its own prefix and none with the other', () => {
    for (const key of everyPrefix('tripcost-1a2b3c4d')) {
      expect(key.startsWith('tripcost-1a2b3c4d:')).toBe(true);
      expect(everyPrefix('tripcost-99887766').some((other) => key.startsWith(other))).toBe(false);
    }
  });
});
