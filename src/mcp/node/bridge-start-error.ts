// Why the bridge could not start, in sentences: the bridged server cannot be reached (with what to
// check), or the port is taken (with the --port flag and a port that is free now).
import { createServer } from 'node:net';
import { errorMessage } from '../../errors/error-message';
import { httpStatusOf } from '../connection/mcp-transport';
import { networkFailureReason, withoutMcpErrorCode } from '../connection/network-failure';
import { describeUpstream, type UpstreamTarget } from './mcp-upstream';

/** The bridge did not start; the message says why and what to do. */
export class BridgeStartError extends Error {
  override readonly name = 'BridgeStartError';
}

/** Why connecting to the bridged server at start-up failed, and what to check. */
export function upstreamStartFailure(target: UpstreamTarget, error: unknown): string {
  const name = describeUpstream(target);
  if (target.kind === 'stdio') {
    return `Could not start the server ${withoutMcpErrorCode(errorMessage(error)).replace(/^could not start /, '')}. Check the command and its arguments.`;
  }
  const reason = networkFailureReason(error);
  if (reason) {
    return (
      `Nothing answers at ${name}: ${reason}. ` +
      'Start that server first (or check the URL and its port), then start the bridge again.'
    );
  }
  const status = httpStatusOf(error);
  if (status === 401 || status === 403) {
    return (
      `${name} refused the bridge (HTTP ${status}). If it signs people in with OAuth, start the ` +
      'bridge with --oauth (it prints a URL to sign in); else pass its token with ' +
      '--header-env Authorization=VARIABLE.'
    );
  }
  if (status === 404 || status === 405) {
    return `${name} answered HTTP ${status}: no MCP endpoint there. Check the path (often /mcp, or /sse) and --transport.`;
  }
  return `Could not connect to ${name}: ${withoutMcpErrorCode(errorMessage(error))}`;
}

/** True when `port` on `host` can be listened on now. */
function portIsFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

/** A port near `taken` that is free now, or one the system picks. */
async function freePortNear(host: string, taken: number): Promise<number | undefined> {
  for (let port = taken + 1; port <= Math.min(taken + 20, 65535); port++) {
    if (await portIsFree(host, port)) return port;
  }
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(undefined));
    probe.listen(0, host, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : undefined));
    });
  });
}

/** Why listening on `host`:`port` failed; for a taken port, the flag and a free port to use. */
export async function listenFailure(host: string, port: number, error: unknown): Promise<string> {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE') {
    const free = await freePortNear(host, port);
    return (
      `Port ${port} on ${host} is already in use (another bridge, or another program). ` +
      (free === undefined
        ? 'Start the bridge on another port with --port PORT.'
        : `Start the bridge on a free port with --port ${free}, and add http://${host}:${free}/mcp in Settings.`)
    );
  }
  if (code === 'EACCES') {
    return `Listening on port ${port} of ${host} is not allowed here. Choose a port above 1023 with --port.`;
  }
  if (code === 'EADDRNOTAVAIL') {
    return `${host} is not an address of this machine. Leave --host out to listen on 127.0.0.1.`;
  }
  return `Could not listen on ${host}:${port}: ${errorMessage(error)}`;
}
