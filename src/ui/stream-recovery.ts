// After a reload: a turn the page closed under while the model was streaming. The agent's snapshot is
// written at steps, so it lacks the streamed text the person saw; the turn record has it. The partial
// answer goes back into the history, marked interrupted, so what the model reads next matches the screen.
import { settleCalls, type TurnRecord } from './transcript';
import type { AgentSnapshot, AssistantMessage } from '../agent/types';

/** What recovery changed. */
export interface StreamRecovery {
  /** The snapshot to build the agent from (the input when nothing needed recovering). */
  snapshot: AgentSnapshot;
  /** True when the last turn was cut off mid-stream and has been marked so. */
  recovered: boolean;
}

/**
 * When `snapshot` says the next step was a model call and the last turn was still running, marks the
 * turn interrupted by the reload (partial text kept; Continue offered) and appends its partial text
 * to the history as an interrupted assistant message. The pending turn stays, so Continue resumes it;
 * the model is never called again without the person asking.
 */
export function recoverCutOffStream(
  snapshot: AgentSnapshot | undefined,
  turn: TurnRecord | undefined,
): StreamRecovery | undefined {
  if (!snapshot) return undefined;
  const pending = snapshot.pendingTurn;
  const running =
    turn !== undefined && (turn.status === 'processing' || turn.status === 'tool_loop');
  if (pending?.phase !== 'model' || snapshot.status === 'failed' || !turn || !running) {
    return { snapshot, recovered: false };
  }
  const round = turn.rounds.at(-1);
  const text = round?.text ?? '';
  const reasoning = round?.reasoning ?? '';
  // A round with calls was stored with them (the write of the next round's record was lost).
  const alreadyStored = round !== undefined && round.calls.length > 0;
  const history = [...snapshot.history];
  if (!alreadyStored && (text.length > 0 || reasoning.length > 0)) {
    const message: AssistantMessage = {
      role: 'assistant',
      content: text,
      ...(reasoning ? { reasoning } : {}),
      interrupted: true,
    };
    history.push(message);
  }
  turn.status = 'idle';
  turn.interrupted = true;
  turn.interruptedBy = 'reload';
  turn.outcome = 'aborted';
  turn.resumable = true;
  turn.endedAt ??= Date.now();
  settleCalls(turn, 'cancelled');
  return { snapshot: { ...snapshot, history, status: 'idle' }, recovered: true };
}
