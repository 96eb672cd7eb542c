// The shares capability (issue 40, docs/adr/0066-shares-rounding-and-settling-up.md): who
// pays what. Each person's share of every window (the ShareTally sharing shows in answers
// about one trip), the rules of the people, presence, payer and split changes (applied by
// the windows capability's changes), a window's balances and the payments between people,
// and their routes. It builds on sharing (the access rule), currency, trip and costs;
// only windows sits above it.
export * from './domain/window-shares';
export * from './domain/people-changes';
export * from './domain/payments';
export * from './domain/balances';
export * from './domain/shares-service';
export * from './http/schemas';
export * from './http/routes';
export * from './domain/limits';
