// Test support shared by every workspace: a throwaway RS256 key pair, real signed
// tokens, unique data, temporary data dirs, and MongoDB discovery for the store
// contract suites. Imported only by tests.
export { newKeyPair, testKeys, testSigningKey, testUser, tokenFor, craftToken } from './tokens';
export { uniqueSuffix, tempDataDir, testRedisUrl, testQueuePrefix, silentLogger } from './environment';
export { mongoForTests, mongoLikelyAvailable } from './mongo';
export { clockPast, eventually, settlesWithin, type EventuallyOptions } from './wait';
export type { AuthUser } from '../auth/tokens';
export {
  startFakeUpstream,
  closedPortUrl,
  type FakeAnswer,
  type FakeHandler,
  type FakeUpstream,
  type RecordedCall,
} from './fake-upstream';
export { bootService, testServiceEnv } from './boot';
