// Drives one conversation: sends questions, follows the agent's events into turns, persists every step,
// and resumes a turn that a reload cut off.
import {
  applyAgentEvent,
  createTurn,
  isTurnActive,
  turnText,
  type CallState,
  type TurnRecord,
} from './transcript';
import type { AgentEvent, AgentSnapshot, TurnHandle } from '../agent/types';
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
  /** True while the chat waits before resuming a restored turn (sending is blocked meanwhile). */
  restoring = false;
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
    if (this.active || this.restoring) return;
    if (this.options.beforeSend && !this.options.beforeSend()) return;
    // A new question ends any pending turn (the agent drops it), so its Continue goes away.
    const previous = this.turns.at(-1);
    if (previous?.resumable) {
      previous.resumable = false;
      this.options.panel.turnChanged(previous);
    }
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

  /** Stops the running turn (the partial answer stays), or a restored turn still waiting to resume. */
  stop(): void {
    if (this.active) this.options.agent.abort();
    else if (this.restoring) {
      this.restoring = false;
      const last = this.turns.at(-1);
      if (last) {
        markCalls(last, 'pending', 'cancelled');
        markCalls(last, 'running', 'cancelled');
        last.status = 'idle';
        last.interrupted = true;
        last.interruptedBy = 'stop';
        this.options.panel.turnChanged(last);
        this.options.writer?.turnChanged(this.turns.length - 1, last, true);
      }
      this.options.panel.setStatus('idle');
    }
  }

  /** Stops waiting to resume: the conversation is no longer on screen. */
  dispose(): void {
    this.restoring = false;
  }

  /**
   * After a reload: resumes the turn the page closed under. When it was waiting on tool calls, first
   * waits for `toolsReady` (MCP servers reconnected), showing why; sending is blocked meanwhile.
   */
  async restore(toolsReady: () => Promise<unknown>): Promise<void> {
    if (!this.hasInterruptedCalls()) {
      this.resumeIfInterrupted();
      return;
    }
    this.restoring = true;
    const last = this.turns.at(-1);
    if (last) {
      // The calls will be proposed again (or re-run, if local): none is running now.
      markCalls(last, 'running', 'pending');
      this.options.panel.turnChanged(last);
    }
    this.options.panel.setStatus(
      'tool_loop',
      'Reconnecting to the data servers to resume the turn…',
    );
    await toolsReady().catch(() => undefined);
    if (!this.restoring) return;
    this.restoring = false;
    this.resumeIfInterrupted();
  }

  /** Retries a failed turn: continues it when the agent kept it pending, else asks the question again. */
  retry(turn: TurnRecord): void {
    if (this.active) return;
    const pending = this.options.agent.snapshot().pendingTurn;
    if (pending && turn === this.turns.at(-1)) this.resumeInto(turn);
    else this.send(turn.userText);
  }

  /** Continues the last turn where the agent kept it pending (a limit, or a reload mid-stream). */
  continueTurn(turn: TurnRecord): void {
    if (this.active || this.restoring || turn !== this.turns.at(-1)) return;
    if (!this.options.agent.snapshot().pendingTurn) return;
    delete turn.interrupted;
    delete turn.interruptedBy;
    this.resumeInto(turn);
  }

  /** True when the agent holds calls the page closed under: resuming will re-run or re-propose them. */
  hasInterruptedCalls(): boolean {
    const snapshot = this.options.agent.snapshot();
    return snapshot.status !== 'failed' && snapshot.pendingTurn?.phase === 'tool-calls';
  }

  /**
   * After a reload: resumes a turn the page closed under while it waited on tool calls (local calls
   * re-run; MCP calls are proposed again, never run without a fresh approval). A turn cut off while
   * the model streamed is not re-run: it keeps its partial text and offers Continue.
   */
  resumeIfInterrupted(): boolean {
    const last = this.turns.at(-1);
    if (!this.hasInterruptedCalls() || !last) {
      const snapshot = this.options.agent.snapshot();
      if (last && isTurnActive(last)) {
        last.status = snapshot.status === 'failed' ? 'failed' : 'idle';
        if (snapshot.pendingTurn?.phase === 'checkpoint') last.outcome = 'checkpoint';
        this.options.panel.turnChanged(last);
      }
      return false;
    }
    markCalls(last, 'running', 'pending');
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
    delete turn.resumable;
    turn.status = 'processing';
    void this.follow(handle, turn, true);
  }

  private addTurn(turn: TurnRecord): void {
    this.turns.push(turn);
    this.options.panel.addTurn(turn);
    this.options.writer?.turnChanged(this.turns.length - 1, turn, true);
  }

  private async follow(handle: TurnHandle, turn: TurnRecord, resumed = false): Promise<void> {
    const { panel, writer } = this.options;
    const index = this.turns.indexOf(turn);
    const place = roundPlacer(turn, resumed);
    this.active = turn;
    panel.setStatus('processing');
    try {
      for await (const event of handle.events) {
        if (!applyAgentEvent(turn, place(event))) continue;
        panel.turnChanged(turn);
        if (event.type === 'status') panel.setStatus(event.status);
        writer?.turnChanged(
          index,
          turn,
          event.type !== 'text-delta' && event.type !== 'reasoning-delta',
        );
      }
      const result = await handle.result;
      if (result.outcome === 'aborted') {
        turn.interrupted = true;
        turn.interruptedBy = 'stop';
      }
      if (result.outcome === 'checkpoint') turn.resumable = true;
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

/**
 * Places a run's events in the turn's rounds. Run rounds count from 0 on every run, so a resumed run
 * (Continue, or a reload) would otherwise write into rounds the turn already has: each `round-start`
 * gets the turn's next round, and calls restored before any round (after a reload) go to the last one.
 */
function roundPlacer(turn: TurnRecord, resumed: boolean): (event: AgentEvent) => AgentEvent {
  const placed = new Map<number, number>();
  const restoredRound = turn.rounds.at(-1)?.round ?? 0;
  return (event) => {
    if (!('round' in event)) return event;
    if (event.type === 'round-start') {
      const next = turn.rounds.reduce((highest, round) => Math.max(highest, round.round + 1), 0);
      placed.set(event.round, next);
      return next === event.round ? event : { ...event, round: next };
    }
    const round = placed.get(event.round) ?? (resumed ? restoredRound : event.round);
    return round === event.round ? event : { ...event, round };
  };
}

function markCalls(turn: TurnRecord, from: CallState, to: CallState): void {
  for (const round of turn.rounds)
    for (const call of round.calls) if (call.state === from) call.state = to;
}
