// The chat's status line names the servers a running call waits for ("Waiting for NAME to come back"),
// from the hub's state whenever a server's status changes; the badge in Settings is not where a person
// looks while a turn runs.
import type { McpHub } from '../mcp/mcp-hub';

/** Tells `show` the names of the servers calls wait for, on each status change; returns the teardown. */
export function followServerWaits(
  hub: Pick<McpHub, 'onStatus' | 'servers'>,
  show: (names: string[]) => void,
): () => void {
  let shown = '[]';
  return hub.onStatus(() => {
    const names = hub
      .servers()
      .filter((server) => (server.callsWaiting ?? 0) > 0)
      .map((server) => server.name);
    const key = JSON.stringify(names);
    if (key === shown) return;
    shown = key;
    show(names);
  });
}
