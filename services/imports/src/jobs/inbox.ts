// The imports inbox: user.deleted deletes every draft of the deleted account
// (docs/privacy.md). Idempotent, so BullMQ's at-least-once delivery is harmless.
import { isObjectId, startInbox, type InboxWorker, type Logger } from '@tripcost/shared';
import type { Imports } from '../domain/imports';

export function startImportsInbox(
  imports: Imports,
  options: { redisUrl: string; logger: Logger; prefix?: string },
): InboxWorker {
  return startInbox(
    'imports',
    {
      'user.deleted': async (event) => {
        const userId = event.payload?.userId;
        if (!isObjectId(userId)) throw new Error(`user.deleted ${event.id} carries no valid userId`);
        const removed = await imports.forgetUser(userId);
        options.logger.info({ eventId: event.id, userId, removed }, 'import drafts of a deleted account removed');
      },
    },
    options,
  );
}
