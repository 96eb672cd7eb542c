// The trip capability, the base every other capability builds on: the trip as stored
// (its windows, items, members, invitations and votes as records), the views answers
// are built from (every window's figures), the store port its adapters (store/)
// implement, and the trips' order. It imports only costs/ (the rules a record's figures
// come from).
export * from './domain/trip';
export * from './domain/trip-view';
export * from './domain/members';
export * from './domain/history-record';
export * from './domain/bin-record';
export * from './domain/people';
export * from './domain/ordering';
export type * from './domain/trip-store';
export * from './http/params';
export * from './http/precondition';
