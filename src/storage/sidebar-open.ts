// Whether the person left the conversation list open on a wide screen, for the next visit.
import { safeLocalStorage } from './safe-local-storage';

const KEY = 'mapwright.sidebarOpen';

/** Reads and keeps the list's open state in localStorage; a browser that refuses storage forgets it. */
export const sidebarOpenState = {
  load(storage: Storage | undefined = safeLocalStorage()): boolean {
    try {
      return storage?.getItem(KEY) === 'true';
    } catch {
      return false;
    }
  },
  save(open: boolean, storage: Storage | undefined = safeLocalStorage()): void {
    try {
      storage?.setItem(KEY, String(open));
    } catch {
      // Storage switched off or full: the list still opens and closes on this page.
    }
  },
};
