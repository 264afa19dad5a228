// Reading stored conversations of every version this app has written. Version 1 kept the turns and the
// agent snapshot in two stores; version 2 is one document; version 3 keeps a waiting approval as one
// record (version 2 also marked it in the agent's pending turn). Storage hands over unknown JSON; this checks
// it (validate-conversation: a part that does not fit is kept as a marked placeholder) and brings it to
// the current version, or says plainly why it cannot. Call data of either version written before results
// were typed is read into the typed union (upgradeResultData).
import { isRecord } from '../../tools/table-result-data';
import { ConfigurationError } from '../failures/errors';
import { CONVERSATION_VERSION, UNTITLED, type ConversationDocument } from './conversation-document';
import { checkAgentState, checkTurns, validateConversation } from './validate-conversation';

/** A version-1 conversation as its three stores held it. */
export interface StoredConversationV1 {
  summary: { id: string; title?: string; createdAt?: number; updatedAt?: number };
  /** The turn records, in order. */
  turns: unknown[];
  /** The agent snapshot, if one was written. */
  snapshot: unknown;
}

/** Builds the one document of a version-1 conversation; nothing the person saw is dropped. */
export function migrateConversationV1(stored: StoredConversationV1): ConversationDocument {
  const { turns } = checkTurns(stored.turns);
  // An unreadable snapshot: the turns still show; the model starts without their history, as before.
  const agent = checkAgentState(withoutApprovalPhase(stored.snapshot, false));
  const resultIds = [
    ...new Set(
      turns.flatMap((turn) =>
        turn.rounds.flatMap((round) => round.calls.flatMap((call) => call.resultId ?? [])),
      ),
    ),
  ];
  const now = Date.now();
  return {
    version: CONVERSATION_VERSION,
    id: stored.summary.id,
    title: stored.summary.title || UNTITLED,
    createdAt: stored.summary.createdAt ?? now,
    updatedAt: stored.summary.updatedAt ?? now,
    turns,
    agent,
    resultIds,
  };
}

/**
 * A version-2 document as version 3. Version 2 kept a waiting approval twice: the document's pending
 * approval and the agent's pending turn in phase `approval`. The pending approval is now its one record,
 * so that phase goes; a pending approval written before it held its proposal (only the calls' ids) is
 * rebuilt from the history on reopening, from calls marked as running (phase `tool-calls`). The live
 * run's `restoredRound` is gone too: it was always the turn's last round. Anything else is another
 * version and is left for the check to refuse.
 */
export function migrateConversationV2(value: unknown): unknown {
  if (!isRecord(value) || value.version !== 2) return value;
  const { run, ...rest } = value;
  const recorded = isRecord(rest.pendingApproval) && isRecord(rest.pendingApproval.proposal);
  const migrated: Record<string, unknown> = {
    ...rest,
    version: CONVERSATION_VERSION,
    agent: withoutApprovalPhase(rest.agent, recorded),
  };
  if (isRecord(run)) {
    const { restoredRound: _restoredRound, ...live } = run;
    migrated.run = live;
  }
  return migrated;
}

/**
 * An agent state of version 1 or 2 without the pending turn's `approval` phase: dropped when the
 * document's pending approval records the wait, else the calls count as running (`tool-calls`).
 */
function withoutApprovalPhase(agent: unknown, recorded: boolean): unknown {
  if (!isRecord(agent) || !isRecord(agent.pendingTurn) || agent.pendingTurn.phase !== 'approval')
    return agent;
  const { pendingTurn, ...rest } = agent;
  return recorded ? rest : { ...rest, pendingTurn: { ...pendingTurn, phase: 'tool-calls' } };
}

/**
 * Checks a stored document of the current version, or of version 2 (migrated first). Parts that do not
 * fit come back as placeholders; a document that cannot be read at all throws ConfigurationError naming
 * the problem.
 */
export function parseConversationDocument(value: unknown): ConversationDocument {
  const validated = validateConversation(migrateConversationV2(value));
  if (!validated.readable)
    throw new ConfigurationError(`The saved conversation cannot be opened: ${validated.reason}.`);
  return validated.document;
}
