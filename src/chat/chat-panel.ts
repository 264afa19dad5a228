// The chat panel: header, welcome, turns, approval slot, status line and input; renders turns by frame.
import {
  isTurnActive,
  turnText,
  waitingApproval,
  type ConversationDocument,
  type TurnRecord,
} from '../agent/conversation/conversation-document';
import { newestTrim, turnsAsSent } from '../agent/conversation/turns-as-sent';
import { findTable, type TableData } from '../results';
import { ThemeToggle, type ThemeToggleOptions } from '../settings';
import { button, element } from '../ui/dom';
import { FrameScheduler, type FrameTask } from '../ui/frame-scheduler';
import { moveNode } from '../ui/move-node';
import { ChatInput } from './chat-input';
import { clearHighlight, highlightWords, matchesSearch, searchWords } from './search-highlight';
import { StatusLine } from './status-line';
import { rerunNote } from './turn/rerun-note';
import { TurnView, type TurnActions } from './turn/turn-view';
import type { Conversation } from '../agent/conversation/conversation';
import type { AgentStatus, Message } from '../agent/types';
import type { Mounted } from '../ui/mounted';
import './chat.css';

/** Past this many turns the older ones skip rendering while out of view (chat.css, `mw-turn-far`). */
const longConversationTurns = 40;
/** The newest turns, which always render: answers, cards and errors appear there. */
const NEAR_TURNS = 5;

/** Turns drawn at once when a conversation opens; older ones are drawn just after. */
const EAGER_TURNS = 20;
/** Older turns drawn per task after a conversation opens. */
const DEFERRED_BATCH = 10;

/** What the chat panel needs from its owner. */
export interface ChatPanelOptions extends TurnActions {
  title?: string;
  examplePrompts?: string[];
  onSend(text: string): void;
  onStop(): void;
  /** Finds full rows for a result (the page's ResultStore) before falling back to the result's data. */
  resolveTable?: (data: unknown) => TableData | undefined;
  scheduler?: FrameScheduler;
  /** The header's theme button: the saved choice and where a new one is kept. */
  theme?: ThemeToggleOptions;
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
  /**
   * The turns far from the end (`mw-turn-far`), in one element of the log: a word streamed into the
   * newest turn then lays out the log's few children, not each of hundreds of turns (docs/performance.md).
   */
  private readonly farTurns = element('div', { className: 'mw-far-turns' });
  private readonly welcome: HTMLElement;
  /** The welcome's usual content, put back when the first-run view gives way. */
  private readonly usualWelcome: Node[];
  private readonly live = element('div', {
    className: 'mw-visually-hidden',
    attributes: { 'aria-live': 'polite', role: 'status' },
  });
  private readonly status: StatusLine;
  private views: TurnView[] = [];
  private tasks: FrameTask[] = [];
  private shown: ConversationDocument | undefined;
  /** The turns and history the turns' marks were worked out from. */
  private sentFor:
    { turns: number; history: readonly Message[]; trim: TurnRecord['contextTrimmed'] } | undefined;
  private detach: (() => void) | undefined;
  /** Watches the approval slot for a server's form. */
  private readonly formWatch: MutationObserver;
  private waiting: string | undefined;
  private deferred: FrameTask[] = [];
  private deferBelow = 0;
  /** The round whose model words the approval card shows (its answer is hidden meanwhile). */
  private wordsOnCard: { turnIndex: number; round: number } | undefined;
  /** Turns below this index carry `mw-turn-far`. */
  private farBelow = 0;
  private deferredGeneration = 0;
  private deferredTimer: ReturnType<typeof setTimeout> | undefined;
  private busy = false;
  /** The status and detail last applied: a streamed word changes neither, and writes nothing. */
  private applied: string | undefined;

  constructor(private readonly options: ChatPanelOptions) {
    this.scheduler = options.scheduler ?? new FrameScheduler();
    this.input = new ChatInput((text) => options.onSend(text));
    this.status = new StatusLine(() => options.onStop());
    this.welcome = this.buildWelcome(options.examplePrompts ?? []);
    this.usualWelcome = [...this.welcome.childNodes];
    this.log = element('div', {
      className: 'mw-log',
      attributes: { role: 'log', 'aria-label': 'Conversation', tabindex: '0' },
      children: [this.welcome, this.farTurns],
    });
    const header = element('header', {
      className: 'mw-header',
      children: [
        element('h1', { className: 'mw-title', text: options.title ?? 'Chat' }),
        this.toolbar,
        new ThemeToggle(options.theme ?? { initial: 'system' }).root,
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
    this.applyStatus('idle');
    // A server's form (approval/elicitation-card) is placed in the approval slot by the page while a call
    // waits on it: the status line says the chat waits for the person, as it does for an approval.
    this.formWatch = new MutationObserver(() =>
      this.status.setAwaitingAnswer(this.approvalSlot.querySelector('.mw-elicitation') !== null),
    );
    this.formWatch.observe(this.approvalSlot, { childList: true });
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

  /**
   * Shows `view` in the welcome's place (the first run, with no model yet), with `idleLabel` in the
   * status line instead of "Ready"; `undefined` restores both.
   */
  setWelcome(view: HTMLElement | undefined, idleLabel?: string): void {
    this.welcome.replaceChildren(...(view ? [view] : this.usualWelcome));
    this.status.setIdleLabel(view ? idleLabel : undefined);
  }

  private resolve(data: unknown): TableData | undefined {
    return this.options.resolveTable?.(data) ?? findTable(data);
  }

  /**
   * Shows a conversation and follows it: every change re-renders the turns that changed (compared by
   * identity, since the document is never mutated) in the next frame. `destroy()` of what it returns
   * stops following; `show` also stops following the conversation shown before.
   */
  show(conversation: Conversation): Mounted {
    this.detach?.();
    clearHighlight();
    for (const view of this.views) this.removeView(view);
    this.views = [];
    this.sentFor = undefined;
    this.farBelow = 0;
    this.wordsOnCard = undefined;
    this.tasks = [];
    this.shown = undefined;
    this.deferredGeneration += 1;
    // A long conversation shows its last turns at once; the older ones (above the fold) are drawn in
    // small batches afterwards, so opening it costs about the same at 200 turns as at 20.
    const turns = conversation.document.turns.length;
    this.deferBelow = Math.max(0, turns - EAGER_TURNS);
    this.render(conversation.document);
    this.deferBelow = 0;
    this.scheduler.flush();
    this.scrollToEnd();
    this.drawDeferred(this.deferredGeneration);
    const unsubscribe = conversation.subscribe((document) => this.render(document));
    const detach = (): void => {
      unsubscribe();
      if (this.detach === detach) this.detach = undefined;
    };
    this.detach = detach;
    return { destroy: detach };
  }

  private render(document: ConversationDocument): void {
    const previous = this.shown;
    this.shown = document;
    document.turns.forEach((turn, index) => {
      const view = this.views[index];
      if (!view) {
        this.addTurnView(turn, index, previous !== undefined);
      } else if (view.turn !== turn) {
        const firstWords = startsAnswer(view.turn, turn);
        view.turn = turn;
        const task = this.tasks[index];
        // The first words of an answer show at once, not a frame later; the rest is batched per frame.
        if (task && firstWords) this.scheduler.runNow(task);
        else if (task) this.scheduler.schedule(task);
      }
    });
    for (const view of this.views.splice(document.turns.length)) this.removeView(view);
    this.markTurnsAsSent(document);
    this.tasks.length = document.turns.length;
    const started = document.turns.length > 0;
    if (this.welcome.hidden !== started) this.welcome.hidden = started;
    this.markFarTurns(document.turns.length);
    const live = document.run ? document.turns[document.run.turnIndex] : undefined;
    const failed = document.turns.at(-1)?.status === 'failed';
    // A turn waiting for the person runs nothing, yet it is not over: Stop ends it, sending waits.
    const waiting = waitingApproval(document);
    const asking = waiting !== undefined;
    // While a card shows the words the model wrote with its calls, their round does not show them too.
    const onCard = waiting?.proposal.modelText?.trim() ? waiting : undefined;
    if (
      this.wordsOnCard?.turnIndex !== onCard?.turnIndex ||
      this.wordsOnCard?.round !== onCard?.round
    ) {
      if (this.wordsOnCard) this.views[this.wordsOnCard.turnIndex]?.setWordsOnCard(undefined);
      if (onCard) this.views[onCard.turnIndex]?.setWordsOnCard(onCard.round);
      this.wordsOnCard = onCard ? { turnIndex: onCard.turnIndex, round: onCard.round } : undefined;
    }
    const status: AgentStatus =
      live && isTurnActive(live) ? live.status : asking ? 'tool_loop' : failed ? 'failed' : 'idle';
    if (this.waiting === undefined) this.applyStatus(status);
    this.placeViews();
    this.status.showRetry(live && isTurnActive(live) ? document.run?.retry : undefined);
    const ended = previous?.run !== undefined && document.run === undefined && !asking;
    if (ended) this.announceEnd(document.turns[previous.run?.turnIndex ?? -1]);
  }

  /**
   * Marks each turn by how the model reads it; worked out again only when the number of turns, the
   * history or the newest trim changes, not as words stream into the newest turn.
   */
  private markTurnsAsSent(document: ConversationDocument): void {
    const key = {
      turns: document.turns.length,
      history: document.agent.history,
      trim: newestTrim(document.turns),
    };
    const last = this.sentFor;
    if (last?.turns === key.turns && last.history === key.history && last.trim === key.trim) return;
    this.sentFor = key;
    turnsAsSent(document).forEach((state, index) => this.views[index]?.setSent(state));
  }

  /**
   * In a long conversation the turns far from its end skip rendering while out of view (chat.css,
   * `mw-turn-far`) and move into `farTurns`. Set per turn, only where it changes: a structural selector
   * (`:nth-last-child`) would restyle every turn each time one is added.
   */
  private markFarTurns(turns: number): void {
    const far = turns > longConversationTurns ? turns - NEAR_TURNS : 0;
    const from = Math.min(far, this.farBelow);
    const to = Math.min(Math.max(far, this.farBelow), this.views.length);
    // Turns that are near again (the conversation was cut) go back after the far ones, in order.
    const near = this.farTurns.nextSibling;
    for (let index = from; index < to; index += 1) {
      const root = this.views[index]?.root;
      if (!root) continue;
      root.classList.toggle('mw-turn-far', index < far);
      if (index < far) moveNode(this.farTurns, root, null);
      else moveNode(this.log, root, near);
    }
    this.farBelow = far;
  }

  private addTurnView(turn: TurnRecord, index: number, scroll: boolean): void {
    const view = new TurnView(turn, index, (data) => this.resolve(data), {
      ...this.options,
      rerunNote: (turnIndex, call) =>
        rerunNote(this.shown, turnIndex, call, (data) => this.resolve(data)),
    });
    const task: FrameTask = {
      renderFrame: () => {
        const nearEnd = this.log.scrollHeight - this.log.scrollTop - this.log.clientHeight < 80;
        view.renderFrame();
        if (nearEnd) this.scrollToEnd();
      },
    };
    this.views[index] = view;
    this.tasks[index] = task;
    this.log.append(view.root);
    if (index < this.deferBelow) this.deferred.push(task);
    else this.scheduler.schedule(task);
    if (scroll) this.scrollToEnd();
  }

  /**
   * Takes the panel away: it stops following its conversation and drawing the turns left for later,
   * and no timer, countdown or observer of it outlives it.
   */
  destroy(): void {
    this.detach?.();
    this.formWatch.disconnect();
    this.status.destroy();
    this.scheduler.destroy();
    for (const view of this.views) view.destroy();
    this.root.remove();
    this.deferredGeneration += 1;
    this.deferred = [];
    if (this.deferredTimer !== undefined) clearTimeout(this.deferredTimer);
    this.deferredTimer = undefined;
  }

  /** Takes a turn's view off the page, with what its result tables still measure or draw. */
  private removeView(view: TurnView): void {
    view.destroy();
    view.root.remove();
  }

  /** Draws the turns `show` left for later, a batch per task, oldest last; stops if another shows. */
  private drawDeferred(generation: number): void {
    if (this.deferred.length === 0) return;
    this.deferredTimer = setTimeout(() => {
      this.deferredTimer = undefined;
      if (generation !== this.deferredGeneration) {
        this.deferred = [];
        return;
      }
      // Newest first, so what is just above the visible turns fills in before the distant past.
      for (const task of this.deferred.splice(-DEFERRED_BATCH)) task.renderFrame();
      this.drawDeferred(generation);
    }, 0);
  }

  private announceEnd(turn: TurnRecord | undefined): void {
    if (!turn) return;
    this.scheduler.flush();
    this.announce(
      turn.status === 'failed'
        ? `Error: ${turn.error?.message ?? ''}`
        : `Answer: ${turnText(turn).slice(0, 300)}`,
    );
    this.input.textarea.focus();
  }

  /** Renders pending frames now. */
  flush(): void {
    this.scheduler.flush();
  }

  /**
   * Says why the chat waits outside a turn (reconnecting before a restored turn resumes): the status
   * line shows it and sending is blocked; `undefined` ends the wait.
   */
  setWaiting(detail: string | undefined): void {
    this.waiting = detail;
    if (detail !== undefined) this.applyStatus('tool_loop', detail);
    else if (this.shown) this.render(this.shown);
    else this.applyStatus('idle');
  }

  private applyStatus(status: AgentStatus, detail?: string): void {
    const applied = `${status}|${detail ?? ''}`;
    if (applied === this.applied) return;
    this.applied = applied;
    this.busy = status === 'processing' || status === 'tool_loop';
    this.placeViews();
    this.status.set(status, detail);
    this.input.setBusy(this.busy);
    this.root.dataset.status = status;
  }

  /** Tells each turn whether it is the newest and whether a turn runs, for its actions. */
  private placeViews(): void {
    const lastIndex = this.views.length - 1;
    this.views.forEach((view, index) =>
      view.setPlace({ last: index === lastIndex, busy: this.busy }),
    );
  }

  /** The approval card opened or closed: the status line says the chat waits for the person. */
  setAwaitingApproval(awaiting: boolean): void {
    this.status.setAwaitingApproval(awaiting);
  }

  /** The servers the running turn's calls wait for (reconnecting): the status line names them. */
  setServersWaiting(names: readonly string[]): void {
    this.status.setServersWaiting(names);
  }

  /** Announces text to screen readers. */
  announce(text: string): void {
    this.live.textContent = text;
  }

  /**
   * Scrolls to the first turn whose question or answer holds `query` and marks its words; false when no
   * turn holds it (the title alone matched).
   */
  jumpTo(query: string): boolean {
    clearHighlight();
    for (const view of this.views) delete view.root.dataset.searchMatch;
    const turns = this.shown?.turns ?? [];
    const index = turns.findIndex(
      (turn) => matchesSearch(turn.userText, query) || matchesSearch(turnText(turn), query),
    );
    const view = this.views[index];
    if (!view) return false;
    // A turn drawn later (above the fold of a long conversation) is drawn now, so there is text to mark.
    this.tasks[index]?.renderFrame();
    view.root.dataset.searchMatch = 'true';
    highlightWords(view.root, searchWords(query));
    view.root.scrollIntoView({ block: 'start' });
    return true;
  }

  /** Scrolls the conversation to its newest part. */
  scrollToEnd(): void {
    this.log.scrollTop = this.log.scrollHeight;
  }
}

// True when `next` shows the first text of a round that `previous` showed without any.
function startsAnswer(previous: TurnRecord, next: TurnRecord): boolean {
  const round = next.rounds.at(-1);
  if (!round || round.text.length === 0) return false;
  const before = previous.rounds[next.rounds.length - 1];
  return before === undefined || before.text.length === 0;
}
