// Where one mounted app keeps what it stores. The app page keeps today's names (so people keep their
// conversations, settings and keys); each embedded app gets a namespace of its own, so two apps on one
// page (or an app embedded in a page that also hosts the app page) never read or write each other's
// conversations, settings, databases, channels or locks.

/** One app's storages and names. */
export interface StorageScope {
  /** Its namespace; empty for the app page. */
  readonly namespace: string;
  /** localStorage, keys prefixed for the namespace (reading it throws where the browser refuses). */
  readonly local: Storage;
  /** sessionStorage, the same way. */
  readonly session: Storage;
  /** An IndexedDB database, BroadcastChannel or Web Lock name in this scope. */
  name(base: string): string;
}

/** The app page's scope: the browser's storages and the names as they always were. */
export function pageStorageScope(): StorageScope {
  // Getters: the storages are read when used, as they always were (a blocked one throws there).
  return {
    namespace: '',
    get local() {
      return window.localStorage;
    },
    get session() {
      return window.sessionStorage;
    },
    name: (base) => base,
  };
}

/** A scope whose keys and names all carry `namespace` (the app page's scope when it is empty). */
export function storageScope(namespace: string): StorageScope {
  if (namespace === '') return pageStorageScope();
  const prefix = `mapwright@${namespace}/`;
  return {
    namespace,
    local: new PrefixedStorage(() => window.localStorage, prefix),
    session: new PrefixedStorage(() => window.sessionStorage, prefix),
    name: (base) => prefix + base,
  };
}

/** A Storage whose keys are those of `inner()` that start with `prefix`, without it. */
export class PrefixedStorage implements Storage {
  [name: string]: unknown;

  constructor(
    private readonly storage: () => Storage,
    private readonly prefix: string,
  ) {}

  // Read at each use: a storage the browser refuses throws there, as the unprefixed one would.
  private get inner(): Storage {
    return this.storage();
  }

  /** How many keys the namespace holds. */
  get length(): number {
    return this.ownKeys().length;
  }

  /** Removes every key of the namespace (and only those). */
  clear(): void {
    for (const key of this.ownKeys()) this.inner.removeItem(this.prefix + key);
  }

  /** The value of `key` in the namespace. */
  getItem(key: string): string | null {
    return this.inner.getItem(this.prefix + key);
  }

  /** The namespace's `index`th key. */
  key(index: number): string | null {
    return this.ownKeys()[index] ?? null;
  }

  /** Removes `key` from the namespace. */
  removeItem(key: string): void {
    this.inner.removeItem(this.prefix + key);
  }

  /** Sets `key` in the namespace. */
  setItem(key: string, value: string): void {
    this.inner.setItem(this.prefix + key, value);
  }

  private ownKeys(): string[] {
    const keys: string[] = [];
    for (let index = 0; index < this.inner.length; index += 1) {
      const key = this.inner.key(index);
      if (key?.startsWith(this.prefix)) keys.push(key.slice(this.prefix.length));
    }
    return keys;
  }
}
