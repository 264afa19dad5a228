// The settings surface in the chat's toolbar: the Settings button and the sections Settings shows
// besides the model (the data credentials, the MCP servers with the reuse switch, the page's own).
import { button } from '../ui/dom';
import { MountedPieces, type Mounted } from '../ui/mounted';
import { CredentialsSection } from './credentials-section';
import { loadUserServers, saveServerSwitchedOff, saveUserServers } from './mcp-preferences-store';
import { McpSettingsSection, type KeptServers } from './mcp-settings-section';
import { reuseAnswersSwitch } from './reuse-answers-switch';
import type { McpHub } from '../mcp/mcp-hub';
import type { ToolRegistry } from '../tools/tool-registry';
import type { CredentialStore } from './credential-store';

/** What the settings surface needs from the chat. */
export interface SettingsDependencies {
  /** Opens Settings (the chat's model settings show the dialog). */
  open(): void;
  /** The person's data credentials (the registry fills and masks them). */
  credentials?: CredentialStore;
  /** The registry the reuse switch applies to. */
  registry: ToolRegistry;
  /** How long a reused answer lasts (the publisher's limit), in milliseconds. */
  reuseAnswersMs: number;
  /** This app's storages (an embed's own namespace). */
  storage: { local: Storage; session: Storage };
  /** The MCP hub when it is there already, and when the data side has started. */
  hub?: McpHub;
  hubStarted: Promise<McpHub | undefined>;
  /** Sections at the foot of Settings (the page's offline copy), as they are when it opens. */
  pageSections?: () => HTMLElement[];
}

/** The mounted settings surface. */
export interface MountedSettings extends Mounted {
  /** The sections Settings shows below the model, as they are now. */
  sections(): HTMLElement[];
}

/** Mounts the Settings button into `toolbar` and keeps the sections Settings shows. */
export function mountSettings(
  toolbar: HTMLElement,
  dependencies: SettingsDependencies,
): MountedSettings {
  const pieces = new MountedPieces();
  const { storage } = dependencies;
  const keptServers: KeptServers = {
    load: () => loadUserServers(storage),
    save: (servers, saveOptions) => saveUserServers(servers, { ...saveOptions, storage }),
    switchPublisherServer: (serverId, enabled) =>
      saveServerSwitchedOff(serverId, !enabled, storage.local),
  };
  // The person's switch for reused answers, applied to the registry now and kept on this device.
  const reuse = reuseAnswersSwitch(
    dependencies.registry,
    dependencies.reuseAnswersMs,
    storage.local,
  );
  let hub = dependencies.hub;
  let mcpSection = hub ? pieces.add(new McpSettingsSection(hub, keptServers, reuse)) : undefined;
  void dependencies.hubStarted.then((started) => {
    if (hub || !started || pieces.isDestroyed) return;
    hub = started;
    mcpSection = pieces.add(new McpSettingsSection(started, keptServers, reuse));
  });
  const settingsButton = button('Settings', () => dependencies.open(), {
    className: 'mw-button mw-open-settings',
    ariaLabel: 'Open the settings',
  });
  toolbar.append(settingsButton);
  pieces.add({ destroy: () => settingsButton.remove() });
  const credentials = dependencies.credentials;
  return {
    sections: () => [
      ...(credentials
        ? [
            new CredentialsSection(
              credentials,
              () => hub?.servers().map((server) => server.id) ?? [],
            ).root,
          ]
        : []),
      ...(mcpSection ? [mcpSection.root] : []),
      ...(dependencies.pageSections?.() ?? []),
    ],
    destroy: () => pieces.destroy(),
  };
}
