// A page that comes back (a laptop woke, a tab was shown again, the network returned) is the moment a
// server that went away is most likely back: the hub tries at once instead of after its backoff.

/** What is watched: the page's `document` and `window`, or fakes of them in tests. */
export interface ReturnSignals {
  document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
}

/** Calls `wake` when the page becomes visible or the network comes back; returns the teardown. */
export function wakeOnReturn(wake: () => void, signals: ReturnSignals): () => void {
  const onVisibility = () => {
    if (signals.document.visibilityState === 'visible') wake();
  };
  signals.document.addEventListener('visibilitychange', onVisibility);
  signals.window.addEventListener('online', wake);
  return () => {
    signals.document.removeEventListener('visibilitychange', onVisibility);
    signals.window.removeEventListener('online', wake);
  };
}
