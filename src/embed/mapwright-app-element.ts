// <mapwright-app config="…/app-config.json">: the app as an element of any page. It mounts when it
// joins the page and is destroyed when it leaves; `storage-namespace` keeps its storage apart from
// another app's on the same page.
import { mount, type MountedMapwright } from './mount';
import type { MapwrightHandle } from '../app/app-handle';

/** The element's tag name. */
export const mapwrightAppTag = 'mapwright-app';

/** The <mapwright-app> element's class, mounting with files from `assetBase`. */
export function createMapwrightAppElement(assetBase: string): CustomElementConstructor {
  return class MapwrightAppElement extends HTMLElement {
    private mounted: MountedMapwright | undefined;

    /** Settles once the app has started (undefined while the element is not on a page). */
    get ready(): Promise<MapwrightHandle> | undefined {
      return this.mounted?.ready;
    }

    /** Asks `question` in the app's chat, as if the person typed it and pressed Send. */
    async ask(question: string): Promise<void> {
      if (!this.mounted) throw new Error('The <mapwright-app> element is not on a page.');
      await this.mounted.ask(question);
    }

    connectedCallback(): void {
      if (this.mounted) return;
      const config = this.getAttribute('config');
      const namespace = this.getAttribute('storage-namespace');
      this.mounted = mount(this, {
        assetBase,
        ...(config ? { configUrl: new URL(config, document.baseURI).href } : {}),
        ...(namespace ? { storageNamespace: namespace } : {}),
      });
    }

    disconnectedCallback(): void {
      this.mounted?.destroy();
      this.mounted = undefined;
    }
  };
}

/** Defines <mapwright-app> on this page, once. */
export function defineMapwrightApp(assetBase: string): void {
  if (typeof customElements === 'undefined' || customElements.get(mapwrightAppTag)) return;
  customElements.define(mapwrightAppTag, createMapwrightAppElement(assetBase));
}
