// The shell's first frame, before the config has loaded: the map and chat areas, the chat's
// placeholder, the phone's view tabs and the notice banner with the page policy's refusals in it.
import { retitleChatPlaceholder, showChatPlaceholder } from '../chat';
import { MountedPieces, mounted, type Mounted } from '../ui/mounted';
import { ViewTabs } from '../ui/view-tabs';
import { NoticeBanner } from './notice-banner';
import { watchPolicyViolations } from './policy-violation-notice';
import type { MapController } from '../map/map-controller';

/** The mounted shell: its areas, its banner, and what it follows of the map once there is one. */
export interface AppShell extends Mounted {
  /** The map's area (`.app-map`), or the whole element when the shell has none. */
  mapContainer: HTMLElement;
  /** The chat's area (`.app-chat`); undefined for an app without a chat. */
  chatElement: HTMLElement | undefined;
  /** The notices at the top of the map: config problems, failures, uploads. */
  banner: NoticeBanner;
  /** Names the chat's placeholder after the config's title. */
  retitle(title: string): void;
  /** On a phone, marks the Map tab when the map changes and lets MapLibre measure itself as it shows. */
  followMap(controller: MapController): Mounted;
  /** Where an MCP server's request for input shows as a form. */
  formHost(): HTMLElement;
}

/** Mounts the shell into `element`, which holds the map and chat areas, loaded from `configUrl`. */
export function mountAppShell(element: HTMLElement, configUrl: string): AppShell {
  const pieces = new MountedPieces();
  element.dataset.configUrl = configUrl;
  // The shell's areas by class, not id: several apps may share one page.
  const mapContainer = element.querySelector<HTMLElement>('.app-map') ?? element;
  const chatElement = element.querySelector<HTMLElement>('.app-chat') ?? undefined;
  if (chatElement) showChatPlaceholder(chatElement);
  // On a phone the map and the chat are tabs; MapLibre measures itself again when its tab shows.
  let resizeMap = (): void => undefined;
  const viewTabs =
    chatElement && mapContainer !== element
      ? new ViewTabs(element, { onMapShown: () => resizeMap() })
      : undefined;
  if (viewTabs) {
    element.append(viewTabs.root);
    pieces.add({ destroy: () => viewTabs.root.remove() });
  }
  const banner = pieces.add(new NoticeBanner(mapContainer));
  // A request the page's policy refused says which config field allows it and how to apply it.
  pieces.add(watchPolicyViolations((message) => banner.add(message)));
  return {
    mapContainer,
    chatElement,
    banner,
    retitle: (title) => {
      if (chatElement) retitleChatPlaceholder(chatElement, title);
    },
    followMap: (controller) => {
      if (!viewTabs) return mounted(() => undefined);
      resizeMap = () => controller.map.resize();
      return mounted(controller.onStateChange(() => viewTabs.mapChanged()));
    },
    // Where the approval card shows, below the conversation and above the question box: the call
    // that asks is the turn's latest step. Before the chat has mounted (it replaces its
    // placeholder), a request shows over the app.
    formHost: () =>
      chatElement?.dataset.chatReady === 'true'
        ? (chatElement.querySelector<HTMLElement>('.mw-approval-slot') ??
          chatElement.querySelector<HTMLElement>('.mw-chat') ??
          chatElement)
        : element,
    destroy: () => pieces.destroy(),
  };
}
