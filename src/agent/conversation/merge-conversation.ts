// Two tabs wrote one conversation: a write based on an older revision met a newer stored document.
// Neither is written over the other; both tabs' turns are kept. The rule, turn by turn:
// - the stored turns stay in order, except a turn this tab ran and has since dropped (Regenerate or Edit
//   here), which stays dropped;
// - a turn this tab ran is newer here: it replaces the stored copy, or comes after the stored turns when
//   it was never stored;
// - a turn the stored document no longer has, which this tab only followed or had already stored, was
//   dropped in the other tab and stays dropped;
// - the agent's history is rebuilt turn by turn from the document each turn comes from, so the model
//   reads every turn that is kept.
import { UNTITLED, type ConversationDocument, type TurnRecord } from './conversation-document';
import { historyStartOf } from './truncate-conversation';
import type { Message } from '../types';

/** What a merge kept, for telling the person. */
export interface MergedConversation {
  document: ConversationDocument;
  /** Turns of this tab that the stored document did not have, now after the other tab's turns. */
  appendedTurns: number;
  /** Turns of the other tab that this tab had not seen. */
  otherTurns: number;
}

interface Placed {
  turn: TurnRecord;
  source: ConversationDocument;
  index: number;
}

/** Which turns (by run id) this tab ran, and which of those it has stored before. */
export interface TurnOwnership {
  ran: ReadonlySet<string>;
  stored: ReadonlySet<string>;
}

/** Merges `local` (this tab's document) into the newer `stored` one. */
export function mergeConversation(
  stored: ConversationDocument,
  local: ConversationDocument,
  ownership: TurnOwnership,
): MergedConversation {
  const ownRunIds = ownership.ran;
  const localByRun = new Map(local.turns.map((turn, index) => [turn.runId, { turn, index }]));
  const storedRuns = new Set(stored.turns.map((turn) => turn.runId));
  const seenHere = new Set(local.turns.map((turn) => turn.runId));
  const placed: Placed[] = [];
  let otherTurns = 0;
  stored.turns.forEach((turn, index) => {
    const mine = ownRunIds.has(turn.runId);
    const here = localByRun.get(turn.runId);
    if (mine && !here) return;
    if (mine && here) placed.push({ turn: here.turn, source: local, index: here.index });
    else placed.push({ turn, source: stored, index });
    if (!seenHere.has(turn.runId)) otherTurns += 1;
  });
  let appendedTurns = 0;
  local.turns.forEach((turn, index) => {
    const ran = ownRunIds.has(turn.runId);
    if (!ran || storedRuns.has(turn.runId) || ownership.stored.has(turn.runId)) return;
    placed.push({ turn, source: local, index });
    appendedTurns += 1;
  });

  const firstStart =
    stored.turns.length > 0
      ? historyStartOf(stored.agent.history, stored.turns, 0)
      : stored.agent.history.length;
  const history: Message[] = stored.agent.history.slice(0, firstStart);
  const turns = placed.map(({ turn, source, index }) => {
    const start = historyStartOf(source.agent.history, source.turns, index);
    const end =
      index + 1 < source.turns.length
        ? historyStartOf(source.agent.history, source.turns, index + 1)
        : source.agent.history.length;
    const placedStart = history.length;
    history.push(...source.agent.history.slice(start, Math.max(start, end)));
    return turn.historyStart === undefined ? turn : { ...turn, historyStart: placedStart };
  });

  const last = placed.at(-1);
  const agentSource = last?.source ?? stored;
  // Where a turn of `source` landed in the merge (-1 when it was dropped).
  const placedAt = (source: ConversationDocument, index: number | undefined): number =>
    index === undefined
      ? -1
      : placed.findIndex((entry) => entry.source === source && entry.index === index);
  const { run: _run, pendingApproval: _pendingApproval, ...rest } = stored;
  const document: ConversationDocument = {
    ...rest,
    title: !stored.titleEdited && stored.title === UNTITLED ? local.title : stored.title,
    updatedAt: Math.max(stored.updatedAt, local.updatedAt),
    turns,
    agent: { ...agentSource.agent, history },
    resultIds: [...new Set([...stored.resultIds, ...local.resultIds])],
  };
  // The live turn (a run writing into it, or a card waiting for the person: no run while it waits)
  // keeps its state from the document whose copy of the turn was kept: this tab's when it ran the
  // turn, else the stored one's when another tab did.
  const liveIn = (source: ConversationDocument): number =>
    placedAt(source, source.run?.turnIndex ?? source.pendingApproval?.turnIndex);
  const storedLive = stored.run ?? stored.pendingApproval;
  const owner =
    liveIn(local) >= 0
      ? local
      : storedLive && !ownRunIds.has(stored.turns[storedLive.turnIndex]?.runId ?? '')
        ? stored
        : undefined;
  if (owner?.run) {
    const index = placedAt(owner, owner.run.turnIndex);
    if (index >= 0) document.run = { ...owner.run, turnIndex: index };
  }
  if (owner?.pendingApproval) {
    const index = placedAt(owner, owner.pendingApproval.turnIndex);
    if (index >= 0) document.pendingApproval = { ...owner.pendingApproval, turnIndex: index };
  }
  return { document, appendedTurns, otherTurns };
}
