// Which conversation is on screen, so a reload opens that one and not the most recently changed.
// Kept per tab (sessionStorage) and for the next visit (localStorage): a reload finds its own tab's,
// a new tab the one the person last opened anywhere.

const KEY = 'mapwright.conversationOnScreen';

/** Remembers `id` as the conversation on screen. */
export function rememberConversationOnScreen(
  id: string,
  stores: Storage[] = [sessionStorage, localStorage],
): void {
  for (const store of stores) {
    try {
      store.setItem(KEY, id);
    } catch {
      // Storage full or refused: a reload opens the most recent conversation instead.
    }
  }
}

/** The conversation that was on screen when this tab (or, failing that, any tab) last showed one. */
export function conversationOnScreen(
  stores: Storage[] = [sessionStorage, localStorage],
): string | undefined {
  for (const store of stores) {
    try {
      const id = store.getItem(KEY);
      if (id) return id;
    } catch {
      // Refused (a sandboxed frame): nothing remembered.
    }
  }
  return undefined;
}
