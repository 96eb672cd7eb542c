// A trip's live updates as Server-Sent Events (docs/adr/0041-live-updates.md). The
// wire format is the contract the web app reads with fetch():
//   id: <entry id>\nevent: change\ndata: {"version","actor_id","actor_name","what"}\n\n
//   event: reset\ndata: {}\n\n            (Last-Event-ID older than the log: refetch all)
//   event: revoked\ndata: {"msg"}\n\n     (no longer a member; the stream ends)
//   event: current\ndata: {"version"}\n\n (first, on a stream started without Last-Event-ID)
//   : heartbeat\n\n                       (every heartbeatMs, so idle proxies keep it open)
// The stream also ends when the service shuts down; the client resumes elsewhere with
// Last-Event-ID. Each followed stream's end is counted, so a burst of them (clients that
// lose their network together) is followed by a full collection (docs/adr/0060).
import type { Request, Response } from 'express';
import type { BurstCollector, Lifecycle } from '@tripcost/shared';
import type { Follower, Following, LiveMessage } from '../domain/live-updates';

export const REVOKED_MESSAGE = 'You no longer have access to this trip.';

export interface EventStreamSettings {
  heartbeatMs: number;
  lifecycle: Lifecycle;
  /**
   * The process's one burst collector (collectAfterBursts), told when each followed stream
   * ends; none where no stream is served (the API document).
   */
  streamEnds?: BurstCollector;
}

export function formatEvent(message: LiveMessage): string {
  switch (message.type) {
    case 'change':
      return `id: ${message.id}\nevent: change\ndata: ${JSON.stringify(message.change)}\n\n`;
    case 'reset':
      return 'event: reset\ndata: {}\n\n';
    case 'revoked':
      return `event: revoked\ndata: ${JSON.stringify({ msg: REVOKED_MESSAGE })}\n\n`;
    case 'current':
      return `event: current\ndata: ${JSON.stringify({ version: message.version })}\n\n`;
  }
}

/**
 * Streams what `follow` delivers to `res` until the client goes, access is revoked or
 * the service stops. `follow` throws (403/404) before anything is written, so a refusal
 * is still the ordinary JSON error.
 */
export async function streamEvents(
  req: Request,
  res: Response,
  settings: EventStreamSettings,
  follow: (follower: Follower) => Promise<Following>,
): Promise<void> {
  let heartbeat: NodeJS.Timeout | undefined;
  let forgetShutdown: (() => void) | undefined;
  let ended = false;

  const start = () => {
    if (res.headersSent) return;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      'x-accel-buffering': 'no',
    });
    res.flushHeaders();
    heartbeat = setInterval(() => res.write(': heartbeat\n\n'), settings.heartbeatMs);
    forgetShutdown = settings.lifecycle.onShutdown(finish);
  };
  function finish() {
    if (ended) return;
    ended = true;
    clearInterval(heartbeat);
    forgetShutdown?.();
    if (!res.writableEnded) res.end();
  }
  res.once('close', finish);

  const following = await follow({
    send(message) {
      if (ended) return;
      start();
      res.write(formatEvent(message));
      if (message.type === 'revoked') finish();
    },
  });
  // However the stream ends (client gone, revoked, shutdown), the follower stops, and the
  // end is counted once. A refused follow (403/404/429/503) never held a connection open:
  // it is not counted.
  const stopped = () => {
    following.stop();
    settings.streamEnds?.ended();
  };
  if (ended || req.destroyed) {
    stopped();
    return finish();
  }
  res.once('close', stopped);
  start();
}
