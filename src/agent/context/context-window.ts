// Which part of the history the model reads each round. The system prompt comes first and never
// changes within a session, so providers can cache the prefix; recent turns are whole with each tool
// result bounded; older turns keep only their text; and when all that would pass the model's token
// budget, the oldest turns are left out, whole: the model reads the conversation's summary of them when
// one covers them (context-summary.ts), else it is told they were left out.
import { boundContent } from '../../tools/bound-content';
import { summaryPreamble, SUMMARY_RESERVE_TOKENS } from './context-summary';
import { isSmallContext, SMALL_CONTEXT_TOOL_RESULT_CHARS } from './small-context';
import { estimateTokens } from './token-estimate';
import type { ContextSummary, Message } from '../types';

/** How much of the history each round sends. */
export interface ContextWindowPolicy {
  /** Turns (counted from each user message) sent whole, the current one included. */
  recentTurns: number;
  /** Characters of each tool result in the recent turns. */
  toolResultChars: number;
  /**
   * Estimated tokens one round may send (messages and tool list); older turns are left out past it.
   * Absent: no budget.
   */
  budgetTokens?: number;
}

/** The summary a round may send for turns it leaves out. */
export interface SummaryOptions {
  /** The conversation's summary of its first turns, when it has one. */
  stored?: ContextSummary;
  /** Keep room for a summary when turns are left out (one will be written for them). */
  reserve?: boolean;
}

/**
 * The messages of one round, how many of the oldest turns were left out to fit the budget, and how many
 * of those the model reads as the summary instead.
 */
export interface FittedMessages {
  messages: Message[];
  droppedTurns: number;
  summarisedTurns: number;
}

/**
 * The first words of the history when older turns were left out, so the model knows they existed
 * (`summarised`: how many of them a summary before this note stands for).
 */
export function trimmedHistoryNote(droppedTurns: number, summarised = 0): string {
  const left = droppedTurns - summarised;
  const which =
    summarised > 0
      ? left === 1
        ? 'turn after them'
        : `${left} turns after them`
      : left === 1
        ? 'first turn of this conversation'
        : `first ${left} turns of this conversation`;
  return (
    `(The ${which} ${left === 1 ? 'was' : 'were'} left out to fit the context; ` +
    'ask the person if you need something from them.)'
  );
}

/**
 * The messages for one round within the policy's token budget (`fixedTokens` is what the tool list
 * costs). Whole turns are dropped from the oldest; the current turn is always sent, even over budget.
 * A summary (`summaries.stored`), when it stands for no more turns than are dropped, is sent in place of
 * those it covers; `summaries.reserve` keeps room for one while deciding how many turns to drop.
 */
export function fitTurnMessages(
  systemPrompt: string,
  history: readonly Message[],
  givenPolicy: ContextWindowPolicy,
  extra: Message[] = [],
  fixedTokens = 0,
  summaries: SummaryOptions = {},
): FittedMessages {
  const summary = summaries.stored;
  // A small window keeps the recent turns by bounding their tool results harder.
  const policy: ContextWindowPolicy = isSmallContext(givenPolicy.budgetTokens)
    ? {
        ...givenPolicy,
        toolResultChars: Math.min(givenPolicy.toolResultChars, SMALL_CONTEXT_TOOL_RESULT_CHARS),
      }
    : givenPolicy;
  const whole = buildTurnMessages(systemPrompt, history, policy, extra);
  const budget = policy.budgetTokens;
  if (budget === undefined || fixedTokens + messagesTokens(whole) <= budget) {
    return { messages: whole, droppedTurns: 0, summarisedTurns: 0 };
  }
  const starts = turnStarts(history);
  const lastDroppable = Math.max(0, starts.length - 1);
  // What each turn adds to the round, as buildTurnMessages sends it (older turns as text, recent ones
  // whole): the fewest oldest turns whose cost brings the round under budget are left out, and the
  // round is built once more to check (the note and merged messages can differ by a few tokens).
  const costs = turnCosts(history, starts, policy);
  const fits = (messages: Message[]) => fixedTokens + messagesTokens(messages) <= budget;
  // Room is kept for a summary of the dropped turns (the stored one, or one written for them next), so
  // that writing it does not push out one more turn.
  const summaryTokens = Math.max(
    summaries.reserve ? SUMMARY_RESERVE_TOKENS : 0,
    summary ? estimateTokens(summaryPreamble(summary)) : 0,
  );
  let over =
    fixedTokens +
    messagesTokens(whole) +
    estimateTokens(trimmedHistoryNote(10)) +
    summaryTokens -
    budget;
  let droppedTurns = 0;
  while (droppedTurns < lastDroppable && over > 0) {
    over -= costs[droppedTurns] ?? 0;
    droppedTurns += 1;
  }
  if (droppedTurns === 0) return { messages: whole, droppedTurns: 0, summarisedTurns: 0 };
  const build = (dropped: number): Message[] =>
    withoutTurns(systemPrompt, history, policy, extra, starts, dropped, summary);
  let messages = build(droppedTurns);
  while (!fits(messages) && droppedTurns < lastDroppable) {
    droppedTurns += 1;
    messages = build(droppedTurns);
  }
  return { messages, droppedTurns, summarisedTurns: usableSummary(summary, droppedTurns) };
}

/** How many of `dropped` turns the summary stands for: all it covers, or none if it covers more. */
function usableSummary(summary: ContextSummary | undefined, dropped: number): number {
  return summary && summary.turns > 0 && summary.turns <= dropped ? summary.turns : 0;
}

/** Estimated tokens each turn adds to a round: text only for older turns, whole for recent ones. */
function turnCosts(
  history: readonly Message[],
  starts: number[],
  policy: ContextWindowPolicy,
): number[] {
  const recentStart = startOfRecentTurns(history, policy.recentTurns);
  return starts.map((start, turn) => {
    const end = starts[turn + 1] ?? history.length;
    let cost = 0;
    for (let index = start; index < end; index += 1) {
      const message = history[index] as Message;
      if (index >= recentStart)
        cost += messagesTokens([forRecentTurn(message, policy.toolResultChars)]);
      else if (
        message.role === 'user' ||
        (message.role === 'assistant' && message.content.length > 0)
      )
        cost += estimateTokens(message.content) + 4;
    }
    return cost;
  });
}

/**
 * The round's messages with the first `dropped` turns left out: the summary of those it covers, marked
 * as such, then a note for any it does not, open the first kept question.
 */
function withoutTurns(
  systemPrompt: string,
  history: readonly Message[],
  policy: ContextWindowPolicy,
  extra: Message[],
  starts: number[],
  dropped: number,
  summary: ContextSummary | undefined,
): Message[] {
  const kept = history.slice(starts[dropped] ?? history.length);
  const [first, ...rest] = kept;
  const summarised = usableSummary(summary, dropped);
  const opening = [
    ...(summary && summarised > 0 ? [summaryPreamble(summary)] : []),
    ...(dropped > summarised ? [trimmedHistoryNote(dropped, summarised)] : []),
  ].join('\n\n');
  const noted: Message[] =
    first?.role === 'user'
      ? [{ ...first, content: `${opening}\n\n${first.content}` }, ...rest]
      : [...kept];
  return buildTurnMessages(systemPrompt, noted, policy, extra);
}

/** Indexes of the messages that start a turn (each user message after a non-user one). */
export function turnStarts(history: readonly Message[]): number[] {
  const starts: number[] = [];
  history.forEach((message, index) => {
    if (message.role === 'user' && history[index - 1]?.role !== 'user') starts.push(index);
  });
  return starts;
}

/** Estimated tokens of a round's messages: their text, reasoning left out, tool calls as JSON. */
export function messagesTokens(messages: readonly Message[]): number {
  let total = 0;
  for (const message of messages) {
    total += estimateTokens(message.content) + 4;
    if (message.role === 'assistant' && message.toolCalls) {
      total += estimateTokens(JSON.stringify(message.toolCalls));
    }
  }
  return total;
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
