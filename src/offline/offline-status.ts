// Whether the app is kept for offline visits, as the person reads it at the foot of Settings: "Available
// offline" once this version is cached whole, "Keeping…" while it is being cached, and, when it could not
// be kept (a file on the server differs from the one sw.js lists, say), why.

/** Where the offline copy stands. */
export type OfflineState =
  | { state: 'keeping' }
  | { state: 'available' }
  | { state: 'failed'; reason: string }
  /** The config turned the offline copy off (`"offline": false`), or the browser has none. */
  | { state: 'off' };

/** The words for each state. */
export function offlineStatusText(status: OfflineState): string {
  switch (status.state) {
    case 'available':
      return 'Available offline: this browser keeps the app and its bundled data, so it opens without network.';
    case 'keeping':
      return 'Keeping the app for offline visits…';
    case 'failed':
      return `Not available offline: ${status.reason}`;
    case 'off':
      return 'Not kept offline: this app is opened from its host on every visit.';
  }
}

/** The offline copy's status: the last state, and the Settings sections that show it. */
export class OfflineStatus {
  private current: OfflineState = { state: 'keeping' };
  /** The line of the Settings dialog last opened (one dialog is open at a time). */
  private shown: HTMLElement | undefined;

  get value(): OfflineState {
    return this.current;
  }

  set(status: OfflineState): void {
    this.current = status;
    if (this.shown) this.render(this.shown);
  }

  /** A Settings section that says where the offline copy stands, and follows it while shown. */
  section(): HTMLElement {
    const section = document.createElement('section');
    section.className = 'mw-offline-settings';
    section.setAttribute('aria-label', 'Offline');
    const title = document.createElement('h3');
    title.textContent = 'Offline';
    const line = document.createElement('p');
    line.className = 'mw-section-intro mw-offline-status';
    line.setAttribute('role', 'status');
    section.append(title, line);
    this.render(line);
    this.shown = line;
    return section;
  }

  private render(line: HTMLElement): void {
    line.dataset.offline = this.current.state;
    line.textContent = offlineStatusText(this.current);
  }
}
