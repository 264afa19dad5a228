// Which part of the history the model reads each round. The system prompt comes first and never
// changes within a session, so providers can cache the prefix; recent turns are whole with each tool
// result bounded; older turns keep only their text.
import { boundContent } from '../tools/bound-content';
import type { Message } from './types';

/** How much of the history each round sends. */
export interface ContextWindowPolicy {
  /** Turns (counted from each user message) sent whole, the current one included. */
  recentTurns: number;
  /** Characters of each tool result in the recent turns. */
  toolResultChars: number;
}

/** The messages for one round: system prompt, the windowed history, then any `extra` messages. */
export function buildTurnMessages(
  systemPrompt: string,
  history: readonly Message[],
  policy: ContextWindowPolicy,
  extra: Message[] = [],
): Message[] {
  const messages: Message[] = [];
  if (systemPrompt.length > 0) messages.push({ role: 'system', content: systemPrompt });
  const recentStart = startOfRecentTurns(history, policy.recentTurns);
  for (let index = 0; index < history.length; index += 1) {
    const message = history[index] as Message;
    if (message.role === 'system') continue;
    if (index >= recentStart) messages.push(forRecentTurn(message, policy.toolResultChars));
    else if (message.role === 'user') messages.push(message);
    else if (message.role === 'assistant' && message.content.length > 0) {
      const previous = messages[messages.length - 1];
      // Older turns keep their text only; a turn's several texts become one assistant message.
      if (previous?.role === 'assistant') {
        messages[messages.length - 1] = {
          role: 'assistant',
          content: `${previous.content}\n\n${message.content}`,
        };
      } else {
        messages.push({ role: 'assistant', content: message.content });
      }
    }
  }
  messages.push(...extra);
  return messages;
}

function startOfRecentTurns(history: readonly Message[], recentTurns: number): number {
  let seen = 0;
  for (let index = history.length - 1; index >= 0; index -= 1) {
    if (history[index]?.role !== 'user') continue;
    seen += 1;
    if (seen >= recentTurns) return index;
  }
  return 0;
}

function forRecentTurn(message: Message, toolResultChars: number): Message {
  if (message.role === 'tool') {
    if (message.content.length <= toolResultChars) return message;
    return { ...message, content: boundContent(message.content, toolResultChars) };
  }
  if (message.role === 'assistant' && message.reasoning !== undefined) {
    // Reasoning is shown to the person, never sent back to the model.
    const { reasoning: _reasoning, ...rest } = message;
    return rest;
  }
  return message;
}
