// Drives one conversation: sends questions, follows the agent's events into turns, persists every step,
// and resumes a turn that a reload cut off.
import { applyAgentEvent, createTurn, isTurnActive, turnText, type TurnRecord } from './transcript';
import type { AgentSnapshot, TurnHandle } from '../agent/types';
import type { ChatPanel } from './chat-panel';
import type { ConversationWriter } from './conversation-writer';

/** The part of the Agent the chat uses. */
export interface AgentLike {
  send(text: string): TurnHandle;
  abort(): void;
  resume(): TurnHandle;
  snapshot(): AgentSnapshot;
}

/** What a ChatSession needs. */
export interface ChatSessionOptions {
  panel: ChatPanel;
  agent: AgentLike;
  turns: TurnRecord[];
  /** Writes steps to storage; absent when storage is unavailable. */
  writer?: ConversationWriter;
  /** Makes the agent usable (e.g. opens settings when no model is configured); false blocks sending. */
  beforeSend?: () => boolean;
}

/** One conversation on screen. */
export class ChatSession {
  /** The turns, as shown. */
  readonly turns: TurnRecord[];
  private active: TurnRecord | undefined;

  constructor(private readonly options: ChatSessionOptions) {
    this.turns = options.turns;
    options.panel.showTurns(this.turns);
    options.panel.setStatus('idle');
  }

  /** The agent this session drives (replaced when the model settings change). */
  get agent(): AgentLike {
    return this.options.agent;
  }

  set agent(agent: AgentLike) {
    this.options.agent = agent;
  }

  /** True while a turn runs. */
  get busy(): boolean {
    return this.active !== undefined;
  }

  /** Sends a question as a new turn. */
  send(text: string): void {
    if (this.active || (this.options.beforeSend && !this.options.beforeSend())) return;
    let handle: TurnHandle;
    try {
      handle = this.options.agent.send(text);
    } catch (error) {
      const turn = createTurn(`failed-${Date.now()}`, text);
      turn.status = 'failed';
      turn.error = {
        name: 'Error',
        message: error instanceof Error ? error.message : String(error),
      };
      this.addTurn(turn);
      this.options.panel.turnChanged(turn);
      return;
    }
    const turn = createTurn(handle.runId, text);
    this.addTurn(turn);
    void this.follow(handle, turn);
  }

  /** Stops the running turn (the partial answer stays). */
  stop(): void {
    if (this.active) this.options.agent.abort();
  }

  /** Retries a failed turn: continues it when the agent kept it pending, else asks the question again. */
  retry(turn: TurnRecord): void {
    if (this.active) return;
    const pending = this.options.agent.snapshot().pendingTurn;
    if (pending && turn === this.turns.at(-1)) this.resumeInto(turn);
    else this.send(turn.userText);
  }

  /** Continues a turn that stopped at a limit. */
  continueTurn(turn: TurnRecord): void {
    if (!this.active && this.options.agent.snapshot().pendingTurn) this.resumeInto(turn);
  }

  /** After a reload: resumes a turn the page closed under (calls needing approval are proposed again). */
  resumeIfInterrupted(): boolean {
    const snapshot = this.options.agent.snapshot();
    const pending = snapshot.pendingTurn;
    const last = this.turns.at(-1);
    if (!pending || !last || snapshot.status === 'failed' || pending.phase === 'checkpoint') {
      if (last && isTurnActive(last)) {
        last.status = snapshot.status === 'failed' ? 'failed' : 'idle';
        if (pending?.phase === 'checkpoint') last.outcome = 'checkpoint';
        this.options.panel.turnChanged(last);
      }
      return false;
    }
    this.resumeInto(last);
    return true;
  }

  private resumeInto(turn: TurnRecord): void {
    let handle: TurnHandle;
    try {
      handle = this.options.agent.resume();
    } catch (error) {
      turn.status = 'failed';
      turn.error = {
        name: 'Error',
        message: error instanceof Error ? error.message : String(error),
      };
      this.options.panel.turnChanged(turn);
      return;
    }
    delete turn.error;
    delete turn.outcome;
    turn.status = 'processing';
    void this.follow(handle, turn);
  }

  private addTurn(turn: TurnRecord): void {
    this.turns.push(turn);
    this.options.panel.addTurn(turn);
    this.options.writer?.turnChanged(this.turns.length - 1, turn, true);
  }

  private async follow(handle: TurnHandle, turn: TurnRecord): Promise<void> {
    const { panel, writer } = this.options;
    const index = this.turns.indexOf(turn);
    this.active = turn;
    panel.setStatus('processing');
    try {
      for await (const event of handle.events) {
        if (!applyAgentEvent(turn, event)) continue;
        panel.turnChanged(turn);
        if (event.type === 'status') panel.setStatus(event.status);
        writer?.turnChanged(
          index,
          turn,
          event.type !== 'text-delta' && event.type !== 'reasoning-delta',
        );
      }
      const result = await handle.result;
      if (result.outcome === 'aborted') turn.interrupted = true;
      if (isTurnActive(turn)) turn.status = result.outcome === 'failed' ? 'failed' : 'idle';
      if (result.error && !turn.error) turn.error = result.error;
      if (!turn.outcome) turn.outcome = result.outcome;
    } catch (error) {
      turn.status = 'failed';
      turn.error = {
        name: 'Error',
        message: error instanceof Error ? error.message : String(error),
      };
    } finally {
      this.active = undefined;
      panel.turnChanged(turn);
      panel.flush();
      panel.setStatus(turn.status === 'failed' ? 'failed' : 'idle');
      const answer = turnText(turn);
      panel.announce(
        turn.status === 'failed'
          ? `Error: ${turn.error?.message ?? ''}`
          : `Answer: ${answer.slice(0, 300)}`,
      );
      writer?.turnChanged(index, turn, true);
      panel.input.textarea.focus();
    }
  }
}
