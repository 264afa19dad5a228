// The Node SQL server's MCP sessions: at most a set number at once, each closed once it has been idle
// (no request open, a notification stream included) for a set time, so clients that vanish without
// ending their session do not pile up.
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/** One session: its transport, its MCP server and when it was last used. */
interface SessionEntry {
  transport: StreamableHTTPServerTransport;
  server: Server;
  openRequests: number;
  lastActiveAt: number;
}

/** How many sessions a server keeps and for how long. */
export interface SessionTableOptions {
  maxSessions: number;
  /** A session with no open request for this long is closed. */
  idleMs: number;
  /** The clock (ms); tests move it instead of waiting. */
  now?: () => number;
  /** Told after a session was closed for being idle. */
  onExpired?: (sessionId: string, idleMs: number) => void;
}

/** The live sessions of one HTTP server. */
export class SessionTable {
  private readonly entries = new Map<string, SessionEntry>();
  /** Initialize requests accepted but not yet given a session id; they count toward the cap. */
  private starting = 0;
  private readonly now: () => number;

  constructor(private readonly options: SessionTableOptions) {
    if (!Number.isInteger(options.maxSessions) || options.maxSessions < 1) {
      throw new RangeError(
        `maxSessions must be a whole number of at least 1, not ${options.maxSessions}.`,
      );
    }
    if (!(options.idleMs > 0))
      throw new RangeError(`idleMs must be above 0, not ${options.idleMs}.`);
    this.now = options.now ?? Date.now;
  }

  /** Sessions open now. */
  get size(): number {
    return this.entries.size;
  }

  /** The transport of a live session, or undefined when it never existed, ended or expired. */
  transportOf(sessionId: string): StreamableHTTPServerTransport | undefined {
    return this.entries.get(sessionId)?.transport;
  }

  /**
   * Reserves room for a session about to be initialised, or returns false when the table is full.
   * Call `started` or `abandoned` once the initialize request is answered.
   */
  reserve(): boolean {
    if (this.entries.size + this.starting >= this.options.maxSessions) return false;
    this.starting += 1;
    return true;
  }

  /** Ends a reservation that produced no session (the initialize request failed). */
  abandoned(): void {
    this.starting = Math.max(0, this.starting - 1);
  }

  /** Ends a reservation with the session it produced. */
  started(sessionId: string, transport: StreamableHTTPServerTransport, server: Server): void {
    this.abandoned();
    this.entries.set(sessionId, { transport, server, openRequests: 0, lastActiveAt: this.now() });
  }

  /** Forgets a session that closed by itself (the client sent DELETE, or the transport closed). */
  forget(sessionId: string): void {
    this.entries.delete(sessionId);
  }

  /** Marks a request of the session as open until `ended` is called; an open session never expires. */
  requestStarted(sessionId: string): () => void {
    const entry = this.entries.get(sessionId);
    if (!entry) return () => {};
    entry.openRequests += 1;
    entry.lastActiveAt = this.now();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      entry.openRequests -= 1;
      entry.lastActiveAt = this.now();
    };
  }

  /** Closes every session that has had no open request for the idle time. */
  async expireIdle(): Promise<void> {
    const now = this.now();
    const expired = [...this.entries].filter(
      ([, entry]) => entry.openRequests === 0 && now - entry.lastActiveAt >= this.options.idleMs,
    );
    await Promise.all(
      expired.map(async ([sessionId, entry]) => {
        this.entries.delete(sessionId);
        await closeSession(entry);
        this.options.onExpired?.(sessionId, now - entry.lastActiveAt);
      }),
    );
  }

  /** Closes every session (the server is stopping). */
  async closeAll(): Promise<void> {
    const entries = [...this.entries.values()];
    this.entries.clear();
    await Promise.all(entries.map(closeSession));
  }
}

/** Closes the transport (ending its open streams) and then the MCP server bound to it. */
async function closeSession(entry: SessionEntry): Promise<void> {
  await entry.transport.close().catch(() => {});
  await entry.server.close().catch(() => {});
}
