// What the channels need from the outside world (providers/ implements it): sending one
// Web Push message, posting one webhook message.
import type { StoredPushSubscription } from './channel-store';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** `gone`: the push service says the subscription no longer exists (404/410); drop it. */
export type PushOutcome = { ok: true } | { ok: false; gone: boolean; reason: string };

export interface PushSender {
  send(subscription: StoredPushSubscription, payload: unknown): Promise<PushOutcome>;
  close(): void;
}

export type WebhookOutcome = { ok: true } | { ok: false; reason: string };

export interface WebhookSender {
  /** Posts `message` as JSON to `url`, signed with `secret`, carrying `id`. */
  send(url: string, secret: string, id: string, message: unknown): Promise<WebhookOutcome>;
  close(): Promise<void>;
}
