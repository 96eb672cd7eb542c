// What the invitation routes answer, as zod schemas (see answers.ts): an invitation, as
// its owner lists it, as made (its token shown once), as a link previews it, and a join.
import { z } from 'zod';
import { MEMBER_ROLES } from '../../trip';
import type { InviteAnswer, InvitePreview, NewInviteAnswer } from '../domain/sharing-service';
import { tripReadAnswer, type SameKeys } from './answers';

const inviteAnswer = z
  .object({
    _id: z.string(),
    role: z.enum(MEMBER_ROLES),
    inviter_name: z.string(),
    created_at: z.string(),
    expires_at: z.string().describe('7 days after it was made'),
    state: z.enum(['open', 'expired', 'revoked']),
  })
  .meta({ id: 'Invite' });
export const inviteListAnswer = z.array(inviteAnswer);
export const newInviteAnswer = inviteAnswer
  .extend({
    token: z.string().optional().describe('shown once: only its sha256 is stored; absent from a replay'),
    url: z.string().optional().describe('the link to send: <public base URL>/join/<token>; absent from a replay'),
    token_shown: z
      .literal(true)
      .optional()
      .describe('an Idempotency-Key replay: the token was shown in the first answer and cannot be shown again'),
  })
  .meta({ id: 'NewInvite' });
export const invitePreviewAnswer = z
  .object({
    trip_id: z.string(),
    trip_name: z.string(),
    inviter_name: z.string(),
    role: z.enum(MEMBER_ROLES),
  })
  .meta({ id: 'InvitePreview' });
export const inviteAcceptedAnswer = z
  .object({
    joined: z.boolean().describe('false when the caller already was a member (nothing changed)'),
    trip: tripReadAnswer,
  })
  .meta({ id: 'InviteAccepted' });

// Every field of an invitation's answers is declared above and nothing more.
export const INVITE_ANSWERS_COMPLETE: [
  SameKeys<InviteAnswer, z.infer<typeof inviteAnswer>>,
  // token_shown: only on an Idempotency-Key replay (routes.ts withoutToken).
  SameKeys<NewInviteAnswer & { token_shown?: true }, z.infer<typeof newInviteAnswer>>,
  SameKeys<InvitePreview, z.infer<typeof invitePreviewAnswer>>,
] = [true, true, true];
