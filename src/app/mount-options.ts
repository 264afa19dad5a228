// How the app is mounted: what mountApp and the pieces it composes read of the embedder's choices.
import type { AgentEvent } from '../agent/types';
import type { StorageScope } from '../storage/storage-scope';

/** How the app is mounted. */
export interface MountOptions {
  /** Where app-config.json lives, relative to the page. */
  configUrl: string;
  /** A config object to use instead of fetching `configUrl` (for embedders); validated the same way. */
  config?: unknown;
  /**
   * Where the app's own files are (the offline basemap's tiles), and what the config's relative URLs
   * mean: an embed passes its module's folder and its config's URL; the app page leaves both out (its
   * page is beside them).
   */
  assetBase?: string;
  /** Where this app keeps what it stores (an embed's own namespace); the page's names by default. */
  storage?: StorageScope;
  /**
   * Whether the app owns the page: it names the page after the config's title and is reachable as
   * `window.mapwright`. The app page does; an embed does not unless its host asks.
   */
  ownsPage?: boolean;
  /** The element whose data-theme the theme button sets and the map follows (the page's <html>). */
  themeRoot?: HTMLElement;
  /** Hears the events of the runs of the conversation on screen (the host page's events). */
  onAgentEvent?: (event: AgentEvent) => void;
  /** Sections shown at the foot of Settings, as they are when it opens (the page's offline copy). */
  settingsSections?: () => HTMLElement[];
}
