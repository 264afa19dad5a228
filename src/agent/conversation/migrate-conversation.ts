// Reading stored conversations of every version this app has written. Version 1 kept the turns and the
// agent snapshot in two stores; version 2 is one document. Storage hands over unknown JSON; this checks
// it (validate-conversation: a part that does not fit is kept as a marked placeholder) and brings it to
// the current version, or says plainly why it cannot. Call data of either version written before results
// were typed is read into the typed union (upgradeResultData).
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
  const agent = checkAgentState(stored.snapshot);
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
 * Checks a stored document of the current version. Parts that do not fit come back as placeholders;
 * a document that cannot be read at all throws ConfigurationError naming the problem.
 */
export function parseConversationDocument(value: unknown): ConversationDocument {
  const validated = validateConversation(value);
  if (!validated.readable)
    throw new ConfigurationError(`The saved conversation cannot be opened: ${validated.reason}.`);
  return validated.document;
}
