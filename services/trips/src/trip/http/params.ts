// The path parameters every capability's routes share: a trip, one of its windows, one of
// the window's items (MongoDB object ids; anything else answers 400 before a use case runs).
import { objectIdSchema } from '@tripcost/shared';
import { z } from 'zod';

export const tripParams = z.object({ tripId: objectIdSchema('trip id') });
export const instanceParams = tripParams.extend({ instanceId: objectIdSchema('instance id') });
export const itemParams = instanceParams.extend({ itemId: objectIdSchema('item id') });
