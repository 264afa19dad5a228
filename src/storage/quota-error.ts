// The browser's storage for the site is full: IndexedDB says so with a DOMException by name.

/** True when `error` says the browser's storage for this site is full. */
export function isQuotaError(error: unknown): boolean {
  const name = error instanceof Error || error instanceof DOMException ? error.name : undefined;
  // Older Firefox gave it another name.
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED';
}
