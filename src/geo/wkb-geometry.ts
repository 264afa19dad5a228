// Well-known binary (ISO WKB and PostGIS's EWKB, as hex text or bytes) read into GeoJSON geometries.
// Written here because the readers on npm either need Node's Buffer (wkx) or refuse EWKB's SRID flag
// (@loaders.gl/gis), and PostGIS sends EWKB: every geometry column of a PostgreSQL result arrives so.
import type { Geometry, Position } from 'geojson';

const ewkbZ = 0x80000000;
const ewkbM = 0x40000000;
const ewkbSrid = 0x20000000;

class WkbReader {
  private offset = 0;
  private littleEndian = true;
  constructor(private readonly view: DataView) {}

  get done(): boolean {
    return this.offset === this.view.byteLength;
  }

  geometry(): Geometry {
    this.littleEndian = this.byte() === 1;
    const raw = this.uint32();
    // ISO WKB says Z and M by adding 1000, 2000 or 3000 to the type; EWKB by flags in the high bits.
    const iso = raw & 0x0fffffff;
    const type = iso % 1000;
    const isoDimensions = Math.floor(iso / 1000);
    const hasZ = (raw & ewkbZ) !== 0 || isoDimensions === 1 || isoDimensions === 3;
    const hasM = (raw & ewkbM) !== 0 || isoDimensions === 2 || isoDimensions === 3;
    if ((raw & ewkbSrid) !== 0) this.uint32();
    const size = 2 + (hasZ ? 1 : 0) + (hasM ? 1 : 0);
    const position = (): Position => {
      const values: number[] = [];
      for (let index = 0; index < size; index++) values.push(this.float64());
      // GeoJSON positions carry x, y and an optional z; M has no place there.
      return hasZ ? values.slice(0, 3) : values.slice(0, 2);
    };
    const positions = () => Array.from({ length: this.uint32() }, position);
    const rings = () => Array.from({ length: this.uint32() }, positions);
    const parts = <T>(read: (geometry: Geometry) => T) =>
      Array.from({ length: this.uint32() }, () => read(this.geometry()));
    switch (type) {
      case 1: {
        const point = position();
        // An empty point is written as NaN coordinates.
        return { type: 'Point', coordinates: point.some(Number.isNaN) ? [] : point };
      }
      case 2:
        return { type: 'LineString', coordinates: positions() };
      case 3:
        return { type: 'Polygon', coordinates: rings() };
      case 4:
        return { type: 'MultiPoint', coordinates: parts((part) => coordinatesOf(part, 'Point')) };
      case 5:
        return {
          type: 'MultiLineString',
          coordinates: parts((part) => coordinatesOf(part, 'LineString')),
        };
      case 6:
        return {
          type: 'MultiPolygon',
          coordinates: parts((part) => coordinatesOf(part, 'Polygon')),
        };
      case 7:
        return { type: 'GeometryCollection', geometries: parts((part) => part) };
      default:
        throw new Error(`WKB geometry type ${type} cannot be drawn.`);
    }
  }

  private byte(): number {
    const value = this.view.getUint8(this.offset);
    this.offset += 1;
    return value;
  }

  private uint32(): number {
    const value = this.view.getUint32(this.offset, this.littleEndian);
    this.offset += 4;
    return value;
  }

  private float64(): number {
    const value = this.view.getFloat64(this.offset, this.littleEndian);
    this.offset += 8;
    return value;
  }
}

interface PartCoordinates {
  Point: Position;
  LineString: Position[];
  Polygon: Position[][];
}

function coordinatesOf<T extends keyof PartCoordinates>(
  geometry: Geometry,
  type: T,
): PartCoordinates[T] {
  if (geometry.type !== type)
    throw new Error(`A multi-part WKB geometry holds a ${geometry.type}.`);
  return (geometry as unknown as { coordinates: PartCoordinates[T] }).coordinates;
}

/** The geometry that WKB or EWKB bytes hold; throws when they are not one whole geometry. */
export function wkbToGeometry(bytes: Uint8Array): Geometry {
  const reader = new WkbReader(new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength));
  const geometry = reader.geometry();
  if (!reader.done) throw new Error('WKB bytes go on past the geometry.');
  return geometry;
}

const hexWkb = /^0[01](?:[0-9a-f]{2}){8,}$/i;

/** True when text reads as WKB or EWKB in hex: a byte-order byte then whole bytes. */
export function looksLikeHexWkb(text: string): boolean {
  return hexWkb.test(text);
}

/** The geometry hex WKB or EWKB text holds (PostGIS's way of sending a geometry as text). */
export function hexWkbToGeometry(text: string): Geometry {
  if (!looksLikeHexWkb(text)) throw new Error('This text is not WKB in hex.');
  const bytes = new Uint8Array(text.length / 2);
  for (let index = 0; index < bytes.length; index++) {
    bytes[index] = Number.parseInt(text.slice(index * 2, index * 2 + 2), 16);
  }
  return wkbToGeometry(bytes);
}
