// Posts one signed message to a person's webhook (issue 42, ADR 0079). undici's request:
// no redirect is followed (a 3xx is a failure), 5 s for the whole exchange, and the
// socket connects only to an address the guard allowed (address-guard.ts).
import { createHmac } from 'node:crypto';
import { Agent, request } from 'undici';
import { checkResolved, guardedLookup, type AddressPolicy } from '../domain/channels/address-guard';
import type { WebhookSender } from '../domain/channels/senders';

export const WEBHOOK_TIMEOUT_MS = 5000;
export const SIGNATURE_HEADER = 'x-tripcost-signature';
export const ID_HEADER = 'x-tripcost-notification-id';

/** `sha256=<hex HMAC-SHA256 of the raw body with the secret>`, what a receiver recomputes. */
export const signatureOf = (secret: string, rawBody: string): string =>
  `sha256=${createHmac('sha256', secret).update(rawBody).digest('hex')}`;

export function createWebhookSender(policy: AddressPolicy, timeoutMs = WEBHOOK_TIMEOUT_MS): WebhookSender {
  const agent = new Agent({
    connect: { lookup: guardedLookup(policy), timeout: timeoutMs },
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  return {
    async send(url, secret, id, message) {
      const raw = JSON.stringify(message);
      try {
        const target = new URL(url);
        // Again at each send: the name may resolve elsewhere now (an IP literal skips `lookup`).
        await checkResolved(target, policy);
        const answer = await request(target, {
          method: 'POST',
          dispatcher: agent,
          headers: {
            'content-type': 'application/json',
            'user-agent': 'TripCost-Webhook/1',
            [SIGNATURE_HEADER]: signatureOf(secret, raw),
            [ID_HEADER]: id,
          },
          body: raw,
          signal: AbortSignal.timeout(timeoutMs),
        });
        await answer.body.dump();
        if (answer.statusCode >= 200 && answer.statusCode < 300) return { ok: true };
        return { ok: false, reason: `answered ${answer.statusCode}` };
      } catch (error) {
        return { ok: false, reason: (error as Error).message };
      }
    },
    close: () => agent.close(),
  };
}
