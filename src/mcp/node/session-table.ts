// The MCP sessions of one Node HTTP server. A full table makes room by closing the least recently used
// idle session (no request open, a notification stream included), never a busy one, so one client that
// opened many sessions and left them cannot lock everyone else out; each client may hold only part of
// the table; and sessions close once idle for a set time (sooner when never used after `initialize`).
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

/**
 * A session idle this briefly may be between two requests of a working client, so it is not closed
 * for another client's room.
 */
export const DEFAULT_SESSION_SETTLE_MS = 1000;
/** A session that sent nothing after its `initialize` answer is closed after this long (30 s) by default. */
export const DEFAULT_UNUSED_SESSION_MS = 30_000;

/** One session: its transport, its MCP server, whose it is and when it was last used. */
interface SessionEntry {
  transport: StreamableHTTPServerTransport;
  server: Server;
  client: string;
  openRequests: number;
  lastActiveAt: number;
  /** A request came after the `initialize` answer, besides `notifications/initialized`. */
  used: boolean;
}

/** How many sessions a server keeps, per client and in all, and for how long. */
export interface SessionTableOptions {
  maxSessions: number;
  /** Sessions one client may hold (half of `maxSessions` by default). */
  maxSessionsPerClient?: number;
  /** A session with no open request for this long is closed. */
  idleMs: number;
  /**
   * A session that sent no request after its `initialize` answer (besides `notifications/initialized`)
   * is closed after this long; until then it is never closed for room.
   */
  unusedMs?: number;
  /** An idle session is closed to make room only once idle this long. */
  settleMs?: number;
  /** The clock (ms); tests move it instead of waiting. */
  now?: () => number;
  /** Told after a session was closed for being idle (or unused) for `idleMs`. */
  onExpired?: (sessionId: string, idleMs: number, used: boolean) => void;
  /** Told after an idle session was closed to make room for a new one. */
  onEvicted?: (sessionId: string, client: string) => void;
}

/** Why a new session cannot start now. */
export type SessionRefusal =
  { reason: 'client busy'; limit: number } | { reason: 'server busy'; limit: number };

/** The live sessions of one HTTP server. */
export class SessionTable {
  private readonly entries = new Map<string, SessionEntry>();
  /** Initialize requests accepted but not yet given a session id, per client; they count toward the caps. */
  private readonly starting = new Map<string, number>();
  private readonly freedListeners = new Set<() => void>();
  private readonly now: () => number;
  /** Sessions one client may hold. */
  readonly maxSessionsPerClient: number;
  private readonly unusedMs: number;
  private readonly settleMs: number;

  constructor(private readonly options: SessionTableOptions) {
    this.maxSessionsPerClient =
      options.maxSessionsPerClient ?? Math.max(1, Math.floor(options.maxSessions / 2));
    for (const [name, value] of [
      ['maxSessions', options.maxSessions],
      ['maxSessionsPerClient', this.maxSessionsPerClient],
    ] as const) {
      if (!Number.isInteger(value) || value < 1) {
        throw new RangeError(`${name} must be a whole number of at least 1, not ${value}.`);
      }
    }
    if (!(options.idleMs > 0))
      throw new RangeError(`idleMs must be above 0, not ${options.idleMs}.`);
    this.unusedMs = Math.min(options.unusedMs ?? DEFAULT_UNUSED_SESSION_MS, options.idleMs);
    this.settleMs = options.settleMs ?? DEFAULT_SESSION_SETTLE_MS;
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

  /** Calls `listener` whenever a place may have come free; returns the unsubscribe. */
  onFreed(listener: () => void): () => void {
    this.freedListeners.add(listener);
    return () => this.freedListeners.delete(listener);
  }

  /**
   * Reserves room for a session `client` is about to initialise, first closing the client's own least
   * recently used idle session when it is at its limit, else anyone's when the table is full. Returns
   * the refusal when every candidate is busy. Call `started` or `abandoned` once the initialize request
   * is answered.
   */
  reserve(client: string): SessionRefusal | undefined {
    // A client limit as large as the table is the table's own limit, and is reported as that.
    const clientLimited = this.maxSessionsPerClient < this.options.maxSessions;
    if (clientLimited && this.countOf(client) >= this.maxSessionsPerClient) {
      // The client pays for its new session with an old one of its own, however recently used: only
      // its own work is interrupted, so no settle time protects it from itself.
      const own = this.leastRecentlyUsedIdle((entry) => entry.client === client, 0);
      if (!own) return { reason: 'client busy', limit: this.maxSessionsPerClient };
      this.evict(own);
    }
    if (this.entries.size + this.startingTotal() >= this.options.maxSessions) {
      const anyone = this.leastRecentlyUsedIdle(() => true, this.settleMs);
      if (!anyone) return { reason: 'server busy', limit: this.options.maxSessions };
      this.evict(anyone);
    }
    this.starting.set(client, (this.starting.get(client) ?? 0) + 1);
    return undefined;
  }

  /**
   * Ms until the next idle session becomes old enough to be closed for room, or undefined when none is
   * still settling; a waiting newcomer tries again then.
   */
  msUntilSettled(): number | undefined {
    let earliest: number | undefined;
    for (const entry of this.entries.values()) {
      if (entry.openRequests > 0 || !entry.used) continue;
      const wait = entry.lastActiveAt + this.settleMs - this.now();
      if (wait > 0) earliest = earliest === undefined ? wait : Math.min(earliest, wait);
    }
    return earliest;
  }

  /** Ends a reservation that produced no session (the initialize request failed). */
  abandoned(client: string): void {
    const count = (this.starting.get(client) ?? 0) - 1;
    if (count > 0) this.starting.set(client, count);
    else this.starting.delete(client);
    this.freed();
  }

  /**
   * Ends a reservation with the session it produced; the initialize request itself counts as open
   * until `ended` is called, so the session cannot be closed for room before the client has its id.
   */
  started(
    sessionId: string,
    client: string,
    transport: StreamableHTTPServerTransport,
    server: Server,
  ): () => void {
    const count = (this.starting.get(client) ?? 0) - 1;
    if (count > 0) this.starting.set(client, count);
    else this.starting.delete(client);
    const entry: SessionEntry = {
      transport,
      server,
      client,
      openRequests: 0,
      lastActiveAt: this.now(),
      used: false,
    };
    this.entries.set(sessionId, entry);
    return this.opened(entry);
  }

  /** Forgets a session that closed by itself (the client sent DELETE, or the transport closed). */
  forget(sessionId: string): void {
    if (this.entries.delete(sessionId)) this.freed();
  }

  /**
   * Marks a request of the session as open until `ended` is called; an open session never expires.
   * `setUp` requests (`notifications/initialized`) are part of starting and do not make it used.
   */
  requestStarted(sessionId: string, setUp = false): () => void {
    const entry = this.entries.get(sessionId);
    if (!entry) return () => {};
    if (!setUp) entry.used = true;
    return this.opened(entry);
  }

  /** Closes every session idle for the idle time, or never used and as old as the unused time. */
  async expireIdle(): Promise<void> {
    const now = this.now();
    const expired = [...this.entries].filter(
      ([, entry]) =>
        entry.openRequests === 0 &&
        now - entry.lastActiveAt >= (entry.used ? this.options.idleMs : this.unusedMs),
    );
    if (expired.length === 0) return;
    for (const [sessionId] of expired) this.entries.delete(sessionId);
    this.freed();
    await Promise.all(
      expired.map(async ([sessionId, entry]) => {
        await closeSession(entry);
        this.options.onExpired?.(sessionId, now - entry.lastActiveAt, entry.used);
      }),
    );
  }

  /** Closes every session (the server is stopping). */
  async closeAll(): Promise<void> {
    const entries = [...this.entries.values()];
    this.entries.clear();
    await Promise.all(entries.map(closeSession));
  }

  private opened(entry: SessionEntry): () => void {
    entry.openRequests += 1;
    entry.lastActiveAt = this.now();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      entry.openRequests -= 1;
      entry.lastActiveAt = this.now();
      if (entry.openRequests === 0) this.freed();
    };
  }

  private countOf(client: string): number {
    let count = this.starting.get(client) ?? 0;
    for (const entry of this.entries.values()) if (entry.client === client) count += 1;
    return count;
  }

  private startingTotal(): number {
    let total = 0;
    for (const count of this.starting.values()) total += count;
    return total;
  }

  /** Whether a session may be closed to make room: idle for `settleMs`, and past its setting up. */
  private closable(entry: SessionEntry, now: number, settleMs: number): boolean {
    if (entry.openRequests > 0 || now - entry.lastActiveAt < settleMs) return false;
    // A session not yet used after `initialize` belongs to a client still setting up (on a loaded
    // machine its next request can take seconds); it goes only by expiring, within `unusedMs`.
    return entry.used;
  }

  /** The matching closable session idle longest. */
  private leastRecentlyUsedIdle(
    matches: (entry: SessionEntry) => boolean,
    settleMs: number,
  ): [string, SessionEntry] | undefined {
    const now = this.now();
    let oldest: [string, SessionEntry] | undefined;
    for (const candidate of this.entries) {
      const entry = candidate[1];
      if (!this.closable(entry, now, settleMs) || !matches(entry)) continue;
      if (!oldest || entry.lastActiveAt < oldest[1].lastActiveAt) oldest = candidate;
    }
    return oldest;
  }

  private evict([sessionId, entry]: [string, SessionEntry]): void {
    this.entries.delete(sessionId);
    void closeSession(entry);
    this.options.onEvicted?.(sessionId, entry.client);
  }

  private freed(): void {
    for (const listener of [...this.freedListeners]) listener();
  }
}

/** Closes the transport (ending its open streams) and then the MCP server bound to it. */
async function closeSession(entry: SessionEntry): Promise<void> {
  await entry.transport.close().catch(() => {});
  await entry.server.close().catch(() => {});
}
