// Writes a PMTiles (version 3) archive: one file holding a tile pyramid, read tile by tile with HTTP
// range requests (https://github.com/protomaps/PMTiles/blob/main/spec/v3/spec.md). Only what the build
// needs: vector tiles, one root directory (no leaf directories), tiles stored clustered by tile id.
import { gzipSync } from 'node:zlib';
import { zxyToTileId } from 'pmtiles';

/** One tile's coordinates and its (uncompressed) MVT bytes. */
export interface ArchiveTile {
  z: number;
  x: number;
  y: number;
  data: Uint8Array;
}

/** What the header says about the archive besides its tiles. */
export interface ArchiveInfo {
  minZoom: number;
  maxZoom: number;
  /** West, south, east, north in degrees. */
  bounds: [number, number, number, number];
  /** The archive's JSON metadata (vector_layers and friends). */
  metadata: Record<string, unknown>;
}

const headerBytes = 127;
/** Readers fetch the first 16 KiB for the header and the root directory together. */
const firstReadBytes = 16_384;

function varint(values: number[], value: number): void {
  let rest = value;
  while (rest >= 0x80) {
    values.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  values.push(rest);
}

interface Entry {
  tileId: number;
  offset: number;
  length: number;
}

/** The directory encoding: counts, then id deltas, run lengths, lengths and offsets, as varints. */
function serializeDirectory(entries: Entry[]): Uint8Array {
  const bytes: number[] = [];
  varint(bytes, entries.length);
  let lastId = 0;
  for (const entry of entries) {
    varint(bytes, entry.tileId - lastId);
    lastId = entry.tileId;
  }
  for (let index = 0; index < entries.length; index += 1) varint(bytes, 1);
  for (const entry of entries) varint(bytes, entry.length);
  entries.forEach((entry, index) => {
    const previous = entries[index - 1];
    // 0 means "right after the previous tile"; otherwise the offset plus one.
    varint(
      bytes,
      previous && entry.offset === previous.offset + previous.length ? 0 : entry.offset + 1,
    );
  });
  return Uint8Array.from(bytes);
}

/** Degrees in the header's units (1e-7), rounded outwards so the bounds never cut an edge off. */
function degrees(value: number, round: (units: number) => number): number {
  return round(value * 1e7);
}

/** The archive's bytes: header, root directory, metadata, then the gzipped tiles. */
export function writePmtiles(tiles: ArchiveTile[], info: ArchiveInfo): Uint8Array {
  const sorted = tiles
    .map((tile) => ({ tileId: zxyToTileId(tile.z, tile.x, tile.y), data: gzipSync(tile.data) }))
    .sort((a, b) => a.tileId - b.tileId);
  const entries: Entry[] = [];
  let offset = 0;
  for (const tile of sorted) {
    entries.push({ tileId: tile.tileId, offset, length: tile.data.length });
    offset += tile.data.length;
  }
  const directory = serializeDirectory(entries);
  if (headerBytes + directory.length > firstReadBytes) {
    throw new Error(
      `${entries.length} tiles need a ${directory.length}-byte root directory; leaf directories are not written`,
    );
  }
  const metadata = new TextEncoder().encode(JSON.stringify(info.metadata));
  const metadataOffset = headerBytes + directory.length;
  const tileDataOffset = metadataOffset + metadata.length;
  const archive = new Uint8Array(tileDataOffset + offset);
  const view = new DataView(archive.buffer);
  archive.set(new TextEncoder().encode('PMTiles'), 0);
  view.setUint8(7, 3);
  const u64 = (at: number, value: number): void => view.setBigUint64(at, BigInt(value), true);
  u64(8, headerBytes);
  u64(16, directory.length);
  u64(24, metadataOffset);
  u64(32, metadata.length);
  u64(40, tileDataOffset + offset);
  u64(48, 0);
  u64(56, tileDataOffset);
  u64(64, offset);
  u64(72, entries.length);
  u64(80, entries.length);
  u64(88, entries.length);
  view.setUint8(96, 1); // clustered: tiles in tile-id order
  view.setUint8(97, 1); // directories and metadata: not compressed
  view.setUint8(98, 2); // tiles: gzip
  view.setUint8(99, 1); // Mapbox Vector Tiles
  view.setUint8(100, info.minZoom);
  view.setUint8(101, info.maxZoom);
  const [west, south, east, north] = info.bounds;
  view.setInt32(102, degrees(west, Math.floor), true);
  view.setInt32(106, degrees(south, Math.floor), true);
  view.setInt32(110, degrees(east, Math.ceil), true);
  view.setInt32(114, degrees(north, Math.ceil), true);
  view.setUint8(118, info.minZoom);
  view.setInt32(119, degrees((west + east) / 2, Math.round), true);
  view.setInt32(123, degrees((south + north) / 2, Math.round), true);
  archive.set(directory, headerBytes);
  archive.set(metadata, metadataOffset);
  let at = tileDataOffset;
  for (const tile of sorted) {
    archive.set(tile.data, at);
    at += tile.data.length;
  }
  return archive;
}
