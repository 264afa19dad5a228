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
    if (index >= recentStart)
      pushAlternating(messages, forRecentTurn(message, policy.toolResultChars));
    else if (message.role === 'user') pushAlternating(messages, message);
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
  for (const message of extra) pushAlternating(messages, message);
  return messages;
}

/**
 * Appends `message`, keeping the roles alternating as Anthropic and Gemini require: a turn that failed or
 * was stopped before any answer leaves two user messages in a row in the history (the person saw both),
 * so the model reads them as one; an interrupted answer with no text (reasoning only) is left out.
 */
function pushAlternating(messages: Message[], message: Message): void {
  if (message.role === 'assistant' && message.content.length === 0 && !message.toolCalls?.length) {
    return;
  }
  const previous = messages[messages.length - 1];
  if (message.role === 'user' && previous?.role === 'user') {
    messages[messages.length - 1] = {
      role: 'user',
      content: `${previous.content}\n\n${message.content}`,
    };
    return;
  }
  messages.push(message);
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
