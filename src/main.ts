// Browser entry: applies the saved theme before anything draws, then finds the shell and mounts the app.
import './app/apply-saved-theme';
import { mountApp, type MountedApp } from './app/mount-app';
import { startOfflineCache } from './offline/offline-cache';
import { answerOtherTabs, takeOverWaitingVersion } from './offline/take-over';
import './styles/tokens.css';
import './styles/app.css';

declare global {
  interface Window {
    /**
     * The app page's mount: `destroy()` releases everything the app holds, `remount()` mounts it
     * again in the same shell (tests mount and destroy it many times in one page).
     */
    mapwrightPage?: { destroy(): void; remount(): Promise<void> };
  }
}

/** Mounts the app page, after a waiting newer version has had its chance to take over (and reload). */
async function start(root: HTMLElement): Promise<void> {
  if (import.meta.env.PROD) {
    if (await takeOverWaitingVersion().catch(() => false)) return;
    answerOtherTabs();
  }
  const shell = root.cloneNode(true) as HTMLElement;
  let mounted: Promise<MountedApp> = mountApp(root, { configUrl: './app-config.json' });
  // Only the built page has a sw.js. Its install downloads the whole build, so it waits until the data
  // side has started (the page is idle by then) and never competes with the first map frame.
  if (import.meta.env.PROD) {
    void mounted
      .then(async (app) => {
        await app.handle.data;
        await startOfflineCache(app.handle.config.offline);
      })
      // Keeping the app for offline visits is a convenience: the page works the same without it.
      .catch(() => undefined);
  }
  window.mapwrightPage = {
    destroy: () => void mounted.then((app) => app.destroy()),
    remount: async () => {
      (await mounted).destroy();
      // The shell's own areas (#map, #chat) come back as the page first had them.
      root.replaceChildren(...[...shell.childNodes].map((node) => node.cloneNode(true)));
      mounted = mountApp(root, { configUrl: './app-config.json' });
      await mounted;
    },
  };
}

const root = document.getElementById('app');
if (root) void start(root);
