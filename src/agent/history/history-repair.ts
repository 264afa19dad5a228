// The history stays consistent: every tool call has a result, even after a stop, a failure or a reload.
import type { Message, ToolCall, ToolMessage } from '../types';

/** A call of the last assistant message that has no result yet, with its index in that message. */
export interface UnansweredCall {
  callIndex: number;
  call: ToolCall;
}

/** The calls of the last assistant message that still lack a result, and that message's reasoning. */
export function unansweredCalls(history: readonly Message[]): {
  calls: UnansweredCall[];
  reasoning?: string;
  modelText?: string;
} {
  for (let index = history.length - 1; index >= 0; index -= 1) {
    const message = history[index] as Message;
    if (message.role !== 'assistant') continue;
    const answered = new Set<string>();
    for (const later of history.slice(index + 1))
      if (later.role === 'tool') answered.add(later.toolCallId);
    const calls = (message.toolCalls ?? [])
      .map((call, callIndex) => ({ call, callIndex }))
      .filter(({ call }) => !answered.has(call.id));
    return {
      calls,
      ...(message.reasoning ? { reasoning: message.reasoning } : {}),
      ...(message.content ? { modelText: message.content } : {}),
    };
  }
  return { calls: [] };
}

/** A tool message for a call that never ran to the end. */
export function cancelledToolMessage(call: ToolCall, reason: string): ToolMessage {
  return {
    role: 'tool',
    toolCallId: call.id,
    name: call.name,
    content: `Tool call cancelled: ${reason}.`,
    isError: true,
  };
}

/** The history with a synthesised "cancelled" result after every tool call that has none. */
export function repairHistory(history: readonly Message[], reason: string): Message[] {
  const answered = new Set<string>();
  for (const message of history) if (message.role === 'tool') answered.add(message.toolCallId);
  const repaired: Message[] = [];
  let missing: ToolMessage[] = [];
  for (const message of history) {
    if (message.role !== 'tool' && missing.length > 0) {
      repaired.push(...missing);
      missing = [];
    }
    repaired.push(message);
    if (message.role === 'assistant') {
      missing = (message.toolCalls ?? [])
        .filter((call) => !answered.has(call.id))
        .map((call) => cancelledToolMessage(call, reason));
    }
  }
  repaired.push(...missing);
  return inCallOrder(repaired);
}

/** The results after each assistant message sorted by call index (results are stored as calls finish). */
function inCallOrder(history: Message[]): Message[] {
  for (let index = 0; index < history.length; index += 1) {
    const message = history[index] as Message;
    if (message.role !== 'assistant' || !message.toolCalls?.length) continue;
    const order = new Map(message.toolCalls.map((call, callIndex) => [call.id, callIndex]));
    let end = index + 1;
    while (history[end]?.role === 'tool') end += 1;
    const rank = (result: Message): number =>
      result.role === 'tool' ? (order.get(result.toolCallId) ?? order.size) : order.size;
    const results = history.slice(index + 1, end).sort((left, right) => rank(left) - rank(right));
    history.splice(index + 1, results.length, ...results);
    index = end - 1;
  }
  return history;
}
