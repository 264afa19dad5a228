// The chat panel: header, welcome, turns, approval slot, status line and input; renders turns by frame.
import { ChatInput } from './chat-input';
import { button, element } from './dom';
import { FrameScheduler, type FrameTask } from './frame-scheduler';
import { findTable, type TableData } from './result-data';
import { StatusLine } from './status-line';
import { TurnView, type TurnActions } from './turn-view';
import type { AgentStatus } from '../agent/types';
import type { TurnRecord } from './transcript';
import './chat.css';

/** What the chat panel needs from its owner. */
export interface ChatPanelOptions extends TurnActions {
  title?: string;
  examplePrompts?: string[];
  onSend(text: string): void;
  onStop(): void;
  /** Finds full rows for a result (the page's ResultStore) before falling back to the result's data. */
  resolveTable?: (data: unknown) => TableData | undefined;
  scheduler?: FrameScheduler;
}

/** The chat UI in one element; owners push turns and statuses into it. */
export class ChatPanel {
  /** The element that holds the panel. */
  readonly root: HTMLElement;
  /** Where the header's tools (conversations, settings, export, approvals) go. */
  readonly toolbar = element('div', { className: 'mw-toolbar' });
  /** Where approval cards appear, above the input. */
  readonly approvalSlot = element('div', { className: 'mw-approval-slot' });
  /** Where dialogs (settings) open, over the conversation. */
  readonly dialogSlot = element('div', { className: 'mw-dialog-slot' });
  /** The question box. */
  readonly input: ChatInput;
  private readonly scheduler: FrameScheduler;
  private readonly log: HTMLElement;
  private readonly welcome: HTMLElement;
  private readonly live = element('div', {
    className: 'mw-visually-hidden',
    attributes: { 'aria-live': 'polite', role: 'status' },
  });
  private readonly status: StatusLine;
  private readonly views = new Map<TurnRecord, TurnView>();
  private readonly tasks = new Map<TurnRecord, FrameTask>();
  private busy = false;

  constructor(private readonly options: ChatPanelOptions) {
    this.scheduler = options.scheduler ?? new FrameScheduler();
    this.input = new ChatInput((text) => options.onSend(text));
    this.status = new StatusLine(() => options.onStop());
    this.welcome = this.buildWelcome(options.examplePrompts ?? []);
    this.log = element('div', {
      className: 'mw-log',
      attributes: { role: 'log', 'aria-label': 'Conversation', tabindex: '0' },
      children: [this.welcome],
    });
    const header = element('header', {
      className: 'mw-header',
      children: [
        element('h2', { className: 'mw-title', text: options.title ?? 'Chat' }),
        this.toolbar,
      ],
    });
    this.root = element('section', {
      className: 'mw-chat',
      attributes: { 'aria-label': 'Chat with the data' },
      children: [
        header,
        this.log,
        this.approvalSlot,
        this.status.root,
        this.input.root,
        this.live,
        this.dialogSlot,
      ],
    });
    this.root.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && this.busy && !event.defaultPrevented) {
        event.preventDefault();
        options.onStop();
      }
    });
  }

  private buildWelcome(prompts: string[]): HTMLElement {
    const list = element('div', { className: 'mw-examples' });
    for (const prompt of prompts) {
      list.append(
        button(prompt, () => this.options.onSend(prompt), {
          className: 'mw-button mw-example',
          ariaLabel: `Ask: ${prompt}`,
        }),
      );
    }
    return element('div', {
      className: 'mw-welcome',
      children: [
        element('p', {
          text: 'Ask a question about the data. SQL queries are shown to you before they run.',
        }),
        prompts.length > 0
          ? element('p', { className: 'mw-examples-label', text: 'Try:' })
          : undefined,
        list,
      ],
    });
  }

  private resolve(data: unknown): TableData | undefined {
    return this.options.resolveTable?.(data) ?? findTable(data);
  }

  /** Replaces the conversation with these turns (switching or restoring a conversation). */
  showTurns(turns: TurnRecord[]): void {
    for (const view of this.views.values()) view.root.remove();
    this.views.clear();
    this.tasks.clear();
    for (const turn of turns) this.addTurn(turn, false);
    this.scheduler.flush();
    this.welcome.hidden = turns.length > 0;
    this.scrollToEnd();
  }

  /** Adds a turn at the end of the conversation. */
  addTurn(turn: TurnRecord, scroll = true): TurnView {
    const view = new TurnView(turn, (data) => this.resolve(data), this.options);
    this.views.set(turn, view);
    this.tasks.set(turn, {
      renderFrame: () => {
        const nearEnd = this.log.scrollHeight - this.log.scrollTop - this.log.clientHeight < 80;
        view.renderFrame();
        if (nearEnd) this.scrollToEnd();
      },
    });
    this.log.append(view.root);
    this.welcome.hidden = true;
    this.scheduler.schedule(view);
    if (scroll) this.scrollToEnd();
    return view;
  }

  /** Asks for a turn to re-render in the next frame. */
  turnChanged(turn: TurnRecord): void {
    const task = this.tasks.get(turn);
    if (task) this.scheduler.schedule(task);
  }

  /** Renders pending frames now. */
  flush(): void {
    this.scheduler.flush();
  }

  /** Shows the agent's status; a running turn disables sending and enables Stop. */
  setStatus(status: AgentStatus, detail?: string): void {
    this.busy = status === 'processing' || status === 'tool_loop';
    this.status.set(status, detail);
    this.input.setBusy(this.busy);
    this.root.dataset.status = status;
  }

  /** Announces text to screen readers. */
  announce(text: string): void {
    this.live.textContent = text;
  }

  /** Scrolls the conversation to its newest part. */
  scrollToEnd(): void {
    this.log.scrollTop = this.log.scrollHeight;
  }
}
