// Creates the app's MapLibre map: its worker, stylesheet, basemap style, credits and zoom buttons, and
// waits for the style (not its tiles), so layers added next are tiled with the basemap in one pass.
import * as maplibregl from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { resolveBasemapStyle } from './basemap/basemap-style';
import { datasetCredits } from './datasets/dataset-credits';
import type { AppConfig } from '../config/app-config';
import type { FetchFunction } from './datasets/dataset-features';

maplibregl.setWorkerUrl(workerUrl);
// MapLibre's own worker count (half the cores, so one on two cores): with the bundled layers cut into
// tiles at build time, a second worker measured slower here (it compiles the worker script again and
// competes with the drawing for the same two cores).

/** Starts MapLibre's workers now, so they boot while the config and data files download. */
export function prewarmMapWorkers(): void {
  maplibregl.prewarm();
}

/**
 * Lets the workers `prewarmMapWorkers` started go once a map is removed: MapLibre ends them when no
 * other map of the page still uses them (another app mounted beside this one keeps them).
 */
export function releaseMapWorkers(): void {
  maplibregl.clearPrewarmedResources();
}

/** What opening the map needs. */
export interface OpenMapOptions {
  config: AppConfig;
  /** One request for a file (the online style): the map asks again after a passing failure itself. */
  fetch: FetchFunction;
  /** Tells the person something about the map (e.g. the online basemap failed). */
  onNotice: (message: string) => void;
  /** Where the bundled files (the offline basemap's tiles) are: the page, or an embed's module. */
  assetBase?: string;
  /** The element whose data-theme the offline basemap follows (the page's <html> by default). */
  themeRoot?: HTMLElement;
}

/** The map with its style loaded, and whether its basemap is the offline one. */
export async function openMaplibreMap(
  container: HTMLElement,
  options: OpenMapOptions,
): Promise<{ map: maplibregl.Map; offline: boolean }> {
  const { style, offline } = await resolveBasemapStyle(
    options.config.basemap,
    options.fetch,
    options.onNotice,
    { assetBase: options.assetBase, themeRoot: options.themeRoot },
  );
  const view = options.config.initialView;
  const map = new maplibregl.Map({
    container,
    style: style as unknown as maplibregl.StyleSpecification,
    center: view.center,
    zoom: view.zoom,
    bearing: view.bearing ?? 0,
    pitch: view.pitch ?? 0,
    // Each dataset's credit from the config, beside the basemap's.
    attributionControl: {
      compact: true,
      customAttribution: datasetCredits(options.config.datasets),
    },
    // Keeps the canvas readable for screenshots and the browser tests' pixel check.
    canvasContextAttributes: { preserveDrawingBuffer: true },
    // No symbol or raster fades to animate: each animated frame costs SwiftShader a full redraw.
    fadeDuration: 0,
  });
  map.addControl(new maplibregl.NavigationControl({ showCompass: false }), 'bottom-right');
  // On a narrow screen the credits start folded behind their "i": open, they cover a third of a phone.
  if (container.clientWidth <= 700) {
    const credits = container.querySelector('.maplibregl-ctrl-attrib');
    credits?.classList.remove('maplibregl-compact-show');
    credits?.removeAttribute('open');
  }
  await new Promise<void>((resolve) =>
    map.isStyleLoaded() ? resolve() : map.once('style.load', () => resolve()),
  );
  return { map, offline };
}
