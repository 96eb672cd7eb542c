// What other features may use from the profile feature.
export { useGetProfileQuery } from './api';
