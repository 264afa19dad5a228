// A stored conversation opened again (after a reload, or switching back to it). The document may have
// been written mid-turn: a run that was streaming, calls that were running, a card waiting. This puts it
// in the state the page can go on from, as data, before anything is shown.
import { isTurnActive, type ConversationDocument, type TurnRecord } from './conversation-document';
import { settleCalls } from './conversation-reducer';
import type { AssistantMessage } from '../types';

/** What reopening found, besides the document to go on from. */
export interface ReopenedConversation {
  document: ConversationDocument;
  /** True when the agent holds calls the page closed under: resuming re-runs or re-proposes them. */
  resumeCalls: boolean;
}

/**
 * Reopens `stored`:
 * - a turn cut off while the model streamed keeps its partial text, marked interrupted by the reload,
 *   and that text goes into the history as an interrupted assistant message, so what the model reads
 *   next matches the screen; Continue is offered and the model is not called without the person asking;
 * - a turn cut off while calls waited or ran is left for `resumeCalls` (calls are proposed again, never
 *   run without a fresh approval);
 * - any other turn still marked running is settled.
 */
export function reopenConversation(
  stored: ConversationDocument,
  now: number,
): ReopenedConversation {
  const { run: _run, ...document } = stored;
  const agent = document.agent;
  const last = document.turns.at(-1);
  const resumeCalls = agent.status !== 'failed' && agent.pendingTurn?.phase === 'tool-calls';
  if (!last || !isTurnActive(last) || resumeCalls) return { document, resumeCalls };
  const turns = [...document.turns];
  if (agent.pendingTurn?.phase === 'model' && agent.status !== 'failed') {
    const round = last.rounds.at(-1);
    const text = round?.text ?? '';
    const reasoning = round?.reasoning ?? '';
    // A round with calls was stored with them: its text is already in the history.
    const alreadyStored = round !== undefined && round.calls.length > 0;
    const history = [...agent.history];
    if (!alreadyStored && (text.length > 0 || reasoning.length > 0)) {
      const message: AssistantMessage = {
        role: 'assistant',
        content: text,
        ...(reasoning ? { reasoning } : {}),
        interrupted: true,
      };
      history.push(message);
    }
    turns[turns.length - 1] = {
      ...settleCalls(last, 'cancelled'),
      status: 'idle',
      interrupted: true,
      interruptedBy: 'reload',
      outcome: 'aborted',
      resumable: true,
      endedAt: last.endedAt ?? now,
    };
    return {
      document: { ...document, turns, agent: { ...agent, history, status: 'idle' } },
      resumeCalls,
    };
  }
  const settled: TurnRecord = {
    ...last,
    status: agent.status === 'failed' ? 'failed' : 'idle',
    ...(agent.pendingTurn?.phase === 'checkpoint' ? { outcome: 'checkpoint' as const } : {}),
  };
  turns[turns.length - 1] = settled;
  return { document: { ...document, turns }, resumeCalls };
}
