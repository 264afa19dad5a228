// Serves a built app the way `npm start` does: `vite preview` with the project's vite.config.ts, so the
// security headers the build wrote (dist/_headers) are sent with every file. Loopback, a free port.
import { preview } from 'vite';
import { distDir } from './static-server';
import type { AddressInfo } from 'node:net';

/** A running `vite preview`. */
export interface PreviewServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts `vite preview` over `root` (default: the built app) on 127.0.0.1 and a free port, or on `port`
 * (the same origin again, as a host restarted after a deployment).
 */
export async function startPreviewServer(root = distDir, port = 0): Promise<PreviewServer> {
  const server = await preview({
    logLevel: 'warn',
    build: { outDir: root },
    preview: { host: '127.0.0.1', port, strictPort: true, open: false },
  });
  const address = server.httpServer.address() as AddressInfo;
  return { url: `http://127.0.0.1:${address.port}`, stop: () => server.close() };
}
