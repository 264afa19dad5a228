// The person's data credentials: named values that tool arguments refer to as `{{secret:NAME}}` (see
// tools/credential-placeholders.ts), each bound to the MCP server whose tools may receive it. Each is
// kept in this browser (localStorage) or only for this tab (sessionStorage), as the person chose; values
// are never shown again once saved. Credentials saved before binding existed (a bare string) are kept
// unbound: no tool receives them until the person chooses their server in the settings.
import type { DataCredential } from '../tools/credential-placeholders';

/** The storage key of the credentials, in localStorage and in sessionStorage. */
export const CREDENTIALS_KEY = 'mapwright.credentials';

/** What a credential name may look like (it is written inside a placeholder). */
export const credentialNamePattern = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Where one credential is kept. */
export type CredentialPersistence = 'browser' | 'session';

/** How one credential is stored: a bare string is an unbound credential of an earlier version. */
type StoredCredential = string | { value: string; serverId: string };

function isStoredCredential(value: unknown): value is StoredCredential {
  if (typeof value === 'string') return true;
  if (!value || typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.value === 'string' &&
    typeof record.serverId === 'string' &&
    record.serverId !== ''
  );
}

function read(storage: Storage): Record<string, StoredCredential> {
  try {
    const parsed = JSON.parse(storage.getItem(CREDENTIALS_KEY) ?? '{}') as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, StoredCredential] =>
          credentialNamePattern.test(entry[0]) && isStoredCredential(entry[1]),
      ),
    );
  } catch {
    return {};
  }
}

function credentialOf(stored: StoredCredential): DataCredential {
  return typeof stored === 'string'
    ? { value: stored, serverId: undefined }
    : { value: stored.value, serverId: stored.serverId };
}

/** The saved credentials, across both storages. */
export class CredentialStore {
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly browser: Storage = localStorage,
    private readonly session: Storage = sessionStorage,
  ) {}

  /** Every credential by name (a session one wins over a remembered one of the same name). */
  values(): ReadonlyMap<string, DataCredential> {
    const saved = { ...read(this.browser), ...read(this.session) };
    return new Map(Object.entries(saved).map(([name, stored]) => [name, credentialOf(stored)]));
  }

  /** The names, sorted (they go into the system prompt, which must not change by itself). */
  names(): string[] {
    return [...this.values().keys()].sort();
  }

  /** Where `name` is kept, if it is saved. */
  persistence(name: string): CredentialPersistence | undefined {
    if (name in read(this.session)) return 'session';
    return name in read(this.browser) ? 'browser' : undefined;
  }

  /** The server whose tools receive `name`; undefined when it is unbound or not saved. */
  serverOf(name: string): string | undefined {
    return this.values().get(name)?.serverId;
  }

  /**
   * Saves `value` under `name` for the tools of `serverId` (replacing any earlier one); throws on a
   * name that cannot be used, an empty value or no server.
   */
  set(name: string, value: string, persistence: CredentialPersistence, serverId: string): void {
    if (!credentialNamePattern.test(name)) {
      throw new Error(
        `'${name}' cannot name a credential: use letters, digits and _, not starting with a digit`,
      );
    }
    if (!value) throw new Error(`The credential ${name} needs a value`);
    if (!serverId) throw new Error(`Choose the server whose tools may use ${name}`);
    this.remove(name, false);
    const storage = persistence === 'browser' ? this.browser : this.session;
    storage.setItem(
      CREDENTIALS_KEY,
      JSON.stringify({ ...read(storage), [name]: { value, serverId } }),
    );
    this.changed();
  }

  /** Binds a saved credential (an unbound one of an earlier version) to `serverId`, where it is kept. */
  bind(name: string, serverId: string): void {
    const persistence = this.persistence(name);
    const credential = this.values().get(name);
    if (persistence === undefined || credential === undefined) {
      throw new Error(`No credential is saved under ${name}`);
    }
    this.set(name, credential.value, persistence, serverId);
  }

  /** Forgets `name` wherever it is kept. */
  remove(name: string, notify = true): void {
    for (const storage of [this.browser, this.session]) {
      const saved = read(storage);
      if (!(name in saved)) continue;
      delete saved[name];
      if (Object.keys(saved).length === 0) storage.removeItem(CREDENTIALS_KEY);
      else storage.setItem(CREDENTIALS_KEY, JSON.stringify(saved));
    }
    if (notify) this.changed();
  }

  /** Calls `listener` after every change; returns a function that stops it. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
