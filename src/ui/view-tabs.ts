// On a phone the map and the chat take turns on the whole screen: a bottom tab bar ("Chat" / "Map")
// chooses which, with the chat first. A dot on "Map" says the map changed while the chat was shown.
import { element } from './dom';

/** The two views of the app. */
export type AppView = 'chat' | 'map';

/** The width at or below which the views are tabs (the same as app.css's phone layout). */
export const phoneLayoutQuery = '(max-width: 700px)';

/** What the tabs need from the app. */
export interface ViewTabsOptions {
  /** Called each time the map becomes the visible view (MapLibre should measure itself again). */
  onMapShown?: () => void;
}

/** The tab bar; it sets `data-view` on the app element, which app.css turns into the visible view. */
export class ViewTabs {
  /** The tab bar element (app.css shows it on phones only). */
  readonly root: HTMLElement;
  private readonly tabs: Record<AppView, HTMLButtonElement>;
  private readonly dot = element('span', {
    className: 'app-tab-dot',
    attributes: { 'aria-hidden': 'true' },
  });
  private readonly changedNote = element('span', {
    className: 'app-tab-note',
    text: ' (changed)',
  });
  private view: AppView = 'chat';

  constructor(
    private readonly app: HTMLElement,
    private readonly options: ViewTabsOptions = {},
  ) {
    this.tabs = {
      chat: this.tab('chat', 'Chat', []),
      map: this.tab('map', 'Map', [this.dot, this.changedNote]),
    };
    this.root = element('div', {
      className: 'app-tabs',
      attributes: { role: 'tablist', 'aria-label': 'Views' },
      children: [this.tabs.chat, this.tabs.map],
    });
    this.root.addEventListener('keydown', (event) => {
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
      event.preventDefault();
      const other: AppView = this.view === 'chat' ? 'map' : 'chat';
      this.show(other);
      this.tabs[other].focus();
    });
    this.setChanged(false);
    this.show('chat');
  }

  /** The view on screen (on a desktop both are; this is the one a phone would show). */
  get current(): AppView {
    return this.view;
  }

  /** Shows `view` full screen (on a phone). */
  show(view: AppView): void {
    this.view = view;
    this.app.dataset.view = view;
    for (const [name, tab] of Object.entries(this.tabs)) {
      const selected = name === view;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
    }
    if (view === 'map') {
      this.setChanged(false);
      this.options.onMapShown?.();
    }
  }

  /** The map changed: marks the Map tab if a phone is showing the chat. */
  mapChanged(): void {
    if (this.view === 'chat' && window.matchMedia(phoneLayoutQuery).matches) this.setChanged(true);
  }

  private setChanged(changed: boolean): void {
    this.dot.hidden = !changed;
    this.changedNote.hidden = !changed;
    this.tabs.map.dataset.changed = String(changed);
  }

  private tab(view: AppView, label: string, extra: HTMLElement[]): HTMLButtonElement {
    const tab = element('button', {
      className: 'app-tab',
      attributes: {
        type: 'button',
        role: 'tab',
        id: `app-tab-${view}`,
        'aria-controls': view,
      },
      children: [element('span', { text: label }), ...extra],
    });
    tab.addEventListener('click', () => this.show(view));
    return tab;
  }
}
