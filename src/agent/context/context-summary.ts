// The summary of the oldest turns, as the model reads it and as it is asked for. When turns no longer fit
// the context they are not simply lost: one short model call condenses them (with the earlier summary,
// when there is one) into a few sentences that the document keeps and later rounds send in their place.
import { boundContent } from '../../tools/bound-content';
import { CHARS_PER_TOKEN } from './token-estimate';
import type { ContextSummary, Message, ModelRequest } from '../types';

/** The most tokens the summary call may answer with. */
export const SUMMARY_MAX_TOKENS = 300;

/** Tokens a round keeps free for the summary when turns are left out (the answer's cap and its label). */
export const SUMMARY_RESERVE_TOKENS = SUMMARY_MAX_TOKENS + 40;

/** Characters of a summary kept: a model that ignores its token cap cannot crowd out the turns. */
export const SUMMARY_MAX_CHARS = 1_500;

/** Characters of each tool result the summary call reads (the numbers are at the start of a table). */
const TOOL_RESULT_CHARS = 600;

/** The fixed instruction of the summary call. */
export const SUMMARY_INSTRUCTION =
  'You condense the start of a conversation between a person and Mapwright, a map and data ' +
  'assistant, so that it can go on without it. Write at most five plain sentences, no preamble. Keep ' +
  'the facts: what the person asked, table and column names, filters, numbers, places and layers ' +
  'found or drawn, and what was left open. When an earlier summary is given, keep its facts and add ' +
  'the new turns to it.';

/** The marked text that stands for the summarised turns at the start of the first kept question. */
export function summaryPreamble(summary: ContextSummary): string {
  const which = summary.turns === 1 ? 'first turn' : `first ${summary.turns} turns`;
  return `[Summary of the ${which} of this conversation, left out to fit the context: ${summary.text}]`;
}

/**
 * The request that asks the model for a summary of `dropped` (the history's messages of the newly left
 * out turns), building on `previous`; it fits in `budgetTokens` when there is a budget.
 */
export function summaryRequest(
  previous: ContextSummary | undefined,
  dropped: readonly Message[],
  budgetTokens: number | undefined,
): ModelRequest {
  const earlier = previous
    ? `Earlier summary (${turnsLabel(previous.turns)}):\n${previous.text}\n\n`
    : '';
  const room =
    budgetTokens === undefined
      ? Number.POSITIVE_INFINITY
      : Math.max(1_000, (budgetTokens - SUMMARY_RESERVE_TOKENS - 200) * CHARS_PER_TOKEN) -
        earlier.length -
        SUMMARY_INSTRUCTION.length;
  // Every dropped message gets its share of the room, so the last turns are summarised as well as the
  // first; the whole is bounded once more for the lines' labels.
  const share = Math.max(160, Math.floor(room / Math.max(1, dropped.length)));
  const transcript = dropped
    .map((message) => transcriptLine(message, Math.min(share, TOOL_RESULT_CHARS * 4)))
    .filter((line) => line.length > 0)
    .join('\n');
  const turns = Number.isFinite(room) ? boundContent(transcript, Math.max(500, room)) : transcript;
  return {
    messages: [
      { role: 'system', content: SUMMARY_INSTRUCTION },
      { role: 'user', content: `${earlier}Turns to add:\n${turns}` },
    ],
    maxTokens: SUMMARY_MAX_TOKENS,
  };
}

/** The summary as kept: trimmed and bounded. */
export function keptSummary(text: string, turns: number): ContextSummary | undefined {
  const trimmed = text.trim();
  if (trimmed.length === 0) return undefined;
  const bounded =
    trimmed.length > SUMMARY_MAX_CHARS ? `${trimmed.slice(0, SUMMARY_MAX_CHARS - 1)}…` : trimmed;
  return { text: bounded, turns };
}

function turnsLabel(turns: number): string {
  return turns === 1 ? 'the first turn' : `the first ${turns} turns`;
}

/** One message as the summary call reads it: who said it, its text (at most `chars`), calls as JSON. */
function transcriptLine(message: Message, chars: number): string {
  switch (message.role) {
    case 'system':
      return '';
    case 'user':
      return `Person: ${clip(message.content, chars)}`;
    case 'assistant': {
      const calls = (message.toolCalls ?? []).map(
        (call) => `Called ${call.name} ${clip(JSON.stringify(call.arguments), chars)}`,
      );
      return [
        message.content.length > 0 ? `Mapwright: ${clip(message.content, chars)}` : '',
        ...calls,
      ]
        .filter((line) => line.length > 0)
        .join('\n');
    }
    case 'tool':
      return `${message.isError ? 'Error from' : 'Result of'} ${message.name}: ${clip(message.content, Math.min(chars, TOOL_RESULT_CHARS))}`;
  }
}

function clip(text: string, chars: number): string {
  return text.length > chars ? `${text.slice(0, chars)}…` : text;
}
