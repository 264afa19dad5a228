// The status line: what the agent is doing (processing, tool_loop) and a Stop button.
import { button, element } from './dom';
import type { ScheduledRetry } from '../agent/conversation/conversation-document';
import type { AgentStatus } from '../agent/types';

const LABELS: Record<AgentStatus, string> = {
  idle: 'Ready',
  processing: 'processing: the model is answering…',
  tool_loop: 'tool_loop: running tools…',
  failed: 'The last turn failed',
};

/** Shows the agent's status with Stop while a turn runs. */
export class StatusLine {
  /** The element that holds the status line. */
  readonly root: HTMLElement;
  private readonly label = element('span', { className: 'mw-status-text' });
  private readonly stop: HTMLButtonElement;
  /** The label the status shows when no retry is counting down. */
  private statusText = '';
  private retry: ScheduledRetry | undefined;
  private countdown: ReturnType<typeof setInterval> | undefined;

  constructor(onStop: () => void) {
    this.stop = button('Stop', onStop, {
      className: 'mw-button mw-stop',
      ariaLabel: 'Stop the answer (Esc)',
    });
    this.root = element('div', { className: 'mw-status', children: [this.label, this.stop] });
    this.set('idle');
  }

  /** Shows a status. */
  set(status: AgentStatus, detail?: string): void {
    this.root.dataset.status = status;
    this.statusText = detail ?? LABELS[status];
    this.label.textContent = this.retry ? this.retryText(this.retry) : this.statusText;
    this.stop.hidden = status !== 'processing' && status !== 'tool_loop';
  }

  /**
   * Counts down to a scheduled retry of the model call ("Retrying in 3 s (attempt 2 of 3)"), once a
   * second; `undefined` ends the countdown and shows the status again.
   */
  showRetry(retry: ScheduledRetry | undefined): void {
    if (retry === this.retry) return;
    this.retry = retry;
    if (this.countdown !== undefined) clearInterval(this.countdown);
    this.countdown = undefined;
    if (!retry) {
      this.label.textContent = this.statusText;
      return;
    }
    const tick = (): void => {
      this.label.textContent = this.retryText(retry);
    };
    tick();
    this.countdown = setInterval(tick, 1000);
  }

  private retryText(retry: ScheduledRetry): string {
    const seconds = Math.max(0, Math.ceil((retry.resumesAt - Date.now()) / 1000));
    const attempt = `(attempt ${retry.attempt} of ${retry.attempts})`;
    return seconds > 0 ? `Retrying in ${seconds} s ${attempt}` : `Retrying now ${attempt}`;
  }
}
