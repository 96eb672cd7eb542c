// @tripcost/trips: what other workspaces may use (the cross-service tests boot it).
export { startTrips, type RunningTrips } from './server';
export { tripsConfigSchema, configFrom, type TripsConfig } from './config';
export type { TripView, InstanceView, TripRecord, InstanceRecord } from './trip';
export { apiDocument } from './routes';
