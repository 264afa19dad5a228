// What a page holds of an app, counted as the page adds and releases it: the listeners on the window
// and the document, the workers alive, and what is waiting to run (timeouts, intervals, animation
// frames, idle callbacks) or watching (Resize, Mutation and Intersection observers). Shared by the
// tests that mount and destroy apps, in Chromium (an init script) and in jsdom (the surfaces' own
// mount tests).

/** What `window.__held()` answers. */
export interface HeldCounts {
  /** Each listener on the window or the document, as `type|capture|w` (window) or `|d` (document). */
  listeners: string[];
  /** The script of each worker alive (`blob` for one started from a blob). */
  workers: string[];
  /**
   * Each timer waiting to run and each observer watching, as `kind|generation`: `timeout`,
   * `interval`, `frame` (requestAnimationFrame), `idle` (requestIdleCallback), `ResizeObserver`,
   * `MutationObserver`, `IntersectionObserver`; the generation is the one current when it was made.
   */
  pending: string[];
}

declare global {
  interface Window {
    /** What the page holds now (installed by `installHeldCounters`). */
    __held?: () => HeldCounts;
    /** Tags what is made from now on with `generation` (a test's count of mounts). */
    __heldGeneration?: (generation: number) => void;
  }
}

/**
 * Wraps the page's registration functions so that `window.__held()` counts what is held. A timer's
 * callback runs in its own generation, so a timer that schedules another (a polling loop) passes its
 * generation on: a loop left running by a destroyed mount stays counted against that mount.
 * Self-contained: Playwright sends its source to the page, so it may use nothing from this module.
 * `trace` adds where each timer and observer was made to its entry (HELD_TRACE=1 in the tests).
 */
export function installHeldCounters(trace = false): void {
  // With `trace`, each timer and observer also says where it was made (slow: for finding a leak).
  const where = (): string =>
    trace ? `|${(new Error().stack ?? '').split('\n').slice(3, 7).join(' ')}` : '';
  let generation = 0;
  let running: number | undefined;
  const current = (): number => running ?? generation;
  const inGeneration =
    <A extends unknown[]>(made: number, callback: (...args: A) => void) =>
    (...args: A): void => {
      const outer = running;
      running = made;
      try {
        callback(...args);
      } finally {
        running = outer;
      }
    };

  const listeners = new Map<unknown, Set<string>>();
  const key = (type: string, options: unknown, target: EventTarget): string =>
    `${type}|${typeof options === 'boolean' ? options : Boolean((options as { capture?: boolean } | undefined)?.capture)}|${target === window ? 'w' : 'd'}`;
  const global = (target: unknown): boolean => target === window || target === document;
  // Entries go when their listener is removed, so the count itself keeps nothing alive.
  const forget = (listener: unknown, entry: string): void => {
    const set = listeners.get(listener);
    set?.delete(entry);
    if (set && set.size === 0) listeners.delete(listener);
  };
  // Patched where each of the window and the document finds addEventListener (in jsdom the window has
  // its own, and its EventTarget is not Node's global one).
  const owners = new Set<EventTarget>();
  for (const target of [window, document]) {
    let owner: object | null = target;
    while (owner && !Object.prototype.hasOwnProperty.call(owner, 'addEventListener'))
      owner = Object.getPrototypeOf(owner) as object | null;
    if (owner) owners.add(owner as EventTarget);
  }
  for (const owner of owners) {
    const add = owner.addEventListener;
    const remove = owner.removeEventListener;
    owner.addEventListener = function (
      this: EventTarget,
      type: string,
      listener: EventListenerOrEventListenerObject | null,
      options?: boolean | AddEventListenerOptions,
    ) {
      if (global(this) && listener) {
        const entry = key(type, options, this);
        const set = listeners.get(listener) ?? new Set<string>();
        set.add(entry);
        listeners.set(listener, set);
        const signal = typeof options === 'object' ? options.signal : undefined;
        signal?.addEventListener('abort', () => forget(listener, entry));
      }
      return add.call(this, type, listener, options);
    };
    owner.removeEventListener = function (
      this: EventTarget,
      type: string,
      listener: EventListenerOrEventListenerObject | null,
      options?: boolean | EventListenerOptions,
    ) {
      if (global(this) && listener) forget(listener, key(type, options, this));
      return remove.call(this, type, listener, options);
    };
  }

  const workers = new Set<{ url: string }>();
  const NativeWorker = window.Worker as typeof Worker | undefined;
  if (NativeWorker)
    window.Worker = class extends NativeWorker {
      constructor(...args: ConstructorParameters<typeof Worker>) {
        super(...args);
        const url = String(args[0]);
        const entry = { url: url.startsWith('blob:') ? 'blob' : (url.split('/').pop() ?? url) };
        workers.add(entry);
        const terminate = this.terminate.bind(this);
        this.terminate = () => {
          workers.delete(entry);
          terminate();
        };
      }
    };

  // Timers by kind and id: an entry goes when the timer runs (a timeout, a frame, an idle callback)
  // or is cleared.
  const pending = new Map<string, string>();
  type Schedule = (callback: (...args: unknown[]) => void, ...rest: unknown[]) => number;
  type Cancel = (id: number | undefined) => void;
  const countTimer = (kind: string, schedule: string, cancel: string, repeats: boolean): void => {
    const target = window as unknown as Record<string, unknown>;
    const nativeSchedule = target[schedule] as Schedule | undefined;
    const nativeCancel = target[cancel] as Cancel | undefined;
    if (typeof nativeSchedule !== 'function' || typeof nativeCancel !== 'function') return;
    target[schedule] = function (callback: unknown, ...rest: unknown[]): number {
      if (typeof callback !== 'function')
        return nativeSchedule.call(window, callback as never, ...rest);
      const made = current();
      let id = 0;
      const run = inGeneration(made, (...args: unknown[]) => {
        if (!repeats) pending.delete(`${kind}:${id}`);
        (callback as (...args: unknown[]) => void)(...args);
      });
      id = nativeSchedule.call(window, run, ...rest);
      pending.set(`${kind}:${id}`, `${kind}|${made}${where()}`);
      return id;
    };
    target[cancel] = function (id: number | undefined): void {
      pending.delete(`${kind}:${id}`);
      nativeCancel.call(window, id);
    };
  };
  countTimer('timeout', 'setTimeout', 'clearTimeout', false);
  countTimer('interval', 'setInterval', 'clearInterval', true);
  countTimer('frame', 'requestAnimationFrame', 'cancelAnimationFrame', false);
  countTimer('idle', 'requestIdleCallback', 'cancelIdleCallback', false);

  // An observer is held from its first observe() until disconnect(); it keeps no target alive here.
  let observerCount = 0;
  const countObserver = (name: 'ResizeObserver' | 'MutationObserver' | 'IntersectionObserver') => {
    const Native = window[name] as unknown as
      | (new (
          callback: (...args: never[]) => void,
          options?: unknown,
        ) => {
          observe(...args: unknown[]): void;
          disconnect(): void;
        })
      | undefined;
    if (typeof Native !== 'function') return;
    const counted = class extends Native {
      constructor(callback: (...args: never[]) => void, options?: unknown) {
        const made = current();
        super(inGeneration(made, callback), options);
        observerCount += 1;
        const id = `${name}:${observerCount}`;
        const observe = this.observe.bind(this);
        const disconnect = this.disconnect.bind(this);
        this.observe = (...args: unknown[]) => {
          pending.set(id, `${name}|${made}${where()}`);
          observe(...args);
        };
        this.disconnect = () => {
          pending.delete(id);
          disconnect();
        };
      }
    };
    (window as unknown as Record<string, unknown>)[name] = counted;
  };
  countObserver('ResizeObserver');
  countObserver('MutationObserver');
  countObserver('IntersectionObserver');

  window.__heldGeneration = (next) => {
    generation = next;
  };
  window.__held = () => ({
    listeners: [...listeners.values()].flatMap((set) => [...set]).sort(),
    workers: [...workers].map((entry) => entry.url).sort(),
    pending: [...pending.values()].sort(),
  });
}

/** The init script that counts them, as a string (window.__held() reads the count). */
export const heldCounters = `(${installHeldCounters.toString()})()`;
