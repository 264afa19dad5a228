// Values leave the engines as plain JSON-friendly data: numbers, strings, booleans, null, arrays, objects.

/** Turns one engine value into plain data: safe BigInts become numbers, dates become ISO strings. */
export function toPlainValue(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (typeof value === 'bigint') {
    const asNumber = Number(value);
    return Number.isSafeInteger(asNumber) ? asNumber : value.toString();
  }
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value !== 'object') return value;
  if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
    // Typed arrays are lists of numbers (or BigInts); blobs arrive as Uint8Array.
    return Array.from(value as unknown as ArrayLike<unknown>, toPlainValue);
  }
  if (Array.isArray(value)) return value.map(toPlainValue);
  const toJson = (value as { toJSON?: () => unknown }).toJSON;
  if (typeof toJson === 'function') return toPlainValue(toJson.call(value));
  const plain: Record<string, unknown> = {};
  for (const [key, entry] of Object.entries(value)) plain[key] = toPlainValue(entry);
  return plain;
}

/** Applies toPlainValue to every field of a row. */
export function toPlainRow(row: Record<string, unknown>): Record<string, unknown> {
  const plain: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) plain[key] = toPlainValue(value);
  return plain;
}
