// Drives one conversation: starts the agent's runs over the conversation document and feeds their
// events and state back into it. The document is the only owner of the conversation: each run starts
// from it, and a card waiting for the person is part of it, never an open promise, so a decision goes
// on by the same path whether the page stayed open or was reloaded. It renders nothing: the chat panel
// and the approval view subscribe to the conversation.
import { waitingApproval } from '../agent/conversation/conversation-document';
import { errorMessage } from '../errors/error-message';
import type { Conversation } from '../agent/conversation/conversation';
import type { ApprovalDecision, RunInput, ToolCall, TurnHandle, TurnResult } from '../agent/types';

/** The part of the Agent the chat uses. */
export interface AgentLike {
  send(input: RunInput, text: string, calls?: ToolCall[]): TurnHandle;
  resume(input: RunInput): TurnHandle;
  abort(): void;
}

/** What a ChatSession needs. */
export interface ChatSessionOptions {
  conversation: Conversation;
  agent: AgentLike;
  /** Makes the agent usable (e.g. opens settings when no model is configured); false blocks sending. */
  beforeSend?: () => boolean;
  /** Settles once the tools a decision may run are registered (MCP servers reconnected after a reload). */
  toolsReady?: () => Promise<unknown>;
  /** Says why the chat waits (reconnecting before a decided call runs); undefined when it stops. */
  onWaiting?: (detail: string | undefined) => void;
  now?: () => number;
}

/** One conversation and the runs of its agent. */
export class ChatSession {
  private running = false;
  /** Set while a decision waits for the tools to be ready, before its run starts. */
  private deciding = false;
  private destroyed = false;
  private readonly now: () => number;

  constructor(private readonly options: ChatSessionOptions) {
    this.now = options.now ?? Date.now;
  }

  /** The conversation this session writes. */
  get conversation(): Conversation {
    return this.options.conversation;
  }

  /** The agent this session drives. */
  get agent(): AgentLike {
    return this.options.agent;
  }

  /** True while a run is active (or about to start after a decision); never while a card waits. */
  get busy(): boolean {
    return this.running || this.deciding;
  }

  /** Sends a question as a new turn (not while a card waits: the person decides, or stops, first). */
  send(text: string): void {
    if (this.busy || waitingApproval(this.conversation.document)) return;
    if (this.options.beforeSend && !this.options.beforeSend()) return;
    this.start(text);
  }

  /**
   * Proposes call `callIndex` of turn `turnIndex` again, with the arguments it ran with, as a new turn:
   * it goes through the card like any query, and the model reads its result. False when the call's
   * arguments are not in the history any more (nothing to run again).
   */
  runAgain(turnIndex: number, callId: string): boolean {
    if (this.busy || waitingApproval(this.conversation.document)) return false;
    const document = this.conversation.document;
    const ran = document.agent.history
      .flatMap((message) => (message.role === 'assistant' ? (message.toolCalls ?? []) : []))
      .find((call) => call.id === callId);
    if (!ran) return false;
    if (this.options.beforeSend && !this.options.beforeSend()) return false;
    const text = `Run the query of question ${turnIndex + 1} again, unchanged, and say whether its rows changed.`;
    const call: ToolCall = {
      id: `again-${callId}-${this.now()}`,
      name: ran.name,
      arguments: ran.arguments,
    };
    this.start(text, [call]);
    return true;
  }

  /**
   * Asks turn `turnIndex`'s question again in its place (`text` replaces it when given): that turn and
   * every later one are dropped from the conversation (its turns and the agent's history, one cut in
   * one document) first, so the model sees the conversation as it stood before the question.
   */
  resend(turnIndex: number, text?: string): void {
    if (this.busy || waitingApproval(this.conversation.document)) return;
    const { conversation } = this.options;
    const turn = conversation.document.turns[turnIndex];
    const question = (text ?? turn?.userText ?? '').trim();
    if (!turn || !question) return;
    if (this.options.beforeSend && !this.options.beforeSend()) return;
    conversation.dispatch({ type: 'truncated', turnIndex });
    this.start(question);
  }

  /**
   * The person decided on the waiting card: the decisions are stored in the document, then the turn
   * resumes from it, with the time and rounds it had left when it stopped to ask.
   */
  decide(decisions: ApprovalDecision[]): void {
    if (this.busy || !waitingApproval(this.conversation.document)) return;
    this.conversation.dispatch({ type: 'approval-decided', decisions, at: this.now() });
    void this.resumeWhenReady();
  }

  /** Stops the running turn (the partial answer stays), or a turn that waits for the person. */
  stop(): void {
    if (this.running) {
      this.options.agent.abort();
      return;
    }
    if (!this.conversation.document.pendingApproval) return;
    if (this.deciding) {
      this.deciding = false;
      this.options.onWaiting?.(undefined);
    }
    this.conversation.dispatch({ type: 'approval-stopped', at: this.now() });
  }

  /** Stops following the conversation: it is no longer on screen. A waiting card stays in it. */
  destroy(): void {
    this.destroyed = true;
    this.deciding = false;
  }

  /** Retries a failed turn: continues it when the agent kept it pending, else asks the question again. */
  retry(turnIndex: number): void {
    if (this.busy) return;
    const document = this.conversation.document;
    const turn = document.turns[turnIndex];
    if (!turn) return;
    if (document.agent.pendingTurn && turnIndex === document.turns.length - 1) this.resume();
    else this.send(turn.userText);
  }

  /** Continues the last turn where the agent kept it pending (a limit, or a reload mid-turn). */
  continueTurn(turnIndex: number): void {
    const document = this.conversation.document;
    if (this.busy || turnIndex !== document.turns.length - 1) return;
    if (!document.agent.pendingTurn || waitingApproval(document)) return;
    this.resume();
  }

  /**
   * What a run starts from: the document's agent state and its waiting approval (with the person's
   * decisions once given), and the document as where it writes.
   */
  private input(): RunInput {
    const { conversation } = this.options;
    const approval = conversation.document.pendingApproval;
    return {
      state: conversation.document.agent,
      commit: (state) => conversation.dispatch({ type: 'agent-state', state }),
      ...(approval ? { approval } : {}),
    };
  }

  private start(text: string, calls?: ToolCall[]): void {
    let handle: TurnHandle;
    try {
      handle = this.options.agent.send(this.input(), text, calls);
    } catch (error) {
      this.failed(text, error);
      return;
    }
    void this.follow(handle);
  }

  // After a reload the MCP servers reconnect before their tools are registered: a decided call run
  // earlier would come back as "unknown tool". The wait is said only when it is not over at once.
  private async resumeWhenReady(): Promise<void> {
    this.deciding = true;
    let ready = false;
    const tools = (this.options.toolsReady?.() ?? Promise.resolve()).then(
      () => (ready = true),
      () => (ready = true),
    );
    await Promise.resolve();
    const said = !ready;
    if (said) this.options.onWaiting?.('Reconnecting to the data servers to go on with the turn…');
    await tools;
    if (!this.deciding || this.destroyed) return;
    this.deciding = false;
    if (said) this.options.onWaiting?.(undefined);
    this.resume();
  }

  private resume(): void {
    let handle: TurnHandle;
    try {
      handle = this.options.agent.resume(this.input());
    } catch (error) {
      this.failed('Continue', error);
      return;
    }
    void this.follow(handle);
  }

  private failed(text: string, error: unknown): void {
    this.conversation.dispatch({
      type: 'send-failed',
      text,
      error: { name: 'Error', message: errorMessage(error) },
      at: this.now(),
    });
  }

  private async follow(handle: TurnHandle): Promise<void> {
    const { conversation } = this.options;
    this.running = true;
    let result: TurnResult;
    try {
      for await (const event of handle.events) {
        conversation.dispatch({ type: 'agent-event', event, at: this.now() });
      }
      result = await handle.result;
    } catch (error) {
      result = {
        runId: handle.runId,
        outcome: 'failed',
        finishReason: 'error',
        text: '',
        rounds: 0,
        error: { name: 'Error', message: errorMessage(error) },
      };
    }
    // Idle before the document says so, so a view reacting to the end can send at once.
    this.running = false;
    conversation.dispatch({ type: 'run-settled', runId: handle.runId, result, at: this.now() });
  }
}
