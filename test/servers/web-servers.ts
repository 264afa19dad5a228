// Debian's own web servers (nginx, apache2, caddy), each started by a test as its own process on a free
// loopback port, with its config, pid, logs and temp files in a temporary folder, serving a site
// written by the code under test (`npm run headers`). Stock settings otherwise: nginx reads Debian's
// mime.types and Apache /etc/mime.types, as an installed server does.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLoopbackServer } from './loopback';

/** A server kind and the file it runs from. */
export const webServerBinaries = {
  nginx: '/usr/sbin/nginx',
  apache: '/usr/sbin/apache2',
  caddy: '/usr/bin/caddy',
} as const;

/** The real servers a test can start. */
export type WebServerKind = keyof typeof webServerBinaries;

/** A running server, its address and how to stop it. */
export interface RunningWebServer {
  kind: WebServerKind;
  /** `http://127.0.0.1:PORT` */
  origin: string;
  stop(): Promise<void>;
}

/** A server's whole config around the site block, and the command that runs it in the foreground. */
interface ServerRun {
  config: string;
  file: string;
  command: string[];
  env?: Record<string, string>;
}

const asRoot = process.getuid?.() === 0;
const apacheModules = '/usr/lib/apache2/modules';

function nginxRun(folder: string, site: string): ServerRun {
  const config = [
    'daemon off;',
    'worker_processes 1;',
    // Root's files and temporary folders are readable by root alone; as another user, its own.
    asRoot ? 'user root;' : '',
    `pid ${folder}/nginx.pid;`,
    `error_log ${folder}/error.log warn;`,
    'events { worker_connections 256; }',
    'http {',
    '  include /etc/nginx/mime.types;',
    '  default_type application/octet-stream;',
    '  sendfile on;',
    '  gzip on;',
    '  access_log off;',
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
      (kind) => `  ${kind}_temp_path ${folder}/${kind};`,
    ),
    site,
    '}',
  ].join('\n');
  const file = join(folder, 'nginx.conf');
  return {
    config,
    file,
    command: [webServerBinaries.nginx, '-c', file, '-p', `${folder}/`, '-e', `${folder}/error.log`],
  };
}

function apacheRun(folder: string, site: string, documentRoot: string): ServerRun {
  const modules = ['mpm_event', 'mime', 'headers', 'dir', 'authz_core'];
  const config = [
    `ServerRoot "${folder}"`,
    `DefaultRuntimeDir "${folder}"`,
    `PidFile "${folder}/httpd.pid"`,
    `ErrorLog "${folder}/error.log"`,
    'ServerName 127.0.0.1',
    ...modules.map((module) => `LoadModule ${module}_module ${apacheModules}/mod_${module}.so`),
    // Apache refuses to serve as root; www-data reads the world-readable build.
    asRoot ? 'User www-data\nGroup www-data' : '',
    'TypesConfig /etc/mime.types',
    `DocumentRoot "${documentRoot}"`,
    '<Directory />',
    '  Require all granted',
    '</Directory>',
    site,
  ].join('\n');
  const file = join(folder, 'httpd.conf');
  return {
    config,
    file,
    command: [webServerBinaries.apache, '-f', file, '-DFOREGROUND'],
  };
}

function caddyRun(folder: string, site: string): ServerRun {
  const config = ['{', '  admin off', '}', site].join('\n');
  const file = join(folder, 'Caddyfile');
  return {
    config,
    file,
    command: [webServerBinaries.caddy, 'run', '--config', file, '--adapter', 'caddyfile'],
    env: { HOME: folder, XDG_DATA_HOME: `${folder}/data`, XDG_CONFIG_HOME: `${folder}/config` },
  };
}

/** A loopback port nothing listens on (taken from the OS, then released for the server to take). */
async function freePort(): Promise<number> {
  const probe = await startLoopbackServer((_request, response) => response.end());
  await probe.stop();
  return probe.port;
}

async function answers(origin: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited: ${log()}`);
    const answered = await fetch(`${origin}/`, { method: 'HEAD' }).then(
      () => true,
      () => false,
    );
    if (answered) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer within 30 s: ${log()}`);
}

/**
 * Starts `kind` on a free loopback port with the site `site(listen)` writes for that address (nginx's
 * `listen`, Caddy's site address: `127.0.0.1:PORT`). Apache serves `documentRoot` (the site's
 * <Directory> block says how); the others take their folder from the site.
 */
export async function startWebServer(
  kind: WebServerKind,
  site: (listen: string) => string,
  documentRoot = '/nonexistent',
): Promise<RunningWebServer> {
  const folder = mkdtempSync(join(tmpdir(), `mapwright-${kind}-`));
  chmodSync(folder, 0o755);
  const port = await freePort();
  const listen = `127.0.0.1:${port}`;
  const written = site(listen);
  const run =
    kind === 'nginx'
      ? nginxRun(folder, written)
      : kind === 'apache'
        ? apacheRun(folder, `Listen ${listen}\n${written}`, documentRoot)
        : caddyRun(folder, written);
  writeFileSync(run.file, run.config);
  const [command, ...args] = run.command;
  const output: string[] = [];
  const child = spawn(command!, args, {
    env: { ...process.env, ...run.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const log = (): string => {
    let errors = '';
    try {
      errors = readFileSync(join(folder, 'error.log'), 'utf8');
    } catch {
      // Not every server writes one before it fails.
    }
    return `${output.join('')}${errors}`.slice(-4000);
  };
  const stop = async (): Promise<void> => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(folder, { recursive: true, force: true });
  };
  const origin = `http://${listen}`;
  try {
    await answers(origin, child, log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { kind, origin, stop };
}

/** Whether `kind` accepts `site` as config (`nginx -t`, `apache2 -t`, `caddy validate`), and its words. */
export function checkWebServerConfig(
  kind: WebServerKind,
  site: (listen: string) => string,
  documentRoot = '/nonexistent',
): { ok: boolean; output: string } {
  const folder = mkdtempSync(join(tmpdir(), `mapwright-${kind}-check-`));
  try {
    const written = site('127.0.0.1:1');
    const run =
      kind === 'nginx'
        ? nginxRun(folder, written)
        : kind === 'apache'
          ? apacheRun(folder, `Listen 127.0.0.1:1\n${written}`, documentRoot)
          : caddyRun(folder, written);
    writeFileSync(run.file, run.config);
    const [command, ...args] = run.command;
    const checkArgs =
      kind === 'caddy'
        ? ['validate', '--config', run.file, '--adapter', 'caddyfile']
        : [...args.filter((arg) => arg !== '-DFOREGROUND'), '-t'];
    const result = spawnSync(command!, checkArgs, {
      env: { ...process.env, ...run.env },
      encoding: 'utf8',
    });
    return { ok: result.status === 0, output: `${result.stdout}${result.stderr}` };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
