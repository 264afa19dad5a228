// Drives one conversation: sends questions to the agent, feeds its events and state into the
// conversation document, and resumes a turn that a reload cut off. It renders nothing: the chat panel
// subscribes to the conversation.
import type { Conversation } from '../agent/conversation/conversation';
import type { AgentSnapshot, Message, TurnHandle, TurnResult } from '../agent/types';

/** The part of the Agent the chat uses. */
export interface AgentLike {
  send(text: string): TurnHandle;
  abort(): void;
  resume(): TurnHandle;
  snapshot(): AgentSnapshot;
  /** Replaces the history (after turns were dropped); the agent goes idle with nothing pending. */
  reset(history: Message[]): void;
  onStateChange(listener: (snapshot: AgentSnapshot) => void): () => void;
}

/** What a ChatSession needs. */
export interface ChatSessionOptions {
  conversation: Conversation;
  agent: AgentLike;
  /** Makes the agent usable (e.g. opens settings when no model is configured); false blocks sending. */
  beforeSend?: () => boolean;
  /** Says why the chat waits (reconnecting before a restored turn resumes); undefined when it stops. */
  onWaiting?: (detail: string | undefined) => void;
  now?: () => number;
}

/** One conversation and its agent. */
export class ChatSession {
  /** True while the chat waits before resuming a restored turn (sending is blocked meanwhile). */
  restoring = false;
  private running = false;
  private readonly unsubscribe: () => void;
  private readonly now: () => number;

  constructor(private readonly options: ChatSessionOptions) {
    this.now = options.now ?? Date.now;
    this.unsubscribe = options.agent.onStateChange((state) =>
      options.conversation.dispatch({ type: 'agent-state', state }),
    );
  }

  /** The conversation this session writes. */
  get conversation(): Conversation {
    return this.options.conversation;
  }

  /** The agent this session drives. */
  get agent(): AgentLike {
    return this.options.agent;
  }

  /** True while a turn runs. */
  get busy(): boolean {
    return this.running;
  }

  /** Sends a question as a new turn. */
  send(text: string): void {
    if (this.running || this.restoring) return;
    if (this.options.beforeSend && !this.options.beforeSend()) return;
    this.start(text);
  }

  /**
   * Asks turn `turnIndex`'s question again in its place (`text` replaces it when given): that turn and
   * every later one are dropped from the conversation and from the agent's history first, so the model
   * sees the conversation as it stood before the question. Does nothing while a turn runs.
   */
  resend(turnIndex: number, text?: string): void {
    if (this.running || this.restoring) return;
    const { conversation } = this.options;
    const turn = conversation.document.turns[turnIndex];
    const question = (text ?? turn?.userText ?? '').trim();
    if (!turn || !question) return;
    if (this.options.beforeSend && !this.options.beforeSend()) return;
    conversation.dispatch({ type: 'truncated', turnIndex });
    // The document cut the history; the agent (which owns it while turns run) takes the same cut.
    this.options.agent.reset([...conversation.document.agent.history]);
    this.start(question);
  }

  private start(text: string): void {
    let handle: TurnHandle;
    try {
      handle = this.options.agent.send(text);
    } catch (error) {
      this.options.conversation.dispatch({
        type: 'send-failed',
        text,
        error: { name: 'Error', message: error instanceof Error ? error.message : String(error) },
        at: this.now(),
      });
      return;
    }
    void this.follow(handle);
  }

  /** Stops the running turn (the partial answer stays), or a restored turn still waiting to resume. */
  stop(): void {
    if (this.running) {
      this.options.agent.abort();
    } else if (this.restoring) {
      this.restoring = false;
      this.options.conversation.dispatch({ type: 'restore-cancelled', at: this.now() });
      this.options.onWaiting?.(undefined);
    }
  }

  /** Stops following the agent: the conversation is no longer on screen. */
  dispose(): void {
    this.restoring = false;
    this.unsubscribe();
  }

  /**
   * After a reload: resumes a turn the page closed under while it waited on tool calls (local calls
   * re-run; MCP calls are proposed again, never run without a fresh approval). First waits for
   * `toolsReady` (MCP servers reconnected), saying why; sending is blocked meanwhile.
   */
  async restore(toolsReady: () => Promise<unknown>, resumeCalls: boolean): Promise<void> {
    if (!resumeCalls) return;
    this.restoring = true;
    this.options.conversation.dispatch({ type: 'restore-waiting' });
    this.options.onWaiting?.('Reconnecting to the data servers to resume the turn…');
    await toolsReady().catch(() => undefined);
    if (!this.restoring) return;
    this.restoring = false;
    this.options.onWaiting?.(undefined);
    this.resume();
  }

  /** Retries a failed turn: continues it when the agent kept it pending, else asks the question again. */
  retry(turnIndex: number): void {
    if (this.running) return;
    const turns = this.options.conversation.document.turns;
    const turn = turns[turnIndex];
    if (!turn) return;
    const pending = this.options.agent.snapshot().pendingTurn;
    if (pending && turnIndex === turns.length - 1) this.resume();
    else this.send(turn.userText);
  }

  /** Continues the last turn where the agent kept it pending (a limit, or a reload mid-stream). */
  continueTurn(turnIndex: number): void {
    const turns = this.options.conversation.document.turns;
    if (this.running || this.restoring || turnIndex !== turns.length - 1) return;
    if (!this.options.agent.snapshot().pendingTurn) return;
    this.resume();
  }

  private resume(): void {
    let handle: TurnHandle;
    try {
      handle = this.options.agent.resume();
    } catch (error) {
      this.options.conversation.dispatch({
        type: 'send-failed',
        text: 'Continue',
        error: { name: 'Error', message: error instanceof Error ? error.message : String(error) },
        at: this.now(),
      });
      return;
    }
    void this.follow(handle);
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
        error: { name: 'Error', message: error instanceof Error ? error.message : String(error) },
      };
    }
    // Idle before the document says so, so a view reacting to the end can send at once.
    this.running = false;
    conversation.dispatch({ type: 'run-settled', runId: handle.runId, result, at: this.now() });
  }
}
