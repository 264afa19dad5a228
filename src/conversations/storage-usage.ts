// The storage line at the foot of the conversation list: "Using 12 MB of 1.2 GB", whether the browser
// keeps it, and what happens when it is full.
import type { StorageSpace } from '../storage/storage-space';

const UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB'];

/** A byte count for people: 950 bytes, 12 MB, 1.2 GB. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const shown = unit === 0 || value >= 10 ? Math.round(value).toString() : value.toFixed(1);
  return `${shown} ${UNITS[unit] ?? 'bytes'}`;
}

/** The storage line, and what `held` conversations waiting for space mean. */
export function storageUsageText(space: StorageSpace, held = 0): string {
  const used = `Using ${formatBytes(space.usage)} of ${formatBytes(space.quota)}.`;
  if (held > 0)
    return `${used} Storage is full: ${held === 1 ? 'a conversation waits' : `${held} conversations wait`} in this tab and ${held === 1 ? 'is' : 'are'} saved once there is room (delete old conversations to make some).`;
  const kept = space.persisted
    ? 'Kept until you delete it'
    : 'The browser may clear it when space runs low';
  return `${used} ${kept}; when full, changes wait in this tab.`;
}
