// The live updates capability: every committed change of a trip told to its followers as
// Server-Sent Events, through a Redis change log (store/) and bounded streams.
export * from './domain/live-updates';
export * from './http/event-stream';
export * from './http/routes';
