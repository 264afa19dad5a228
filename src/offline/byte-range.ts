// Range requests: the servers that hand out tile archives a tile at a time, and the offline cache that
// answers them from a whole cached file.

/** The first range of a `Range: bytes=a-b` header (b optional), within a body of `size` bytes. */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | undefined {
  const match = /^bytes=(\d+)-(\d*)$/.exec(header ?? '');
  if (!match) return undefined;
  const start = Number(match[1]);
  const end = Math.min(match[2] ? Number(match[2]) : size - 1, size - 1);
  return start <= end ? { start, end } : undefined;
}

/** True when the header asks for bytes that start past the end of the body (answered with 416). */
export function rangeNotSatisfiable(header: string | undefined, size: number): boolean {
  const match = /^bytes=(\d+)-/.exec(header ?? '');
  return match !== null && Number(match[1]) >= size;
}
