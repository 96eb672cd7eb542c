// A Kubernetes Service in miniature: a TCP balancer that gives each new connection to
// the next ready endpoint (round robin) and leaves established connections where
// they are, as kube-proxy does. Taking an endpoint out is what a failing readiness
// probe (or a preStop pause) does before the pod gets SIGTERM.
import { connect, createServer, type Socket } from 'node:net';

export interface Balancer {
  url: string;
  add(endpointUrl: string): void;
  remove(endpointUrl: string): void;
  close(): Promise<void>;
}

export async function startBalancer(endpointUrls: string[]): Promise<Balancer> {
  let ready = [...endpointUrls];
  let turn = 0;
  const open = new Set<Socket>();
  const track = (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  };
  const server = createServer((client) => {
    track(client);
    if (ready.length === 0) return void client.destroy();
    const { hostname, port } = new URL(ready[turn++ % ready.length]);
    const upstream = connect(Number(port), hostname);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('balancer has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    add: (endpointUrl) => void (ready = [...ready, endpointUrl]),
    remove: (endpointUrl) => void (ready = ready.filter((url) => url !== endpointUrl)),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
