// What other features may use from the trips feature.
export { tripsApi } from './api';
export { useSaveTripSettingsMutation, type TripSettingsChange } from './api';
