// What the user API answers, as zod schemas that document the responses (and from
// which the web app's API types are generated). A schema named with `.meta({ id })`
// is one component of the document.
import { z } from 'zod';

export const messageAnswer = z.object({ msg: z.string() }).meta({ id: 'Message' });
export const tokenAnswer = z
  .object({ accesstoken: z.string().describe('Access token (JWT), kept in memory only') })
  .meta({ id: 'AccessToken' });

export const userAnswer = z
  .object({
    _id: z.string(),
    fname: z.string(),
    lname: z.string(),
    email: z.string(),
    role: z.number().int().describe('0 user, 1 admin'),
  })
  .meta({ id: 'User' });

export const profileAnswer = z
  .object({
    _id: z.string(),
    fname: z.string(),
    lname: z.string(),
    birthday: z.string().optional().describe('YYYY-MM-DD; the owner only'),
    city: z.string(),
    state: z.string().describe('One of the 50 US state codes'),
    zip: z.string().optional().describe('Five digits; the owner only'),
  })
  .meta({ id: 'Profile' });
