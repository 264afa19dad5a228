// One vector tile layer of points, written straight to Mapbox Vector Tile bytes (protocol buffers):
// a feature per point with its id and no properties. A tile of 16,000 points is written from typed
// arrays without an object per point, which vt-pbf's geojson-vt input would need.

/** Grows as bytes are written; varints as protocol buffers write them. */
class ByteWriter {
  bytes = new Uint8Array(1024);
  length = 0;

  private reserve(more: number): void {
    if (this.length + more <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.length + more));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  varint(value: number): void {
    this.reserve(10);
    let rest = value;
    while (rest >= 0x80) {
      this.bytes[this.length++] = (rest % 0x80) | 0x80;
      rest = Math.floor(rest / 0x80);
    }
    this.bytes[this.length++] = rest;
  }

  raw(bytes: Uint8Array): void {
    this.reserve(bytes.length);
    this.bytes.set(bytes, this.length);
    this.length += bytes.length;
  }

  /** A length-delimited field: its key, its length, its bytes. */
  field(key: number, bytes: Uint8Array): void {
    this.varint(key);
    this.varint(bytes.length);
    this.raw(bytes);
  }

  done(): Uint8Array {
    return this.bytes.slice(0, this.length);
  }
}

/** Zigzag, as the geometry's deltas are written. */
function zigzag(value: number): number {
  return value >= 0 ? value * 2 : -value * 2 - 1;
}

// Field keys: (field number << 3) | wire type (0 varint, 2 length-delimited).
const tileLayers = (3 << 3) | 2;
const layerVersion = (15 << 3) | 0;
const layerName = (1 << 3) | 2;
const layerFeatures = (2 << 3) | 2;
const layerExtent = (5 << 3) | 0;
const featureId = (1 << 3) | 0;
const featureType = (3 << 3) | 0;
const featureGeometry = (4 << 3) | 2;
/** MoveTo, once: a point. */
const moveToOnce = (1 & 7) | (1 << 3);

/**
 * A tile of one layer `name` holding `count` points: ids and positions in tile units (0..extent).
 */
export function encodePointTile(
  name: string,
  extent: number,
  count: number,
  ids: Uint32Array,
  xs: Int32Array,
  ys: Int32Array,
): Uint8Array {
  const layer = new ByteWriter();
  layer.varint(layerVersion);
  layer.varint(2);
  layer.field(layerName, new TextEncoder().encode(name));
  const feature = new ByteWriter();
  const geometry = new ByteWriter();
  for (let index = 0; index < count; index += 1) {
    feature.length = 0;
    geometry.length = 0;
    feature.varint(featureId);
    feature.varint(ids[index]!);
    feature.varint(featureType);
    feature.varint(1);
    geometry.varint(moveToOnce);
    geometry.varint(zigzag(xs[index]!));
    geometry.varint(zigzag(ys[index]!));
    feature.field(featureGeometry, geometry.bytes.subarray(0, geometry.length));
    layer.field(layerFeatures, feature.bytes.subarray(0, feature.length));
  }
  layer.varint(layerExtent);
  layer.varint(extent);
  const tile = new ByteWriter();
  tile.field(tileLayers, layer.bytes.subarray(0, layer.length));
  return tile.done();
}
