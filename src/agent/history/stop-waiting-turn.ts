// Stopping a turn that waits for the person. No run is active then, so there is nothing to abort: the
// state itself is ended, as a stopped run would have left it.
import { repairHistory } from './history-repair';
import type { AgentState } from '../types';

/**
 * The state after the person stopped a turn waiting on their decision (or, once they decided, on its
 * tools): its calls cancelled, idle. Called only while an interruption waits.
 */
export function stopWaitingTurn(state: AgentState): AgentState {
  return {
    history: repairHistory(state.history, 'stopped by the user'),
    status: 'idle',
    ...(state.contextSummary ? { contextSummary: state.contextSummary } : {}),
  };
}
