// The data side, deferred: DuckDB-WASM, the embedded SQL server and the MCP hub load once the map has
// drawn (two cores are easily saturated), so the map never waits for them; destroyed before they
// arrive, they are closed as they arrive.
import { errorMessage } from '../errors/error-message';
import {
  loadDisabledTools,
  loadToolPolicies,
  loadUserServers,
  saveDisabledTools,
  saveToolPolicies,
  withSwitchedOff,
} from '../settings/shell';
import type { AppConfig } from '../config/app-config';
import type { DataEngine, TableSource } from '../data/data-engine';
import type { StorageScope } from '../storage/storage-scope';
import type { Mounted } from '../ui/mounted';
import type { AppShell } from './app-shell';
import type { StartDataOptions, StartedData } from './data-wiring';
import type { MountOptions } from './mount-options';
import type { ToolState } from './tool-state';

/** What the data side starts from. */
export interface DataSideOptions {
  config: AppConfig;
  /** The URL the config's relative URLs were read against (an embed's files are read from there). */
  configBase: string;
  scope: StorageScope;
  tools: Pick<ToolState, 'registry' | 'resultStore'>;
  /** Its warnings go to the banner; a server's forms show in the chat's approval slot. */
  shell: Pick<AppShell, 'banner' | 'formHost'>;
  /** The data side starts once this settles (the map's first draw, capped). */
  after: Promise<void>;
  /** Creates the engine behind the embedded server; DuckDB-WASM by default (tests give a Node one). */
  createEngine?: StartDataOptions['createEngine'];
}

/** The data side, started or starting. */
export interface DataSide extends Mounted {
  /** Settles when the data side has started, or undefined when it failed (reported) or was closed. */
  data: Promise<StartedData | undefined>;
  /** The data engine once the data side has started. */
  engine(): Promise<DataEngine | undefined>;
  /** What has started, once it has. */
  readonly started: StartedData | undefined;
}

/** Starts the data side after `options.after`, for an app mounted with `mount`. */
export function startDataSide(
  options: DataSideOptions,
  mount: Pick<MountOptions, 'assetBase'>,
): DataSide {
  const { config, scope, shell } = options;
  let destroyed = false;
  let started: StartedData | undefined;
  const tables: TableSource[] = config.datasets.map((dataset) => ({
    table: dataset.table,
    format: dataset.source.format,
    url: new URL(dataset.source.url, document.baseURI).href,
  }));
  const data = options.after
    .then(() => {
      if (destroyed) throw new Error('the app was closed');
      performance.mark('mapwright:data-start');
      return import('./data-wiring');
    })
    .then(({ startData }) =>
      startData({
        datasets: tables,
        allowedHosts: [
          ...config.data.allowedHosts,
          ...embedOrigins(mount.assetBase, options.configBase),
        ],
        // A publisher's server the person switched off stays off after a reload.
        mcpServers: withSwitchedOff(config.mcpServers, scope.local),
        registry: options.tools.registry,
        resultStore: options.tools.resultStore,
        maxRowsToModel: config.limits.maxRowsToModel,
        toolTimeoutMs: config.limits.toolTimeoutMs,
        explanationArgument: config.explainCalls.explanationArgument,
        onWarning: (message) => shell.banner.add(message),
        // The person's servers, switched-off tools and policies stay as they left them after a reload.
        userServers: loadUserServers({ local: scope.local, session: scope.session }),
        disabledTools: loadDisabledTools(scope.local),
        onPreferencesChange: (disabled) => saveDisabledTools(disabled, scope.local),
        defaultPolicy: config.approvals.defaultPolicy,
        // "Run without asking" holds for the session unless the person chose to remember it.
        toolPolicies: loadToolPolicies({ local: scope.local, session: scope.session }),
        onToolPoliciesChange: (policies) =>
          saveToolPolicies(policies, { local: scope.local, session: scope.session }),
        elicitationHost: () => shell.formHost(),
        oauth: {
          baseUrl: mount.assetBase ?? document.baseURI,
          sessionStorage: scope.session,
          localStorage: scope.local,
        },
        ...(options.createEngine ? { createEngine: options.createEngine } : {}),
      }),
    )
    .then((arrived: StartedData) => {
      // Destroyed while it started: closed here, once, and settled to undefined as closed.
      if (destroyed) {
        void arrived.close();
        return undefined;
      }
      started = arrived;
      return arrived;
    })
    .catch((error: unknown) => {
      if (destroyed) return undefined;
      shell.banner.add(
        `The data engine could not start (${errorMessage(error)}); map tools still work.`,
      );
      return undefined;
    });
  return {
    data,
    engine: async () => (await data)?.engine,
    get started() {
      return started;
    },
    destroy: () => {
      if (destroyed) return;
      destroyed = true;
      void data.then((arrived) => arrived?.close());
    },
  };
}

// An embed reads its files from its own origin (the module's and the config's), which the data
// engine's worker must reach besides the config's data hosts.
function embedOrigins(assetBase: string | undefined, configBase: string): string[] {
  if (assetBase === undefined) return [];
  return [...new Set([new URL(assetBase).origin, new URL(configBase).origin])];
}
