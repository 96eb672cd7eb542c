// Import bookings (issue 43): the trip page's button; the panel loads on demand.
export { ImportBookings } from './components/ImportBookings';
