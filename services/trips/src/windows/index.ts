// The windows capability, the top of the service: a trip's windows and their items, the
// rules of each change (trip-changes.ts, item-changes.ts, change-checks.ts) and the one
// write path every change goes through (write-path.ts: the rates a change needs are asked
// first, then the change is applied once). trips-service.ts assembles every capability's
// use cases into the trips service; http/ serves the trip's, windows' and items' routes,
// jobs/ the events of other services.
export * from './domain/trips-service';
export * from './http/trip-routes';
export * from './http/window-routes';
export * from './http/item-routes';
export * from './http/item-batch-routes';
export * from './jobs/wishlist-inbox';
