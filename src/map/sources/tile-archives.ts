// Tile archives (PMTiles) as MapLibre sources: `pmtiles://` URLs served by the pmtiles protocol, each
// archive read through a RangeSource.
import * as maplibregl from 'maplibre-gl';
import { PMTiles, Protocol } from 'pmtiles';
import { RangeSource } from './range-source';

const protocol = new Protocol();
maplibregl.addProtocol('pmtiles', protocol.tile);

/** The MapLibre source URL of the archive at `url` (absolute), registered on first use. */
export function tileArchiveUrl(url: string): string {
  if (!protocol.get(url)) protocol.add(new PMTiles(new RangeSource(url)));
  return `pmtiles://${url}`;
}
