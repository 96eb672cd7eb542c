// What every use case of the trips service is given: the store, the clock, sharing's
// access rule (reads and answers shaped for the caller) and the write path.
import type { HistoryRecorder } from '../../history';
import type { TripAccess } from '../../sharing';
import type { TripStore } from '../../trip';
import type { WritePath } from './write-path';

export interface TripsContext {
  store: TripStore;
  /** The time of a change, ISO. */
  now(): string;
  /** 'YYYY-MM-DD' (UTC) of now: freshness and the flex grid are measured on it. */
  today(): string;
  access: TripAccess;
  writes: WritePath;
  /** Remembers changes written outside the write path (a trip's creation). */
  recorder: HistoryRecorder;
}
