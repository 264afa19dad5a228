// Runs a third-party MCP server as a child process on a free loopback port, and stops it.
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { startLoopbackServer } from '../servers/loopback';

/** A child server process and its base URL. */
export interface SpawnedServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/** A port that was free a moment ago (the OS picked it). */
export async function freePort(): Promise<number> {
  const probe = await startLoopbackServer(() => {});
  await probe.stop();
  return probe.port;
}

/**
 * Starts `node script ...args` with PORT set (a free one unless given), bound to 127.0.0.1, and waits for
 * `readyPattern` on stderr.
 */
export async function spawnLoopbackServer(
  script: string,
  args: string[],
  readyPattern: RegExp,
  port?: number,
): Promise<SpawnedServer> {
  port ??= await freePort();
  const child = spawn(
    process.execPath,
    ['--import', resolve('test/mcp/force-loopback.mjs'), resolve(script), ...args],
    { env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  await new Promise<void>((ready, fail) => {
    // A server that never says it is ready is killed, not left running past the test.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      fail(new Error(`Server did not start:\n${output}`));
    }, 15_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (readyPattern.test(output)) {
        clearTimeout(timer);
        ready();
      }
    };
    child.stderr?.on('data', onData);
    child.stdout?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      fail(new Error(`Server exited with ${code}:\n${output}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((done) => child.once('exit', done));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Servers spawned for a file or a test, all stopped at once however many a test started or restarted. */
export interface SpawnedServers {
  /** `spawnLoopbackServer` with the same arguments, the server kept for `stopAll`. */
  spawn(
    script: string,
    args: string[],
    readyPattern: RegExp,
    port?: number,
  ): Promise<SpawnedServer>;
  /** Stops every server spawned so far, one still starting included, and forgets them. */
  stopAll(): Promise<void>;
}

/** A group of spawned servers: a test that restarts a server leaves no earlier one running. */
export function spawnedServers(): SpawnedServers {
  let started: Array<Promise<SpawnedServer>> = [];
  return {
    spawn(script, args, readyPattern, port) {
      const server = spawnLoopbackServer(script, args, readyPattern, port);
      started.push(server);
      return server;
    },
    async stopAll() {
      const servers = started;
      started = [];
      await Promise.all(
        (await Promise.allSettled(servers)).map((server) =>
          server.status === 'fulfilled' ? server.value.stop() : undefined,
        ),
      );
    },
  };
}
