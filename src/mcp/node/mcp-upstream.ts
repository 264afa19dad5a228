// The server a bridge stands in front of: a remote Streamable HTTP or SSE endpoint, or a local command
// spoken to over stdio. One connection is shared by every browser session; when the server goes away it
// is reopened on the next request, and until then every request fails at once with the reason.
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import {
  PromptListChangedNotificationSchema,
  ResourceListChangedNotificationSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { openClient } from '../mcp-transport';
import type { McpTransportKind } from '../../config/app-config';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';

/** Where the bridged server is. */
export type UpstreamTarget =
  | {
      kind: 'http';
      url: string;
      transport?: McpTransportKind;
      headers?: Record<string, string>;
    }
  | { kind: 'stdio'; command: string; args: string[]; cwd?: string };

/** What the upstream tells the bridge about itself and its changes. */
export interface UpstreamOptions {
  target: UpstreamTarget;
  /** The upstream's tool, resource or prompt list changed. */
  onListChanged?: (kind: 'tools' | 'resources' | 'prompts') => void;
  /** Lines worth a log: connected, closed and why. */
  onLog?: (message: string) => void;
}

/**
 * How the upstream is named in messages: its command line, or its URL without user, password or query
 * string, which may hold a secret (`--url-env`) and would otherwise reach the bridge's log.
 */
export function describeUpstream(target: UpstreamTarget): string {
  if (target.kind === 'stdio') return [target.command, ...target.args].join(' ');
  const url = new URL(target.url);
  return `${url.origin}${url.pathname}${url.search ? '?…' : ''}`;
}

/** A shared, reopening connection to the bridged server. */
export class McpUpstream {
  private connecting: Promise<Client> | undefined;
  private stopped = false;
  private readonly closers: Array<() => Promise<void>> = [];

  constructor(private readonly options: UpstreamOptions) {}

  /** The connected client, connecting (again) when there is none. */
  client(): Promise<Client> {
    if (this.stopped) return Promise.reject(new Error('The bridge is stopping.'));
    if (!this.connecting) {
      const attempt = this.open();
      this.connecting = attempt;
      attempt.catch(() => {
        if (this.connecting === attempt) this.connecting = undefined;
      });
    }
    return this.connecting;
  }

  /**
   * Drops the connection after a request found the server gone (a refused or lost HTTP connection does
   * not close the transport), so the next request opens a new one.
   */
  reset(reason: string): void {
    const current = this.connecting;
    this.connecting = undefined;
    this.options.onLog?.(
      `${describeUpstream(this.options.target)}: ${reason}; reconnecting on the next request`,
    );
    void current?.then((client) => client.close()).catch(() => {});
  }

  /** Closes the connection (and ends a stdio server's process). */
  async stop(): Promise<void> {
    this.stopped = true;
    const closers = this.closers.splice(0);
    await Promise.all(closers.map((close) => close().catch(() => {})));
  }

  private async open(): Promise<Client> {
    const { target } = this.options;
    const onListChanged = this.options.onListChanged ?? (() => {});
    let client: Client;
    let transport: Transport;
    if (target.kind === 'http') {
      const opened = await openClient(
        {
          id: 'upstream',
          url: target.url,
          transport: target.transport ?? 'auto',
          ...(target.headers ? { headers: target.headers } : {}),
        },
        { onToolsChanged: () => onListChanged('tools') },
      );
      client = opened.client;
      transport = opened.transport;
      this.closers.push(opened.close);
    } else {
      client = new Client(
        { name: 'mapwright-bridge', version: '0.1.0' },
        {
          capabilities: {},
          listChanged: { tools: { autoRefresh: false, onChanged: () => onListChanged('tools') } },
        },
      );
      const stdio = new StdioClientTransport({
        command: target.command,
        args: target.args,
        stderr: 'pipe',
        ...(target.cwd ? { cwd: target.cwd } : {}),
      });
      let stderrTail = '';
      stdio.stderr?.on('data', (chunk: Buffer) => {
        stderrTail = (stderrTail + chunk.toString()).slice(-2000);
        this.options.onLog?.(`[server] ${chunk.toString().trimEnd()}`);
      });
      transport = stdio;
      try {
        await client.connect(stdio);
      } catch (error) {
        await client.close().catch(() => {});
        const detail = stderrTail.trim().split('\n').slice(-3).join(' ');
        throw new Error(
          `Could not start "${describeUpstream(target)}": ${error instanceof Error ? error.message : String(error)}` +
            (detail ? ` (${detail})` : ''),
          { cause: error },
        );
      }
      this.closers.push(() => client.close());
    }
    client.setNotificationHandler(ResourceListChangedNotificationSchema, () =>
      onListChanged('resources'),
    );
    client.setNotificationHandler(PromptListChangedNotificationSchema, () =>
      onListChanged('prompts'),
    );
    const previousOnClose = transport.onclose;
    transport.onclose = () => {
      previousOnClose?.();
      this.connecting = undefined;
      if (!this.stopped) {
        this.options.onLog?.(
          `${describeUpstream(target)}: the bridged server closed the connection`,
        );
      }
    };
    this.options.onLog?.(`connected to ${describeUpstream(target)}`);
    return client;
  }
}
