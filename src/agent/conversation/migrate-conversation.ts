// Reading stored conversations of every version this app has written. Version 1 kept the turns and the
// agent snapshot in two stores; version 2 is one document. Storage hands over unknown JSON; this checks
// it and brings it to the current version, or says plainly why it cannot. Call data of either version
// written before results were typed is read into the typed union (upgradeResultData).
import { upgradeResultData } from '../../tools/upgrade-result-data';
import { parseAgentSnapshot } from '../agent-snapshot';
import { ConfigurationError } from '../errors';
import {
  CONVERSATION_VERSION,
  UNTITLED,
  type AgentState,
  type ConversationDocument,
  type TurnRecord,
} from './conversation-document';
import { resultIdOf } from './conversation-reducer';

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
  const turns = stored.turns.filter(isTurnRecord).map(withUpgradedCalls);
  let agent: AgentState = { history: [], status: 'idle' };
  if (stored.snapshot !== undefined) {
    try {
      const { version: _version, ...state } = parseAgentSnapshot(stored.snapshot);
      agent = state;
    } catch {
      // An unreadable snapshot: the turns still show; the model starts without their history, as before.
    }
  }
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

/** Checks a stored document of the current version; throws ConfigurationError naming the problem. */
export function parseConversationDocument(value: unknown): ConversationDocument {
  const problem = (what: string): ConfigurationError =>
    new ConfigurationError(`The saved conversation cannot be opened: ${what}.`);
  if (typeof value !== 'object' || value === null) throw problem('it is not an object');
  const document = value as Partial<ConversationDocument>;
  if (document.version !== CONVERSATION_VERSION) {
    throw problem(`version ${String(document.version)} is not supported`);
  }
  if (typeof document.id !== 'string') throw problem('it has no id');
  if (!Array.isArray(document.turns)) throw problem('it has no turns');
  document.turns.forEach((turn, index) => {
    if (!isTurnRecord(turn)) throw problem(`turn ${index} is malformed`);
  });
  const { version: _version, ...agent } = parseAgentSnapshot({ version: 1, ...document.agent });
  const copy = structuredClone(document) as ConversationDocument;
  return {
    ...copy,
    turns: copy.turns.map(withUpgradedCalls),
    agent,
    resultIds: Array.isArray(document.resultIds)
      ? document.resultIds.filter((id): id is string => typeof id === 'string')
      : [],
  };
}

function isTurnRecord(value: unknown): value is TurnRecord {
  if (typeof value !== 'object' || value === null) return false;
  const turn = value as Partial<TurnRecord>;
  return (
    typeof turn.userText === 'string' &&
    typeof turn.runId === 'string' &&
    Array.isArray(turn.rounds) &&
    turn.rounds.every(
      (round) =>
        typeof round === 'object' &&
        round !== null &&
        typeof round.round === 'number' &&
        typeof round.text === 'string' &&
        Array.isArray(round.calls),
    )
  );
}

/** Call data in the typed union, and the result id of each table on its call. */
function withUpgradedCalls(turn: TurnRecord): TurnRecord {
  return {
    ...turn,
    rounds: turn.rounds.map((round) => ({
      ...round,
      reasoning: typeof round.reasoning === 'string' ? round.reasoning : '',
      calls: round.calls.map((call) => {
        const { data: stored, ...rest } = call;
        const data = upgradeResultData(stored);
        const resultId = call.resultId ?? resultIdOf(data);
        return {
          ...rest,
          ...(resultId ? { resultId } : {}),
          ...(data ? { data } : {}),
        };
      }),
    })),
  };
}
