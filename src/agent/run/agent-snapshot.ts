// Reading a persisted snapshot back: storage hands over unknown JSON, the agent checks its shape.
import { ConfigurationError } from '../failures/errors';
import type { AgentSnapshot, AgentStatus, Message } from '../types';

const STATUSES: readonly AgentStatus[] = ['idle', 'processing', 'tool_loop', 'failed'];
const PHASES = ['model', 'tool-calls', 'approval', 'checkpoint'];

/** Checks a stored snapshot; throws ConfigurationError naming the first problem. */
export function parseAgentSnapshot(value: unknown): AgentSnapshot {
  const problem = (what: string): ConfigurationError =>
    new ConfigurationError(
      `The saved conversation cannot be restored: ${what}. Start a new conversation.`,
    );
  if (typeof value !== 'object' || value === null) throw problem('it is not an object');
  const snapshot = value as Partial<AgentSnapshot>;
  if (snapshot.version !== 1) throw problem(`version ${String(snapshot.version)} is not supported`);
  if (!Array.isArray(snapshot.history)) throw problem('it has no history');
  snapshot.history.forEach((message, index) => {
    if (!isMessage(message)) throw problem(`message ${index} is malformed`);
  });
  if (!STATUSES.includes(snapshot.status as AgentStatus))
    throw problem(`status ${String(snapshot.status)} is unknown`);
  const pending = snapshot.pendingTurn;
  if (
    pending !== undefined &&
    (typeof pending.runId !== 'string' || !PHASES.includes(pending.phase))
  ) {
    throw problem('its pending turn is malformed');
  }
  return structuredClone(snapshot as AgentSnapshot);
}

function isMessage(value: unknown): value is Message {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Partial<Record<string, unknown>>;
  if (typeof message.content !== 'string') return false;
  switch (message.role) {
    case 'system':
    case 'user':
      return true;
    case 'assistant':
      return message.toolCalls === undefined || Array.isArray(message.toolCalls);
    case 'tool':
      return typeof message.toolCallId === 'string' && typeof message.name === 'string';
    default:
      return false;
  }
}
