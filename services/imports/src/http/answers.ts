// The shapes the import routes answer, for the OpenAPI document and the web's types.
import { z } from 'zod';
import { IMPORT_METHODS, RESERVATION_KINDS } from '../domain/reservation';

export const reservationAnswer = z.object({
  kind: z.enum(RESERVATION_KINDS),
  provider: z.string(),
  name: z.string(),
  start: z.string().describe('ISO date-time with its UTC offset, a local date-time, or a date'),
  end: z.string(),
  location: z.string(),
  amount: z.number().optional(),
  currency: z.string().optional(),
  confirmation: z.string().optional(),
  travelers: z.array(z.string()).optional(),
  paid: z.boolean().optional(),
  cancelled: z.boolean().optional(),
  source: z.object({ file: z.string(), method: z.enum(IMPORT_METHODS) }),
});

export const draftAnswer = z.object({
  _id: z.string(),
  reservations: z.array(reservationAnswer),
  problems: z.array(z.object({ file: z.string(), msg: z.string() })),
  expires_at: z.string(),
});
