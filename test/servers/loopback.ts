// Starts Node HTTP servers on free loopback ports and stops them when the test is done.
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A server listening on 127.0.0.1. */
export interface LoopbackServer {
  url: string;
  port: number;
  server: Server;
  stop(): Promise<void>;
}

/** Listens on 127.0.0.1 on a free port (the OS picks it). */
export async function startLoopbackServer(handler: RequestListener): Promise<LoopbackServer> {
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    server,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
