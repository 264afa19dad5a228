// The app page's entry: applies the saved theme before anything draws, then mounts the app into the
// page's shell through the same module an embedding page loads (src/mapwright.ts), owning the page.
import './app/apply-saved-theme';
import { mount, type MountedMapwright } from './mapwright';

declare global {
  interface Window {
    /**
     * The app page's mount: `destroy()` releases everything the app holds, `remount()` mounts it
     * again in the same shell (tests mount and destroy it many times in one page).
     */
    mapwrightPage?: { destroy(): void; remount(): Promise<void> };
  }
}

const root = document.getElementById('app');
if (root) {
  const shell = root.cloneNode(true) as HTMLElement;
  // Beside the page, as the app page always read them (in development the module is under src/).
  const options = { ownsPage: true, configUrl: './app-config.json', assetBase: document.baseURI };
  let mounted: MountedMapwright = mount(root, options);
  window.mapwrightPage = {
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
