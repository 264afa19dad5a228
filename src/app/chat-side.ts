// The chat, deferred: its placeholder shows from the first frame, and its code loads once the map has
// drawn, which measured faster for both than loading it alongside the map on two cores
// (docs/performance.md), but never later than `chatWaitCapMs` after the map started, so a slow map
// cannot hold the chat back. Destroyed before it arrives, the chat goes as soon as it is there.
import { errorMessage } from '../errors/error-message';
import { mapCredits, mapSnapshot } from '../map/map-snapshot';
import { MountedPieces, type Mounted } from '../ui/mounted';
import type { MountedChat } from '../chat/mount-chat';
import type { CredentialStore } from '../settings/shell';
import type { StorageScope } from '../storage/storage-scope';
import type { MapwrightHandle } from './app-handle';
import type { AppShell } from './app-shell';
import type { MapOverlay } from './map-overlay';
import type { MountOptions } from './mount-options';

/** The longest the chat waits for the map's first idle after the map has started, in milliseconds. */
export const chatWaitCapMs = 2500;

/** What the chat is mounted with. */
export interface ChatSideOptions {
  /** The app's config, tools, map and data side, as the handle holds them. */
  handle: Pick<
    MapwrightHandle,
    | 'config'
    | 'registry'
    | 'resultStore'
    | 'map'
    | 'conversationMap'
    | 'systemPrompt'
    | 'data'
    | 'uploadsRestored'
  >;
  credentials: CredentialStore;
  scope: StorageScope;
  shell: Pick<AppShell, 'chatElement' | 'banner'>;
  overlay: Pick<MapOverlay, 'mapUndo' | 'resultView'>;
  /** The chat starts once this settles (the map's first draw) or `chatWaitCapMs` has passed. */
  after: Promise<void>;
  /** Settles once the system prompt's text is final. */
  promptLoaded: Promise<void>;
}

/** The chat, mounted or loading. */
export interface ChatSide extends Mounted {
  /** The mounted chat; rejects when there is no chat area or the chat could not start. */
  mounted: Promise<MountedChat>;
  /** Imports a conversation's export into the chat, or says the chat is still starting. */
  importConversation(file: File): Promise<void>;
}

/** Starts loading the chat into the shell's chat area, for an app mounted with `mount`. */
export function startChatSide(
  options: ChatSideOptions,
  mount: Pick<MountOptions, 'themeRoot' | 'settingsSections' | 'onAgentEvent'>,
): ChatSide {
  const { chatElement, banner } = options.shell;
  const { handle, overlay } = options;
  const { map } = handle;
  const pieces = new MountedPieces();
  let importConversation: ((file: File) => Promise<void>) | undefined;
  const side = (mounted: Promise<MountedChat>): ChatSide => ({
    mounted,
    importConversation: async (file) => {
      if (importConversation) await importConversation(file);
      else banner.add('The chat is still starting: add the conversation again in a moment.');
    },
    destroy: () => pieces.destroy(),
  });
  if (!chatElement) {
    const none = Promise.reject(new Error('This app has no chat.'));
    none.catch(() => undefined);
    return side(none);
  }
  const chatStart = Promise.race([options.after, pieces.delay(chatWaitCapMs)]);
  const mounted = Promise.all([chatStart, options.promptLoaded])
    .then(() => {
      if (pieces.isDestroyed) throw new Error('the app was closed');
      return import('../chat/mount-chat');
    })
    .then(({ mountChat }) =>
      mountChat({
        element: chatElement,
        config: handle.config,
        credentials: options.credentials,
        registry: handle.registry,
        resultStore: handle.resultStore,
        systemPrompt: (promptOptions) => handle.systemPrompt(promptOptions),
        data: handle.data,
        ...(handle.conversationMap
          ? { map: handle.conversationMap, mapUndo: overlay.mapUndo }
          : {}),
        ...(map
          ? { report: { mapImage: () => mapSnapshot(map), attributions: () => mapCredits(map) } }
          : {}),
        uploadsRestored: handle.uploadsRestored,
        notify: (message) => banner.add(message),
        storage: options.scope,
        ...(mount.themeRoot === undefined ? {} : { themeRoot: mount.themeRoot }),
        ...(mount.settingsSections ? { settingsSections: mount.settingsSections } : {}),
        onAgentEvent: (event) => {
          // A new question starts a new choice of view (a resumed turn is the same question).
          if (event.type === 'turn-start' && !event.resumed) overlay.resultView.turnStarted();
          mount.onAgentEvent?.(event);
        },
      }),
    );
  void mounted
    .then((chat) => {
      // Destroyed while the chat started: it goes as soon as it is there.
      pieces.add(chat);
      if (pieces.isDestroyed) return;
      importConversation = (file) => chat.importConversation(file);
      performance.mark('mapwright:chat-ready');
      chatElement.removeAttribute('aria-busy');
    })
    .catch((error: unknown) => {
      if (pieces.isDestroyed) return;
      const message = `The chat could not start (${errorMessage(error)}); reload the page to try again.`;
      chatElement.querySelector('.chat-placeholder p')?.replaceChildren(message);
      banner.add(message);
    });
  return side(mounted);
}
