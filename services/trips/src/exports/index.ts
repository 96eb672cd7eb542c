// The exports capability: the caller's committed trips as an iCalendar file and one
// trip's windows as a CSV table.
export * from './domain/exports';
export * from './http/routes';
