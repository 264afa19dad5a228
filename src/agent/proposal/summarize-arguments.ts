// A short, one-line rendering of tool arguments for people: `center=[-122.4, 37.8], zoom=9`.
// Deterministic (keys in the order given), bounded, and it expects arguments already redacted.

const maximumString = 60;
const maximumItems = 5;
const maximumDepth = 2;
const maximumSummary = 240;

/** Summarises arguments as `key=value` pairs, truncating long strings, lists and nested objects. */
export function summarizeArguments(args: Record<string, unknown>): string {
  const summary = Object.entries(args)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${formatValue(value, 0)}`)
    .join(', ');
  return summary.length <= maximumSummary ? summary : `${summary.slice(0, maximumSummary - 1)}…`;
}

function formatValue(value: unknown, depth: number): string {
  if (typeof value === 'string') {
    const shown = value.length <= maximumString ? value : `${value.slice(0, maximumString - 1)}…`;
    return JSON.stringify(shown);
  }
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) {
    return String(value);
  }
  if (typeof value === 'bigint') return value.toString();
  if (Array.isArray(value)) {
    if (depth >= maximumDepth) return `[${value.length} items]`;
    const shown = value.slice(0, maximumItems).map((item) => formatValue(item, depth + 1));
    if (value.length > maximumItems) shown.push(`… ${value.length - maximumItems} more`);
    return `[${shown.join(', ')}]`;
  }
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>);
    if (depth >= maximumDepth) return `{${entries.length} fields}`;
    const shown = entries
      .slice(0, maximumItems)
      .map(([key, item]) => `${key}: ${formatValue(item, depth + 1)}`);
    if (entries.length > maximumItems) shown.push(`… ${entries.length - maximumItems} more`);
    return `{${shown.join(', ')}}`;
  }
  return typeof value;
}
