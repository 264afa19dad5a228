// The Node scripts' printing (`npm run mcp-bridge`, `npm run mcp-server`): every line goes through the
// one redaction of printed lines (src/mcp/node/redact-printed.ts), a crash's report included.
import { printedError, redactPrinted } from '../src/mcp/node/redact-printed';

/** Prints text the program wrote itself (its usage), which names flags like `--token SECRET`. */
export interface VerbatimPrinter {
  (text: string): void;
}

/**
 * Sends every line the process prints through `redactPrinted`: console.log, console.error and the
 * report of an exception nothing caught (printed as its redacted message, no stack, then exit code 1).
 * Returns the one way around it, for the program's own usage text.
 */
export function redactEverythingPrinted(): VerbatimPrinter {
  const print =
    (write: (line: string) => void) =>
    (...parts: unknown[]): void =>
      write(
        redactPrinted(
          parts.map((part) => (typeof part === 'string' ? part : printedError(part))).join(' '),
        ),
      );
  const out = console.log.bind(console);
  const error = console.error.bind(console);
  console.log = print(out);
  console.info = print(out);
  console.error = print(error);
  console.warn = print(error);
  const crash = (thrown: unknown): void => {
    error(printedError(thrown));
    process.exit(1);
  };
  process.on('uncaughtException', crash);
  process.on('unhandledRejection', crash);
  return (text) => error(text);
}
