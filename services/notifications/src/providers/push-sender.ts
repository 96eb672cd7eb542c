// Sends one Web Push message with the `web-push` library (encryption and VAPID are its
// job). The socket connects only to an address the guard allowed, as for webhooks: an
// endpoint is whatever a browser — or a caller — handed us.
import { Agent } from 'node:https';
import webpush, { WebPushError } from 'web-push';
import { checkResolved, guardedLookup, type AddressPolicy } from '../domain/channels/address-guard';
import type { PushSender, VapidKeys } from '../domain/channels/senders';

/** How long a push service keeps a message for a browser that is offline (a day: alerts go stale). */
const TTL_SECONDS = 24 * 3600;

export function createPushSender(keys: VapidKeys, policy: AddressPolicy, timeoutMs = 5000): PushSender {
  const agent = new Agent({ keepAlive: true, lookup: guardedLookup(policy) });
  return {
    async send(subscription, payload) {
      try {
        await checkResolved(new URL(subscription._id), policy);
        await webpush.sendNotification(
          { endpoint: subscription._id, keys: subscription.keys },
          JSON.stringify(payload),
          { vapidDetails: keys, TTL: TTL_SECONDS, timeout: timeoutMs, agent, urgency: 'normal' },
        );
        return { ok: true };
      } catch (error) {
        if (error instanceof WebPushError)
          return {
            ok: false,
            gone: error.statusCode === 404 || error.statusCode === 410,
            reason: `answered ${error.statusCode}`,
          };
        return { ok: false, gone: false, reason: (error as Error).message };
      }
    },
    close: () => agent.destroy(),
  };
}
