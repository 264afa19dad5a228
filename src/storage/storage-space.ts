// The browser's storage for this site: how much the app uses of what the browser allows, and whether
// the browser keeps it when the device runs short of space (persistent) or may clear it.

/** What the browser reports of its storage for this site. */
export interface StorageSpace {
  /** Bytes used. */
  usage: number;
  /** Bytes the browser allows this site. */
  quota: number;
  /** True when the browser will not clear it to make room. */
  persisted: boolean;
}

/** The browser's storage manager, when it has one (absent on insecure origins and in old browsers). */
function manager(): StorageManager | undefined {
  return typeof navigator !== 'undefined' ? navigator.storage : undefined;
}

/** The site's storage now; undefined when the browser does not say. */
export async function storageSpace(storage = manager()): Promise<StorageSpace | undefined> {
  if (!storage?.estimate) return undefined;
  try {
    const [estimate, persisted] = await Promise.all([
      storage.estimate(),
      storage.persisted ? storage.persisted() : Promise.resolve(false),
    ]);
    if (estimate.usage === undefined || estimate.quota === undefined) return undefined;
    return { usage: estimate.usage, quota: estimate.quota, persisted };
  } catch {
    return undefined;
  }
}

/**
 * Asks the browser to keep the site's storage (conversations, uploads) when space runs low. Asked once
 * a conversation is saved: browsers grant it more readily to a site that holds something.
 */
export async function askToPersist(storage = manager()): Promise<boolean> {
  if (!storage?.persist) return false;
  try {
    return (await storage.persisted?.()) === true || (await storage.persist());
  } catch {
    return false;
  }
}
