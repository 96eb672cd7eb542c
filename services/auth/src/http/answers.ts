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
    country: z
      .string()
      .describe(
        "The profile's country (ISO 3166-1 alpha-2; US for accounts made before countries existed): " +
          'the web app reads typed amounts in its locale',
      ),
  })
  .meta({ id: 'User' });

export const profileAnswer = z
  .object({
    _id: z.string(),
    fname: z.string(),
    lname: z.string(),
    birthday: z.string().optional().describe('YYYY-MM-DD; the owner only'),
    city: z.string(),
    state: z.string().describe('US: one of the 50 state codes; elsewhere a region (at most 60 characters)'),
    zip: z
      .string()
      .optional()
      .describe(
        'US: five digits; elsewhere a postal code (at most 12 letters, digits, spaces or hyphens). The owner only',
      ),
    country: z.string().describe('ISO 3166-1 alpha-2 code; US for accounts made before countries existed'),
    home_currency: z
      .string()
      .optional()
      .describe('ISO 4217 code new trips start in; USD for accounts made before currencies existed. The owner only'),
  })
  .meta({ id: 'Profile' });
