// Reading `window.localStorage` itself throws where storage is blocked (some privacy settings), and
// there is no window under Node: both read as "no storage here".

/** The page's localStorage, or undefined where it cannot be reached. */
export function safeLocalStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
