// The status line: what the agent is doing, in words a person uses, and a Stop button.
import { button, element } from './dom';
import type { AgentStatus } from '../agent/types';

const LABELS: Record<AgentStatus, string> = {
  idle: 'Ready',
  processing: 'Thinking…',
  tool_loop: 'Running query…',
  failed: 'The last answer failed',
};

/** What the status line says while an approval card waits for the person. */
export const WAITING_FOR_APPROVAL = 'Waiting for your approval';

/** Shows the agent's status with Stop while a turn runs. */
export class StatusLine {
  /** The element that holds the status line. */
  readonly root: HTMLElement;
  private readonly label = element('span', { className: 'mw-status-text' });
  private readonly stop: HTMLButtonElement;
  private status: AgentStatus = 'idle';
  private detail: string | undefined;
  private awaitingApproval = false;

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
    this.status = status;
    this.detail = detail;
    this.render();
  }

  /** An approval card opened (true) or closed (false): while one waits, the line says so. */
  setAwaitingApproval(awaiting: boolean): void {
    this.awaitingApproval = awaiting;
    this.render();
  }

  private render(): void {
    const running = this.status === 'processing' || this.status === 'tool_loop';
    const waiting = this.awaitingApproval && running;
    this.root.dataset.status = this.status;
    this.root.dataset.waiting = String(waiting);
    this.label.textContent = waiting ? WAITING_FOR_APPROVAL : (this.detail ?? LABELS[this.status]);
    this.stop.hidden = !running;
  }
}
