// What other features may use from the profile feature.
export { PersonFields, type Person } from './components/PersonFields';
export { PlaceFields, withCountry, type Place } from './components/PlaceFields';
export { useGetProfileQuery } from './api';
