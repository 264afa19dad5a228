// The theme button in the chat header: each press steps System → Light → Dark, applies the theme at
// once and tells its owner, who keeps it. Its accessible name says the current theme and what a press does.
import { element } from '../ui/dom';
import { applyThemeChoice } from './theme-choice';
import { themeChoices, type ThemeChoice } from './theme-store';

/** What the theme button starts from and whom it tells. */
export interface ThemeToggleOptions {
  /** The theme in use when the button is made (the saved choice). */
  initial: ThemeChoice;
  /** Called with each new choice, to keep it for the next visit. */
  onChoose?: (choice: ThemeChoice) => void;
  /** The element the theme applies to (the page's <html> unless a test gives its own). */
  page?: HTMLElement;
}

const names: Record<ThemeChoice, string> = {
  system: 'same as device',
  light: 'light',
  dark: 'dark',
};

// Drawn with SVG nodes (no HTML strings, no inline styles): half-filled circle, sun, moon.
const iconPaths: Record<ThemeChoice, string> = {
  system: 'M12 3a9 9 0 1 0 0 18a9 9 0 0 0 0-18zm0 2v14a7 7 0 0 1 0-14z',
  light:
    'M12 7a5 5 0 1 0 0 10a5 5 0 0 0 0-10zM11 1h2v3h-2zM11 20h2v3h-2zM1 11h3v2H1zM20 11h3v2h-3zM4.2 5.6l1.4-1.4 2.1 2.1-1.4 1.4zM16.3 17.7l1.4-1.4 2.1 2.1-1.4 1.4zM4.2 18.4l2.1-2.1 1.4 1.4-2.1 2.1zM16.3 6.3l2.1-2.1 1.4 1.4-2.1 2.1z',
  dark: 'M20 15.3A8.5 8.5 0 0 1 8.7 4 8.5 8.5 0 1 0 20 15.3z',
};

/** A button that cycles the page's colour theme. */
export class ThemeToggle {
  /** The button, for the chat header. */
  readonly root: HTMLButtonElement;
  private choice: ThemeChoice;
  private readonly path: SVGPathElement;
  private readonly page: HTMLElement;

  constructor(private readonly options: ThemeToggleOptions) {
    this.choice = options.initial;
    this.page = options.page ?? document.documentElement;
    const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
    svg.setAttribute('viewBox', '0 0 24 24');
    svg.setAttribute('width', '18');
    svg.setAttribute('height', '18');
    svg.setAttribute('aria-hidden', 'true');
    svg.setAttribute('fill', 'currentColor');
    this.path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
    svg.append(this.path);
    this.root = element('button', {
      className: 'mw-button mw-button-ghost mw-icon-button mw-theme-toggle',
      attributes: { type: 'button' },
      children: [svg],
    });
    this.root.addEventListener('click', () => this.choose(this.next()));
    this.show();
  }

  /** The theme in use: what the person chose, or "system". */
  get current(): ThemeChoice {
    return this.choice;
  }

  /** Applies `choice`, hands it to the owner to keep, and updates the button. */
  choose(choice: ThemeChoice): void {
    this.choice = choice;
    this.options.onChoose?.(choice);
    this.show();
  }

  private next(): ThemeChoice {
    const index = themeChoices.indexOf(this.choice);
    return themeChoices[(index + 1) % themeChoices.length] ?? 'system';
  }

  private show(): void {
    applyThemeChoice(this.choice, this.page);
    this.path.setAttribute('d', iconPaths[this.choice]);
    const label = `Theme: ${names[this.choice]}. Switch to ${names[this.next()]}`;
    this.root.setAttribute('aria-label', label);
    this.root.title = label;
    this.root.dataset.theme = this.choice;
  }
}
