// The person's data credentials: named values that tool arguments refer to as `{{secret:NAME}}` (see
// tools/credential-placeholders.ts). Each is kept in this browser (localStorage) or only for this tab
// (sessionStorage), as the person chose; values are never shown again once saved.

/** The storage key of the credentials, in localStorage and in sessionStorage. */
export const CREDENTIALS_KEY = 'mapwright.credentials';

/** What a credential name may look like (it is written inside a placeholder). */
export const credentialNamePattern = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Where one credential is kept. */
export type CredentialPersistence = 'browser' | 'session';

function read(storage: Storage): Record<string, string> {
  try {
    const parsed = JSON.parse(storage.getItem(CREDENTIALS_KEY) ?? '{}') as unknown;
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] =>
          credentialNamePattern.test(entry[0]) && typeof entry[1] === 'string',
      ),
    );
  } catch {
    return {};
  }
}

/** The saved credentials, across both storages. */
export class CredentialStore {
  private readonly listeners = new Set<() => void>();

  constructor(
    private readonly browser: Storage = localStorage,
    private readonly session: Storage = sessionStorage,
  ) {}

  /** Every credential by name (a session one wins over a remembered one of the same name). */
  values(): ReadonlyMap<string, string> {
    return new Map(Object.entries({ ...read(this.browser), ...read(this.session) }));
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

  /** Saves `value` under `name` (replacing any earlier one); throws on a name that cannot be used. */
  set(name: string, value: string, persistence: CredentialPersistence): void {
    if (!credentialNamePattern.test(name)) {
      throw new Error(
        `'${name}' cannot name a credential: use letters, digits and _, not starting with a digit`,
      );
    }
    if (!value) throw new Error(`The credential ${name} needs a value`);
    this.remove(name, false);
    const storage = persistence === 'browser' ? this.browser : this.session;
    storage.setItem(CREDENTIALS_KEY, JSON.stringify({ ...read(storage), [name]: value }));
    this.changed();
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
