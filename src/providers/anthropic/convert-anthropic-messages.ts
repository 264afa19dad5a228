// Messages to the Anthropic Messages wire format: the system prompt apart, tool_use / tool_result blocks,
// alternating roles (consecutive messages of one role are merged), no empty text. Reasoning text is not
// sent back; with thinking on, a turn that called tools starts with the thinking blocks it streamed.
import { toObjectParameters } from '../tool-schema/object-parameters';
import { thinkingBlocksOf, type AnthropicReasoningBlock } from './anthropic-thinking-blocks';
import type { Message } from '../../agent/types';
import type { ToolSpec } from '../../tools/tool';

/** One content block as the Messages API takes it. */
export type AnthropicWireBlock =
  | AnthropicReasoningBlock
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | { type: 'tool_result'; tool_use_id: string; content: string; is_error?: boolean };

/** One message as the Messages API takes it. */
export interface AnthropicWireMessage {
  role: 'user' | 'assistant';
  content: AnthropicWireBlock[];
}

/** A tool as the Messages API takes it. */
export interface AnthropicWireTool {
  name: string;
  description: string;
  input_schema: Record<string, unknown>;
}

/** How messages are converted. */
export interface AnthropicConversionOptions {
  /**
   * Extended thinking is on for this request: send back the thinking blocks kept on tool calls. With it
   * off they are left out, since a turn without thinking needs none.
   */
  thinking?: boolean;
}

function blocksOf(
  message: Exclude<Message, { role: 'system' }>,
  options: AnthropicConversionOptions,
): AnthropicWireBlock[] {
  switch (message.role) {
    case 'user':
      return message.content.length > 0 ? [{ type: 'text', text: message.content }] : [];
    case 'assistant': {
      // The API checks that the turn starts with its thinking blocks, exactly as they streamed.
      const blocks: AnthropicWireBlock[] = options.thinking
        ? thinkingBlocksOf(message.toolCalls ?? [])
        : [];
      if (message.content.length > 0) blocks.push({ type: 'text', text: message.content });
      for (const call of message.toolCalls ?? []) {
        blocks.push({ type: 'tool_use', id: call.id, name: call.name, input: call.arguments });
      }
      return blocks;
    }
    case 'tool':
      return [
        {
          type: 'tool_result',
          tool_use_id: message.toolCallId,
          content: message.content,
          ...(message.isError ? { is_error: true } : {}),
        },
      ];
  }
}

function isReasoningBlock(block: AnthropicWireBlock): boolean {
  return block.type === 'thinking' || block.type === 'redacted_thinking';
}

/** Converts provider-neutral messages to the system prompt and Messages API messages. */
export function convertAnthropicMessages(
  messages: Message[],
  options: AnthropicConversionOptions = {},
): {
  system: string | undefined;
  messages: AnthropicWireMessage[];
} {
  const systemParts: string[] = [];
  const wire: AnthropicWireMessage[] = [];
  for (const message of messages) {
    if (message.role === 'system') {
      systemParts.push(message.content);
      continue;
    }
    const blocks = blocksOf(message, options);
    if (blocks.length === 0) continue;
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    const previous = wire[wire.length - 1];
    if (previous && previous.role === role) {
      // Merged into an earlier assistant message, thinking blocks still go first.
      const leading = previous.content.filter(isReasoningBlock);
      const rest = previous.content.filter((block) => !isReasoningBlock(block));
      previous.content = [
        ...leading,
        ...blocks.filter(isReasoningBlock),
        ...rest,
        ...blocks.filter((block) => !isReasoningBlock(block)),
      ];
    } else wire.push({ role, content: blocks });
  }
  return { system: systemParts.length > 0 ? systemParts.join('\n\n') : undefined, messages: wire };
}

/** Converts tool specs to Messages API tools. */
export function prepareAnthropicTools(tools: ToolSpec[]): AnthropicWireTool[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    // The Messages API takes an object schema with no anyOf / oneOf / allOf at the top.
    input_schema: toObjectParameters(tool.inputSchema),
  }));
}
