// What the tools share across the app: the person's data credentials, the tool registry, and the
// result store the map and the chat read results from by id.
import { CredentialStore } from '../settings/shell';
import { maskCredentials } from '../tools/credential-placeholders';
import { ResultStore } from '../tools/result-store';
import { ToolRegistry } from '../tools/tool-registry';
import type { AppConfig } from '../config/app-config';
import type { StorageScope } from '../storage/storage-scope';

/** The credentials, the registry and the result store of one mounted app. */
export interface ToolState {
  credentials: CredentialStore;
  registry: ToolRegistry;
  resultStore: ResultStore;
}

/** Makes the app's tool state, its credentials kept in `scope`. */
export function createToolState(config: AppConfig, scope: StorageScope): ToolState {
  // Data credentials: filled into approved calls of their own server's tools at dispatch, masked in
  // every result (with their common transforms), never seen by the model.
  const credentials = new CredentialStore(scope.local, scope.session);
  const registry = new ToolRegistry({
    defaultTimeoutMs: config.limits.toolTimeoutMs,
    credentials: () => credentials.values(),
  });
  const resultStore = new ResultStore({
    // Every result of a long conversation comes back after a reload (each is capped when stored).
    capacity: 300,
    mask: (result) => maskCredentials(result, credentials.values()),
  });
  return { credentials, registry, resultStore };
}
