// What a page holds of an app, counted as the page adds and releases it: the listeners on the window
// and the document, and the workers alive. Shared by the tests that mount and destroy apps.

// Counts the listeners on the window and the document, and the workers alive, as the page adds and
// removes them. A string, so the test runner's helpers stay out of the page.
/** The init script that counts them (window.__held() reads the count). */
export const heldCounters = `(() => {
  const listeners = new Map();
  const key = (type, listener, options) =>
    type + '|' + (typeof options === 'boolean' ? options : Boolean(options && options.capture));
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  const global = (target) => target === window || target === document;
  // Entries go when their listener is removed, so the count itself keeps nothing alive.
  const forget = (listener, entry) => {
    const set = listeners.get(listener);
    set?.delete(entry);
    if (set && set.size === 0) listeners.delete(listener);
  };
  EventTarget.prototype.addEventListener = function (type, listener, options) {
    if (global(this) && listener) {
      const set = listeners.get(listener) ?? new Set();
      set.add(key(type, listener, options) + (this === window ? '|w' : '|d'));
      listeners.set(listener, set);
      if (options && options.signal) {
        const target = this;
        options.signal.addEventListener('abort', () =>
          forget(listener, key(type, listener, options) + (target === window ? '|w' : '|d')),
        );
      }
    }
    return add.call(this, type, listener, options);
  };
  EventTarget.prototype.removeEventListener = function (type, listener, options) {
    if (global(this) && listener)
      forget(listener, key(type, listener, options) + (this === window ? '|w' : '|d'));
    return remove.call(this, type, listener, options);
  };
  const workers = new Set();
  const NativeWorker = window.Worker;
  window.Worker = class extends NativeWorker {
    constructor(...args) {
      super(...args);
      const url = String(args[0]);
      const entry = { url: url.startsWith('blob:') ? 'blob' : url.split('/').pop() };
      workers.add(entry);
      const terminate = this.terminate.bind(this);
      this.terminate = () => {
        workers.delete(entry);
        terminate();
      };
    }
  };
  window.__held = () => ({
    listeners: [...listeners.values()].flatMap((set) => [...set]).sort(),
    workers: [...workers].map((entry) => entry.url).sort(),
  });
})()`;
