// What a change request brings besides its body: If-Match, and the caller's Authorization
// (for a change that needs today's exchange rates, asked of the integrations service).
import type { Request } from 'express';
import type { Precondition } from '../domain/write-path';

/** If-Match, and the caller's Authorization for a change that needs today's exchange rates. */
export function preconditionOf(req: Request): Precondition {
  const ifMatch = req.headers['if-match'];
  const authorization = req.headers.authorization;
  return { ...(ifMatch === undefined ? {} : { ifMatch }), ...(authorization === undefined ? {} : { authorization }) };
}
