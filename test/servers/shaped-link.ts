// A network link of fixed bandwidth and latency for the static server, so a benchmark can boot the app
// the way a person on a real connection does: every response waits one round trip before its first
// byte, then all responses share the link's bytes per second in turn, 16 KB at a time.
import type { ServerResponse } from 'node:http';

/** What the link is like. */
export interface LinkShape {
  /** Download bandwidth in megabits a second, shared by every response. */
  megabitsPerSecond: number;
  /** Time before a response's first byte, in milliseconds. */
  latencyMs: number;
}

const chunkBytes = 16 * 1024;
const tickMs = 5;

/** A link that sends response bodies no faster than its shape allows. */
export class ShapedLink {
  private readonly queue: { response: ServerResponse; body: Buffer; sent: number }[] = [];
  private timer?: ReturnType<typeof setInterval>;
  private credit = 0;

  constructor(readonly shape: LinkShape) {}

  /** Sends `body` on `response` (whose head is written) through the link, then ends it. */
  send(response: ServerResponse, body: Buffer): void {
    setTimeout(() => {
      if (response.destroyed) return;
      this.queue.push({ response, body, sent: 0 });
      this.timer ??= setInterval(() => this.tick(), tickMs);
    }, this.shape.latencyMs);
  }

  /** Stops sending; responses still queued are dropped with their connections. */
  close(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.queue.length = 0;
  }

  private tick(): void {
    this.credit += (this.shape.megabitsPerSecond * 1_000_000 * tickMs) / 8 / 1000;
    // Round robin: each response in turn takes a chunk while the link has credit.
    while (this.credit >= 1 && this.queue.length > 0) {
      const entry = this.queue.shift()!;
      if (entry.response.destroyed) continue;
      const size = Math.min(chunkBytes, entry.body.length - entry.sent, Math.floor(this.credit));
      entry.response.write(entry.body.subarray(entry.sent, entry.sent + size));
      entry.sent += size;
      this.credit -= size;
      if (entry.sent < entry.body.length) this.queue.push(entry);
      else entry.response.end();
    }
    if (this.queue.length === 0) {
      // An idle link saves no credit for later: bandwidth unused now is gone.
      this.credit = 0;
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }
}
