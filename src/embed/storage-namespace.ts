// Which storage namespace an embedded app gets. One the host page names is used as it is (two apps given
// the same one share their conversations); without one it is the config's URL, so a reload finds the
// same conversations, and a second app with the same config on the page gets `#2`.

const inUse = new Set<string>();

/** Claims a namespace for one mounted app; `release` gives it back when the app is destroyed. */
export function claimStorageNamespace(
  chosen: string | undefined,
  configUrl: string,
): { namespace: string; release(): void } {
  if (chosen !== undefined && chosen !== '') return { namespace: chosen, release: () => undefined };
  const base = new URL(configUrl, document.baseURI).href;
  let namespace = base;
  for (let ordinal = 2; inUse.has(namespace); ordinal += 1) namespace = `${base}#${ordinal}`;
  inUse.add(namespace);
  return { namespace, release: () => void inUse.delete(namespace) };
}
