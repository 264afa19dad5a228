// A browser starts a worker only from a script of the page's own origin. An embedded app's scripts come
// from the publisher's origin, not the host page's: there the worker starts from a small script of the
// page's origin (a blob) that imports the real one, which the publisher serves with CORS.

/** Whether `url` can start a worker on this page as it is (same origin, or already a blob). */
export function startsInPlace(url: string): boolean {
  // Without a page (Node, or a worker's own scope) there is no other origin to cross.
  if (typeof document === 'undefined') return true;
  const target = new URL(url, document.baseURI);
  return target.protocol === 'blob:' || target.origin === window.location.origin;
}

/** Starts the module worker at `url`, through a blob of the page's origin when `url` is another's. */
export function startModuleWorker(url: string, options: WorkerOptions = {}): Worker {
  if (startsInPlace(url)) return new Worker(url, { ...options, type: 'module' });
  const script = `import ${JSON.stringify(new URL(url, document.baseURI).href)};\n`;
  const blobUrl = URL.createObjectURL(new Blob([script], { type: 'text/javascript' }));
  try {
    return new Worker(blobUrl, { ...options, type: 'module' });
  } finally {
    // The worker holds the blob from the moment its URL is parsed (as MapLibre's own start relies on).
    URL.revokeObjectURL(blobUrl);
  }
}
