// mount(): the app in any element of any page. Each app owns its DOM (a shadow root by default), its
// storage namespace and its workers, sets no globals and leaves the page's title alone unless asked;
// destroy() releases all of it. The app page mounts through here too, owning the page.
import { mountApp, type MountedApp } from '../app/mount-app';
import { pageStorageScope, storageScope } from '../storage/storage-scope';
import { buildEmbedShell } from './embed-shell';
import { listenToParentFrame } from './frame-messages';
import { hostEventOf, watchNewLayers, type MapwrightHostEvent } from './host-events';
import { claimStorageNamespace } from './storage-namespace';
import type { MapwrightHandle } from '../app/app-handle';

/** How an app is mounted into an element. */
export interface MountAppOptions {
  /** The URL of app-config.json (default: the one beside the module). */
  configUrl?: string;
  /** A config object instead of a URL, validated the same way. */
  config?: unknown;
  /**
   * The app's storage namespace: conversations, settings and keys are kept under it. Default: the
   * config's URL. The app page's own storage is used only with `ownsPage`.
   */
  storageNamespace?: string;
  /** Mounts into a shadow root (the default), so the host page's styles and the app's stay apart. */
  shadow?: boolean;
  /**
   * The app owns the page: it sets the page's title, keeps the app page's storage names and is
   * reachable as `window.mapwright`. Only the app page itself does this.
   */
  ownsPage?: boolean;
  /** Where the app's files are (the module's folder, set by the entry). */
  assetBase?: string;
  /**
   * Sections shown at the foot of Settings, as they are when Settings opens (the app page's offline
   * copy: src/offline/offline-status.ts).
   */
  settingsSections?: () => HTMLElement[];
}

/** A mounted app. */
export interface MountedMapwright {
  /** The element the app was mounted into. */
  readonly element: HTMLElement;
  /** The app's inner element (the one holding the map and the chat), in the shadow root or not. */
  readonly app: HTMLElement;
  /** Settles once the app has started; what tests and the host page can reach. */
  readonly ready: Promise<MapwrightHandle>;
  /**
   * Asks `question` as if the person typed it and pressed Send (without a model yet, the settings open
   * with the question kept in the box). Settles once it was handed to the chat.
   */
  ask(question: string): Promise<void>;
  /** Releases everything the app holds (listeners, workers, storage handles) and empties the element. */
  destroy(): void;
}

/** Mounts Mapwright into `element`; the returned handle's `destroy()` takes it out again. */
export function mount(element: HTMLElement, options: MountAppOptions = {}): MountedMapwright {
  const assetBase = options.assetBase ?? document.baseURI;
  const configUrl = options.configUrl ?? new URL('app-config.json', assetBase).href;
  const ownsPage = options.ownsPage ?? false;
  const claimed = ownsPage
    ? { namespace: '', release: () => undefined }
    : claimStorageNamespace(options.storageNamespace, configUrl);
  const shell = buildEmbedShell(element, {
    shadow: options.shadow ?? !ownsPage,
    stylesheetUrl: new URL('mapwright.css', assetBase).href,
  });
  let destroyed = false;
  let started: MountedApp | undefined;
  // Events go to the element (and, for the app page in a frame, to the parent page that asked).
  let frame: ReturnType<typeof listenToParentFrame>;
  const emit = (event: MapwrightHostEvent): void => {
    element.dispatchEvent(new CustomEvent(event.type, { detail: event.detail, bubbles: true }));
    frame?.send(event);
  };
  const stops: (() => void)[] = [];
  const mounted: Promise<MountedApp> = shell.styled
    .then(() => {
      if (destroyed) throw new Error('the app was closed');
      return mountApp(shell.app, {
        configUrl,
        ...(options.config === undefined ? {} : { config: options.config }),
        storage: ownsPage ? pageStorageScope() : storageScope(claimed.namespace),
        ownsPage,
        // The app page keeps reading its files and config URLs as it always did: beside the page.
        ...(ownsPage ? {} : { assetBase, themeRoot: element }),
        ...(options.settingsSections ? { settingsSections: options.settingsSections } : {}),
        onAgentEvent: (agentEvent) => {
          const event = hostEventOf(agentEvent);
          if (event) emit(event);
        },
      });
    })
    .then((app) => {
      // Destroyed while it started: it goes as soon as it is there.
      if (destroyed) {
        app.destroy();
        shell.remove();
        return app;
      }
      started = app;
      if (app.handle.map) stops.push(watchNewLayers(app.handle.map, emit));
      if (ownsPage) {
        frame = listenToParentFrame({
          frameAncestors: app.handle.config.security.frameAncestors,
          ask: (question) => void app.ask(question),
        });
        if (frame) stops.push(frame.stop);
      }
      return app;
    });
  // A host that destroys the app before it started is not told of a failure it caused.
  mounted.catch(() => undefined);
  return {
    element,
    app: shell.app,
    ready: mounted.then((app) => app.handle),
    ask: async (question) => (await mounted).ask(question),
    destroy: () => {
      if (destroyed) return;
      destroyed = true;
      claimed.release();
      // Released now when the app has started (a host may reuse the element at once); else as it starts.
      for (const stop of stops.splice(0)) stop();
      if (started) {
        started.destroy();
        shell.remove();
      }
    },
  };
}
