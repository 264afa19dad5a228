// A request whose client went away (the page was closed, its connection dropped) and did not come back
// for the answer is cancelled as if the client had sent `notifications/cancelled`, so a query it started
// stops instead of running to its timeout. A client whose stream only dropped comes back within the SSE
// retry time (to resume the stream, or with its next request), so the cancel waits a few of those first.
import { isJSONRPCRequest, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { ServerResponse } from 'node:http';

/** The ids of the requests in a POST body (one message or a batch). */
function requestIds(body: unknown): RequestId[] {
  const messages = Array.isArray(body) ? (body as unknown[]) : [body];
  return messages.filter(isJSONRPCRequest).map((message) => message.id);
}

/** Follows each session's requests and cancels those whose client left without its answer. */
export class AbandonedRequests {
  // Requests seen in each session: a count that moved on means the client came back.
  private readonly seen = new WeakMap<Transport, number>();
  private readonly timers = new Set<NodeJS.Timeout>();

  constructor(private readonly graceMs: number) {}

  /**
   * Notes a request of the session; when its response closes before it was finished and the session
   * sends nothing more within the grace time, its requests are cancelled in the session's server.
   */
  follow(transport: Transport, body: unknown, response: ServerResponse): void {
    const count = (this.seen.get(transport) ?? 0) + 1;
    this.seen.set(transport, count);
    const ids = requestIds(body);
    if (ids.length === 0) return;
    response.once('close', () => {
      if (response.writableFinished) return;
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        if (this.seen.get(transport) !== count) return;
        for (const requestId of ids) {
          transport.onmessage?.({
            jsonrpc: '2.0',
            method: 'notifications/cancelled',
            params: { requestId, reason: 'The client went away before the answer.' },
          });
        }
      }, this.graceMs);
      this.timers.add(timer);
    });
  }

  /** Forgets the cancels still waiting (the server stops, and every session with it). */
  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
