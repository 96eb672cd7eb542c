// Words of planning together used by the pages and the live stream alike.
export const NO_ACCESS = 'You no longer have access to this trip.';
