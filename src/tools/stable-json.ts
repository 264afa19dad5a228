// A JSON text whose object keys are sorted, so equal arguments give equal memo keys.

/** JSON.stringify with object keys in sorted order at every depth. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, nested: unknown) => {
    if (typeof nested !== 'object' || nested === null || Array.isArray(nested)) return nested;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(nested).sort()) {
      sorted[key] = (nested as Record<string, unknown>)[key];
    }
    return sorted;
  });
}
