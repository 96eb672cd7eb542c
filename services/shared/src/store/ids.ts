// Ids are 24-hex ObjectId strings in every storage mode (docs/architecture.md §3), so a client
// never sees a difference between the embedded store and MongoDB.
import { ObjectId } from 'bson';
import { OBJECT_ID_PATTERN } from '../validation';

export function newId(): string {
  return new ObjectId().toHexString();
}

export function isObjectId(value: unknown): value is string {
  return typeof value === 'string' && OBJECT_ID_PATTERN.test(value);
}
