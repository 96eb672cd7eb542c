// What other features may use from the profile feature.
export { PlaceFields, withCountry, type Place } from './components/PlaceFields';
