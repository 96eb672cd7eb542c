// Live-update streams held open the way a browser tab holds one: each on a connection
// of its own (node:http without an agent, so closing one really closes its socket:
// fetch's pool would open a spare connection in its place).
import { get } from 'node:http';

export interface HeldStream {
  status: number;
  /** The JSON of a refusal. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- error bodies, asserted field by field
  body?: any;
  /** Everything the stream sent so far. */
  text(): string;
  /** Drops the connection, as a closed tab does. */
  close(): void;
}

export function holdStream(url: string, token: string, headers: Record<string, string> = {}): Promise<HeldStream> {
  return new Promise((resolve, reject) => {
    get(
      url,
      { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream', ...headers }, agent: false },
      (res) => {
        let received = '';
        res.setEncoding('utf8');
        res.on('error', () => undefined); // closed by us
        const held: HeldStream = {
          status: res.statusCode ?? 0,
          text: () => received,
          close: () => res.destroy(),
        };
        if ((res.headers['content-type'] ?? '').startsWith('text/event-stream')) {
          res.on('data', (chunk: string) => (received += chunk));
          return resolve(held);
        }
        res.on('data', (chunk: string) => (received += chunk));
        res.on('end', () => resolve({ ...held, body: received ? JSON.parse(received) : undefined }));
      },
    ).on('error', reject);
  });
}
