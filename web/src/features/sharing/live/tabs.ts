// One live stream per browser and trip, shared by its tabs: the tab holding the Web
// Lock `tripcost-live:<user>:<trip>` runs the stream and passes every event to the
// others over a BroadcastChannel of the same name; the rest wait for the lock. A leader
// that closes or navigates away frees the lock and the next tab takes over from the
// last event id it saw, so nothing is lost and the server sees one connection.
// Without Web Locks or BroadcastChannel every tab runs its own stream.
import { runLiveStream, type LiveEnd, type LiveEvent, type LiveOptions } from './stream';

type Message = { type: 'event'; event: LiveEvent };

export interface TabsEnv {
  locks?: Pick<LockManager, 'request'>;
  BroadcastChannel?: typeof BroadcastChannel;
  run?: (options: LiveOptions) => Promise<LiveEnd>;
}

function defaultEnv(): TabsEnv {
  return {
    locks: typeof navigator !== 'undefined' ? navigator.locks : undefined,
    BroadcastChannel: typeof BroadcastChannel !== 'undefined' ? BroadcastChannel : undefined,
  };
}

export interface SharedStreamOptions extends Omit<LiveOptions, 'lastEventId'> {
  /** Names the lock and channel: the user and the trip. */
  key: string;
  /** Called when the stream ended for good in this tab or the leader's. */
  onEnd?: (end: LiveEnd) => void;
}

/** Follows the trip's stream in this tab until `signal` aborts. */
export function followSharedStream(options: SharedStreamOptions, env: TabsEnv = defaultEnv()): void {
  const run = env.run ?? runLiveStream;
  const { key, onEnd, ...stream } = options;
  let lastEventId: string | null = null;
  const seen = (event: LiveEvent) => {
    if ('id' in event && event.id) lastEventId = event.id;
  };

  if (!env.locks || !env.BroadcastChannel) {
    void run({ ...stream, onEvent: (event) => (seen(event), stream.onEvent(event)) }).then((end) => onEnd?.(end));
    return;
  }

  const name = `tripcost-live:${key}`;
  const channel = new env.BroadcastChannel(name);
  const waiting = new AbortController();
  const stopWaiting = () => {
    waiting.abort();
    channel.close();
  };
  options.signal.addEventListener('abort', stopWaiting, { once: true });
  channel.onmessage = (message: MessageEvent<Message>) => {
    if (message.data?.type !== 'event') return;
    seen(message.data.event);
    stream.onEvent(message.data.event);
    if (message.data.event.type === 'revoked') {
      stopWaiting();
      onEnd?.('revoked');
    }
  };
  env.locks
    .request(name, { signal: waiting.signal }, async () => {
      if (options.signal.aborted) return;
      const end = await run({
        ...stream,
        lastEventId,
        onEvent(event) {
          seen(event);
          stream.onEvent(event);
          try {
            channel.postMessage({ type: 'event', event } satisfies Message);
          } catch {
            // the channel closed as this tab stopped following: the other tabs take over
          }
        },
      });
      onEnd?.(end);
    })
    .catch(() => undefined); // AbortError: this tab stopped waiting
}
