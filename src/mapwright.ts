// The module a page loads to embed Mapwright (dist/mapwright.js, with dist/mapwright.css beside it):
// it defines <mapwright-app> and exports mount(). The app page is built on it as well. Every file the
// app reads by default (its config, data, tiles, workers, stylesheet) is found beside this module, not
// beside the page that loads it.
import { defineMapwrightApp } from './embed/mapwright-app-element';
import { mount as mountInto, type MountAppOptions, type MountedMapwright } from './embed/mount';
import './styles/tokens.css';
import './styles/app.css';
import './styles/embed.css';

export type { MountAppOptions, MountedMapwright } from './embed/mount';
export type { MapwrightHandle } from './app/app-handle';
export type { MapwrightEventDetails, MapwrightHostEvent } from './embed/host-events';
export type { ParentMessage } from './embed/frame-messages';

/** The folder this module was loaded from: the app's files are there. */
// Cut from the URL by hand: the build reads `new URL('./', import.meta.url)` as a file to bundle.
export const moduleBase = import.meta.url.slice(0, import.meta.url.lastIndexOf('/') + 1);

/** Mounts Mapwright into `element` (in a shadow root), with its files beside this module. */
export function mount(element: HTMLElement, options: MountAppOptions = {}): MountedMapwright {
  return mountInto(element, { assetBase: moduleBase, ...options });
}

defineMapwrightApp(moduleBase);
