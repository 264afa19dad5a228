// Runs `npm run mcp-server` (scripts/mcp-server.ts), or another script that prints its endpoint the same way
// (`npm run mcp-bridge`), as a child process on a free loopback port, and stops it. The script runs
// bundled (bundled-script.ts): the same code, started in a quarter of the CPU.
import { spawn, type ChildProcess } from 'node:child_process';
import { bundledScript } from './bundled-script';

/** The running script and the endpoint it printed. */
export interface ScriptServer {
  url: string;
  child: ChildProcess;
  /** Everything the script wrote to stdout and stderr so far. */
  output(): string;
  /** SIGTERM, then SIGKILL when it has not exited within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

/** Starts the script with `args` (port 0 unless given) and waits for its endpoint on stdout. */
export async function startMcpServerScript(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; script?: string } = {},
): Promise<ScriptServer> {
  const script = await bundledScript(options.script ?? 'scripts/mcp-server.ts');
  const child = spawn(process.execPath, [script, '--port', '0', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.env ? { env: options.env } : {}),
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`No URL printed:\n${output}`)), 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const found = /http:\/\/127\.0\.0\.1:\d+\/mcp/.exec(output)?.[0];
      if (found) {
        clearTimeout(timer);
        done(found);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`Exited with ${code}:\n${output}`));
    });
  });
  return {
    url,
    child,
    output: () => output,
    stop: async (graceMs = 5000) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
      await exited;
      clearTimeout(timer);
    },
  };
}
