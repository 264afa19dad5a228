// The app page's entry: applies the saved theme before anything draws, then mounts the app into the
// page's shell through the same module an embedding page loads (src/mapwright.ts), owning the page.
import { mount, type MountedMapwright } from './mapwright';
import { startOfflineCache } from './offline/offline-cache';
import { OfflineStatus } from './offline/offline-status';
import { answerOtherTabs, takeOverWaitingVersion } from './offline/take-over';
import { applySavedTheme } from './settings/shell';

// The saved theme goes on <html> before anything else runs, so the first frame is drawn in it.
applySavedTheme();

declare global {
  interface Window {
    /**
     * The app page's mount: `destroy()` releases everything the app holds, `remount()` mounts it
     * again in the same shell (tests mount and destroy it many times in one page).
     */
    mapwrightPage?: {
      destroy(): void;
      remount(): Promise<void>;
      /** Where the offline copy stands, as Settings says it (`available` once kept whole). */
      offline(): string;
    };
  }
}

/** Mounts the app page, after a waiting newer version has had its chance to take over (and reload). */
async function start(root: HTMLElement): Promise<void> {
  if (import.meta.env.PROD) {
    if (await takeOverWaitingVersion().catch(() => false)) return;
    answerOtherTabs();
  }
  const shell = root.cloneNode(true) as HTMLElement;
  // Beside the page, as the app page always read them (in development the module is under src/).
  // Settings says whether the app is kept for offline visits (only the built page keeps it).
  const offline = new OfflineStatus();
  const options = {
    ownsPage: true,
    configUrl: './app-config.json',
    assetBase: document.baseURI,
    ...(import.meta.env.PROD ? { settingsSections: () => [offline.section()] } : {}),
  };
  let mounted: MountedMapwright = mount(root, options);
  // Only the built page has a sw.js (an embed never registers one). Its install downloads the whole
  // build, so it waits until the data side has started (the page is idle by then) and never competes
  // with the first map frame.
  if (import.meta.env.PROD) {
    void mounted.ready
      .then(async (handle) => {
        await handle.data;
        await startOfflineCache(handle.config.offline, offline);
      })
      // Keeping the app for offline visits is a convenience: the page works the same without it.
      .catch(() => undefined);
  }
  window.mapwrightPage = {
    offline: () => offline.value.state,
    destroy: () => mounted.destroy(),
    remount: async () => {
      await mounted.ready.catch(() => undefined);
      mounted.destroy();
      // The shell's own areas (#map, #chat) come back as the page first had them.
      root.replaceChildren(...[...shell.childNodes].map((node) => node.cloneNode(true)));
      mounted = mount(root, options);
      await mounted.ready;
    },
  };
}

const root = document.getElementById('app');
if (root) void start(root);
