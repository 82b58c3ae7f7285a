import net from 'node:net';

/**
 * A TCP proxy on a free local port in front of a server, which a test can break the ways a network does: `stall`
 * (connections are accepted and kept, but nothing goes through in either direction), `refuse` (the port is
 * closed and open connections are cut) and `resume`.
 */
export type TcpProxy = {
  port: number;
  stall(): void;
  refuse(): Promise<void>;
  resume(): Promise<void>;
  close(): Promise<void>;
};

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let stalled = false;
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  };
  const server = net.createServer((client) => {
    track(client);
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    // While stalled, bytes are dropped: a stalled server answers nothing, and a client gives such a connection up.
    client.on('data', (chunk) => {
      if (!stalled) upstream.write(chunk);
    });
    upstream.on('data', (chunk) => {
      if (!stalled) client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      if (server.listening) server.close(() => resolve());
      else resolve();
    });
  return {
    port,
    stall() {
      stalled = true;
    },
    refuse: stop,
    async resume() {
      stalled = false;
      if (!server.listening) await listen(port);
    },
    close: stop,
  };
}
