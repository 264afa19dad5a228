// Saves a Blob as a file the person downloads, through a temporary blob: link.

/** Starts the download of `blob` as `fileName`. */
export function downloadBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: the browser reads the URL after the click returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
