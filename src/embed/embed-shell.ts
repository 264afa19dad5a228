// The DOM an embedded app lives in: its own shadow root (so the host page's styles and the app's never
// meet) holding the app's stylesheet and the shell the app page has in index.html, found by class.

/** The shell built in an element. */
export interface EmbedShell {
  /** The element mountApp mounts into (it holds the map and chat areas). */
  app: HTMLElement;
  /** Settles once the stylesheet has loaded (or failed), so the map measures its laid-out area. */
  styled: Promise<void>;
  /** Takes the shell out of the element again. */
  remove(): void;
}

/**
 * Builds the shell inside `host`: in a shadow root with `stylesheetUrl` linked, or in place. A host that
 * is a shell already (the app page's #app, from index.html) is used as it is.
 */
export function buildEmbedShell(
  host: HTMLElement,
  options: { shadow: boolean; stylesheetUrl: string },
): EmbedShell {
  if (!options.shadow && host.querySelector('.app-map'))
    return { app: host, styled: Promise.resolve(), remove: () => undefined };
  const app = document.createElement('div');
  app.className = 'app';
  const chat = document.createElement('aside');
  chat.className = 'app-chat';
  chat.setAttribute('aria-label', 'Chat');
  // A region, not <main>: the host page has its own main content.
  const map = document.createElement('div');
  map.className = 'app-map';
  map.setAttribute('role', 'region');
  map.setAttribute('aria-label', 'Map');
  // The chat comes first so the keyboard reaches it first, as on the app page.
  app.append(chat, map);
  if (!options.shadow) {
    host.append(app);
    return { app, styled: Promise.resolve(), remove: () => app.remove() };
  }
  const root = host.shadowRoot ?? host.attachShadow({ mode: 'open' });
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = options.stylesheetUrl;
  const styled = new Promise<void>((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
  root.replaceChildren(link, app);
  return { app, styled, remove: () => root.replaceChildren() };
}
