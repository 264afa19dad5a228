// The status line: what the agent is doing (processing, tool_loop) and a Stop button.
import { button, element } from './dom';
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
    this.label.textContent = detail ?? LABELS[status];
    this.stop.hidden = status !== 'processing' && status !== 'tool_loop';
  }
}
