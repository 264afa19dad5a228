// With extended thinking on, an assistant turn that called tools must be sent back starting with the
// thinking blocks it streamed, unchanged and with their signatures, or the Messages API refuses it. They
// are kept in the history on the turn's tool calls (`ToolCall.providerMetadata`), which the agent stores
// and hands back as they are, like Gemini's thought signatures.
import type { ToolCall } from '../../agent/types';

/** A thinking block as the Messages API streamed it: the text and the signature that vouches for it. */
export interface AnthropicThinkingBlock {
  type: 'thinking';
  thinking: string;
  signature: string;
}

/** A thinking block the provider encrypted: only its data travels. */
export interface AnthropicRedactedThinkingBlock {
  type: 'redacted_thinking';
  data: string;
}

/** Either kind of thinking block. */
export type AnthropicReasoningBlock = AnthropicThinkingBlock | AnthropicRedactedThinkingBlock;

/** The key under `ToolCall.providerMetadata` that holds the blocks streamed before that call. */
export const thinkingBlocksKey = 'anthropicThinkingBlocks';

function isReasoningBlock(value: unknown): value is AnthropicReasoningBlock {
  if (typeof value !== 'object' || value === null) return false;
  const block = value as Record<string, unknown>;
  if (block.type === 'thinking') {
    return typeof block.thinking === 'string' && typeof block.signature === 'string';
  }
  return block.type === 'redacted_thinking' && typeof block.data === 'string';
}

/**
 * The thinking blocks kept on a turn's calls, in the order they streamed. The history is stored JSON,
 * so anything not shaped like a block is left out rather than sent.
 */
export function thinkingBlocksOf(calls: readonly ToolCall[]): AnthropicReasoningBlock[] {
  const blocks: AnthropicReasoningBlock[] = [];
  for (const call of calls) {
    const kept = call.providerMetadata?.[thinkingBlocksKey];
    if (Array.isArray(kept)) blocks.push(...kept.filter(isReasoningBlock));
  }
  return blocks;
}

/**
 * False when a tool loop is open (the last message carries tool results) and the assistant turn that
 * called those tools does not start with a thinking block: a turn another model made, or one made with
 * thinking off. The Messages API then refuses thinking ("a final assistant message must start with a
 * thinking block"), so such a request goes without it until the loop ends.
 */
export function thinkingFitsToolLoop(
  messages: readonly { role: string; content: readonly { type: string }[] }[],
): boolean {
  const last = messages.at(-1);
  if (last?.role !== 'user' || !last.content.some((block) => block.type === 'tool_result')) {
    return true;
  }
  const first = messages.at(-2)?.content[0]?.type;
  return first === 'thinking' || first === 'redacted_thinking';
}
