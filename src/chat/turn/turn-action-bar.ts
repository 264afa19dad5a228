// The actions under an answer: Copy (its markdown text, confirmed by "Copied") and, on the newest turn,
// Regenerate. Both wait while a turn runs.
import { button, element } from '../../ui/dom';
import './turn-actions.css';

/** How long "Copied" shows before the button reads "Copy" again. */
const COPIED_MS = 2_000;

/** What the bar does. */
export interface TurnActionBarOptions {
  /** Puts text on the clipboard (the browser's clipboard when absent). */
  copyText?: ((text: string) => Promise<void>) | undefined;
  /** Asks this turn's question again; absent hides Regenerate. */
  regenerate?: (() => void) | undefined;
}

/** What the bar shows. */
export interface TurnActionState {
  /** The answer's markdown text ('' hides Copy). */
  text: string;
  /** True on the newest turn once it ended. */
  regenerable: boolean;
  /** True while a turn runs: Regenerate waits. */
  busy: boolean;
}

/** The answer's action buttons. */
export class TurnActionBar {
  /** The element that holds the buttons. */
  readonly root = element('div', {
    className: 'mw-turn-actions',
    attributes: { role: 'group', 'aria-label': 'Answer actions' },
  });
  private readonly copy: HTMLButtonElement;
  private readonly regenerate: HTMLButtonElement | undefined;
  private text = '';
  private copiedTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: TurnActionBarOptions) {
    this.copy = button('Copy', () => void this.copyAnswer(), {
      className: 'mw-button mw-button-ghost mw-copy-answer',
      ariaLabel: 'Copy answer',
    });
    const regenerate = options.regenerate;
    this.regenerate = regenerate
      ? button('Regenerate', () => regenerate(), {
          className: 'mw-button mw-button-ghost mw-regenerate',
          ariaLabel: 'Regenerate answer',
        })
      : undefined;
    this.root.append(this.copy);
    if (this.regenerate) this.root.append(this.regenerate);
    this.root.hidden = true;
  }

  /** Shows the buttons that apply now. */
  update(state: TurnActionState): void {
    this.text = state.text;
    this.copy.hidden = state.text.length === 0;
    if (this.regenerate) {
      this.regenerate.hidden = !state.regenerable;
      this.regenerate.disabled = state.busy;
    }
    this.root.hidden = this.copy.hidden && (this.regenerate?.hidden ?? true);
  }

  private async copyAnswer(): Promise<void> {
    const write = this.options.copyText ?? ((text: string) => navigator.clipboard.writeText(text));
    let label = 'Copied';
    try {
      await write(this.text);
    } catch {
      label = 'Copy failed';
    }
    this.copy.textContent = label;
    this.copy.setAttribute('aria-label', label === 'Copied' ? 'Copied answer' : label);
    clearTimeout(this.copiedTimer);
    this.copiedTimer = setTimeout(() => {
      this.copy.textContent = 'Copy';
      this.copy.setAttribute('aria-label', 'Copy answer');
    }, COPIED_MS);
  }
}
