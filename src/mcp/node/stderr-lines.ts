// A stdio server's stderr as whole lines: the bridge logs each one through the redaction of printed
// lines, which must see a secret whole (a chunk boundary could cut `PGPASSWORD=…` in two halves that
// no longer look like one), and quotes the last few when the server fails to start.

/** What the bridge feeds a stdio server's stderr into. */
export interface StderrLines {
  /** Text as it arrived; each line it completes goes to `onLine`. */
  add(text: string): void;
  /** The stream ended: an unfinished last line goes to `onLine` too. */
  flush(): void;
  /** The last `count` lines, the one still unfinished included. */
  last(count: number): string[];
}

/** Longer than this, an unfinished line is passed on as it is rather than held. */
const longestHeldLine = 8192;

/** Splits a child's stderr into non-blank lines for `onLine`, and keeps the last three. */
export function stderrLineReader(onLine: (line: string) => void): StderrLines {
  let pending = '';
  const recent: string[] = [];
  const emit = (line: string): void => {
    const trimmed = line.trimEnd();
    if (trimmed.trim() === '') return;
    recent.push(trimmed);
    if (recent.length > 3) recent.shift();
    onLine(trimmed);
  };
  return {
    add(text) {
      const lines = (pending + text).split('\n');
      pending = lines.pop() ?? '';
      if (pending.length > longestHeldLine) {
        lines.push(pending);
        pending = '';
      }
      lines.forEach(emit);
    },
    flush() {
      emit(pending);
      pending = '';
    },
    last(count) {
      return [...recent, pending.trim()].filter((line) => line !== '').slice(-count);
    },
  };
}
