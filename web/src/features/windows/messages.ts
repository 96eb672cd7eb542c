// What the instance screens say when a change fails and the server gave no message.
export const SAVE_FAILED = 'Failed to save the trip instance. Please try again.';
export const CREATE_FAILED = 'Failed to create the trip instance. Please try again.';
/** A save refused because the trip changed since it was loaded (412). */
export const CHANGED_ELSEWHERE = 'This trip changed elsewhere; your view was refreshed.';
