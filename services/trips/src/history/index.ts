// The history capability: every change of a trip remembered as one entry (who, when,
// each field from what to what), made from the trip before and after the write path's
// one write (recorder.ts), kept in a store of its own, and read back as each reader may
// see it (sharing's visibility rule). Undo and the bin build on the same entries.
export * from './domain/shape';
export * from './domain/diff';
export * from './domain/entries';
export * from './domain/recorder';
export * from './domain/reading';
export * from './domain/visibility';
export * from './domain/forgetting';
export * from './domain/undo';
export * from './domain/bin';
export * from './http/routes';
