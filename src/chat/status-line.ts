// The status line: what the agent is doing, in words a person uses, and a Stop button.
import { button, element } from '../ui/dom';
import type { ScheduledRetry } from '../agent/conversation/conversation-document';
import type { AgentStatus } from '../agent/types';

const LABELS: Record<AgentStatus, string> = {
  idle: 'Ready',
  processing: 'Thinking…',
  tool_loop: 'Running query…',
  failed: 'The last answer failed',
};

/** What the status line says while an approval card waits for the person. */
export const WAITING_FOR_APPROVAL = 'Waiting for your approval';

/** What the status line says while a server's request for input (its form) waits for the person. */
export const WAITING_FOR_ANSWER = 'Waiting for your answer to the form';

/** What the status line says while calls wait for servers to come back: "Waiting for A and B to come back". */
export function waitingForServers(names: readonly string[]): string | undefined {
  if (names.length === 0) return undefined;
  const listed =
    names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `Waiting for ${listed} to come back`;
}

/** Shows the agent's status with Stop while a turn runs. */
export class StatusLine {
  /** The element that holds the status line. */
  readonly root: HTMLElement;
  private readonly label = element('span', { className: 'mw-status-text' });
  private readonly stop: HTMLButtonElement;
  private status: AgentStatus = 'idle';
  private detail: string | undefined;
  private awaitingApproval = false;
  private awaitingAnswer = false;
  private serversWaiting: readonly string[] = [];
  /** Said instead of "Ready" while the chat cannot answer yet (no model connected). */
  private idleLabel: string | undefined;
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
    this.status = status;
    this.detail = detail;
    this.render();
  }

  /** An approval card opened (true) or closed (false): while one waits, the line says so. */
  setAwaitingApproval(awaiting: boolean): void {
    this.awaitingApproval = awaiting;
    this.render();
  }

  /** A server's form opened (true) or closed (false): while one waits, the line says so. */
  setAwaitingAnswer(awaiting: boolean): void {
    this.awaitingAnswer = awaiting;
    this.render();
  }

  /** The servers a call waits for (reconnecting); empty when none. */
  setServersWaiting(names: readonly string[]): void {
    this.serversWaiting = names;
    this.render();
  }

  /** What the line says while idle, instead of "Ready"; `undefined` goes back to "Ready". */
  setIdleLabel(label: string | undefined): void {
    this.idleLabel = label;
    this.render();
  }

  private render(): void {
    const running = this.status === 'processing' || this.status === 'tool_loop';
    const waitingFor = !running
      ? undefined
      : this.awaitingApproval
        ? WAITING_FOR_APPROVAL
        : this.awaitingAnswer
          ? WAITING_FOR_ANSWER
          : waitingForServers(this.serversWaiting);
    this.root.dataset.status = this.status;
    this.root.dataset.waiting = String(waitingFor !== undefined);
    this.label.textContent = this.retry
      ? this.retryText(this.retry)
      : (waitingFor ??
        this.detail ??
        (this.status === 'idle' && this.idleLabel ? this.idleLabel : LABELS[this.status]));
    this.stop.hidden = !running;
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
      this.render();
      return;
    }
    const tick = (): void => {
      this.label.textContent = this.retryText(retry);
    };
    tick();
    this.countdown = setInterval(tick, 1000);
  }

  /** Ends a retry's countdown: the line is gone, and no interval outlives it. */
  destroy(): void {
    if (this.countdown !== undefined) clearInterval(this.countdown);
    this.countdown = undefined;
  }

  private retryText(retry: ScheduledRetry): string {
    const seconds = Math.max(0, Math.ceil((retry.resumesAt - Date.now()) / 1000));
    const attempt = `(attempt ${retry.attempt} of ${retry.attempts})`;
    return seconds > 0 ? `Retrying in ${seconds} s ${attempt}` : `Retrying now ${attempt}`;
  }
}
