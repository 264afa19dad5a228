// The camera as plain numbers, rounded so a state or a tool's answer does not carry float noise.
import type { InitialView } from '../config/app-config';
import type { CameraState } from '../tools/map/conversation-map-state';
import type * as maplibregl from 'maplibre-gl';

/** A longitude or latitude to four decimals (about 10 m). */
export function roundCoordinate(value: number): number {
  return Math.round(value * 1e4) / 1e4;
}

/** Where the map's camera is. */
export function cameraOf(map: maplibregl.Map): CameraState {
  const center = map.getCenter();
  return {
    center: [roundCoordinate(center.lng), roundCoordinate(center.lat)],
    zoom: Math.round(map.getZoom() * 100) / 100,
    bearing: Math.round(map.getBearing()),
    pitch: Math.round(map.getPitch()),
  };
}

/** Moves the camera to `view` at once, without an animation. */
export function jumpCamera(map: maplibregl.Map, view: InitialView | CameraState): void {
  map.jumpTo({
    center: view.center,
    zoom: view.zoom,
    bearing: view.bearing ?? 0,
    pitch: view.pitch ?? 0,
  });
}
