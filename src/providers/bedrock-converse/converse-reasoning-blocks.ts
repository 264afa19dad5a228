// A model that reasons on Bedrock (Claude with thinking, DeepSeek-R1) must get its reasoning back, with
// its signature, at the start of an assistant turn that called tools. It is kept on the turn's calls
// (`ToolCall.providerMetadata`), which the agent stores and hands back as they are.
import type { ToolCall } from '../../agent/types';

/** Reasoning as Converse streamed it: the text and the signature that vouches for it (may be absent). */
export interface ConverseReasoningText {
  text: string;
  signature?: string;
}

/** The key under `ToolCall.providerMetadata` that holds the reasoning streamed before that call. */
export const converseReasoningKey = 'bedrockReasoning';

function isReasoningText(value: unknown): value is ConverseReasoningText {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.text === 'string' &&
    (record.signature === undefined || typeof record.signature === 'string')
  );
}

/** The reasoning kept on a turn's calls, in order; stored JSON of another shape is left out. */
export function reasoningOf(calls: readonly ToolCall[]): ConverseReasoningText[] {
  const blocks: ConverseReasoningText[] = [];
  for (const call of calls) {
    const kept = call.providerMetadata?.[converseReasoningKey];
    if (Array.isArray(kept)) blocks.push(...kept.filter(isReasoningText));
  }
  return blocks;
}
