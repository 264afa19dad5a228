// A visible banner for config problems and other notices, built with textContent.
import { redactSecrets } from '../agent/redact/redact';
import type { ConfigProblem } from '../config/app-config';
import type { Mounted } from '../ui/mounted';
import '../map/map-panels.css';

/** Shows notices at the top of the app. */
export class NoticeBanner implements Mounted {
  readonly element: HTMLElement;
  private readonly list: HTMLUListElement;
  private readonly resize: ResizeObserver | undefined;

  constructor(parent: HTMLElement) {
    this.element = document.createElement('div');
    this.element.className = 'notice-banner';
    this.element.setAttribute('role', 'alert');
    this.element.hidden = true;
    this.list = document.createElement('ul');
    const close = document.createElement('button');
    close.type = 'button';
    close.className = 'notice-banner-close';
    close.textContent = 'Dismiss';
    close.addEventListener('click', () => {
      this.element.hidden = true;
      this.list.replaceChildren();
    });
    this.element.append(this.list, close);
    parent.prepend(this.element);
    // The controls over the map sit below the banner (map-panels.css reads --notice-height), so a
    // notice never covers them.
    if (typeof ResizeObserver === 'function') {
      this.resize = new ResizeObserver(() => {
        parent.style.setProperty('--notice-height', `${this.element.offsetHeight}px`);
      });
      this.resize.observe(this.element);
    }
  }

  /** Takes the banner away, and stops measuring it. */
  destroy(): void {
    this.resize?.disconnect();
    this.element.remove();
  }

  /** Adds one line, secrets masked; `kind` lets tests and styles tell config problems from other notices. */
  add(text: string, kind: 'config' | 'notice' | 'upload' = 'notice'): void {
    const item = document.createElement('li');
    item.dataset.kind = kind;
    // Notices quote errors and URLs, which may carry a key or a token.
    item.textContent = redactSecrets(text);
    this.list.append(item);
    this.element.hidden = false;
  }

  /** Lists config problems under one heading line. */
  addConfigProblems(problems: ConfigProblem[]): void {
    if (problems.length === 0) return;
    this.add(
      'app-config.json has problems; the rest of the app started with defaults for these fields:',
      'config',
    );
    for (const problem of problems) this.add(`${problem.path}: ${problem.message}`, 'config');
  }
}
