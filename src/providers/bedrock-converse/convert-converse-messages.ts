// Messages to the Converse wire format: the system prompt apart as `[{text}]`, toolUse / toolResult
// blocks (results in a user message), alternating roles (consecutive messages of one role are merged),
// no empty text. Reasoning kept on a turn's tool calls opens that assistant turn again.
import { toObjectParameters } from '../tool-schema/object-parameters';
import { reasoningOf } from './converse-reasoning-blocks';
import type { Message } from '../../agent/types';
import type { ToolSpec } from '../../tools/tool';

/** One content block as Converse takes it. */
export type ConverseWireBlock =
  | { text: string }
  | { toolUse: { toolUseId: string; name: string; input: Record<string, unknown> } }
  | {
      toolResult: {
        toolUseId: string;
        content: { text: string }[];
        status?: 'error';
      };
    }
  | { reasoningContent: { reasoningText: { text: string; signature?: string } } };

/** One message as Converse takes it. */
export interface ConverseWireMessage {
  role: 'user' | 'assistant';
  content: ConverseWireBlock[];
}

/** A tool as Converse takes it. */
export interface ConverseWireTool {
  toolSpec: { name: string; description: string; inputSchema: { json: Record<string, unknown> } };
}

function blocksOf(message: Exclude<Message, { role: 'system' }>): ConverseWireBlock[] {
  switch (message.role) {
    case 'user':
      return message.content.length > 0 ? [{ text: message.content }] : [];
    case 'assistant': {
      const calls = message.toolCalls ?? [];
      const blocks: ConverseWireBlock[] = reasoningOf(calls).map((reasoning) => ({
        reasoningContent: { reasoningText: reasoning },
      }));
      if (message.content.length > 0) blocks.push({ text: message.content });
      for (const call of calls) {
        blocks.push({ toolUse: { toolUseId: call.id, name: call.name, input: call.arguments } });
      }
      return blocks;
    }
    case 'tool':
      return [
        {
          toolResult: {
            toolUseId: message.toolCallId,
            // Converse refuses an empty text block, even inside a tool result.
            content: [{ text: message.content.length > 0 ? message.content : '(no output)' }],
            ...(message.isError ? { status: 'error' as const } : {}),
          },
        },
      ];
  }
}

function isReasoning(block: ConverseWireBlock): boolean {
  return 'reasoningContent' in block;
}

/** Converts provider-neutral messages to the Converse system blocks and messages. */
export function convertConverseMessages(messages: Message[]): {
  system: { text: string }[] | undefined;
  messages: ConverseWireMessage[];
} {
  const systemParts: string[] = [];
  const wire: ConverseWireMessage[] = [];
  for (const message of messages) {
    if (message.role === 'system') {
      if (message.content.length > 0) systemParts.push(message.content);
      continue;
    }
    const blocks = blocksOf(message);
    if (blocks.length === 0) continue;
    const role = message.role === 'assistant' ? 'assistant' : 'user';
    const previous = wire[wire.length - 1];
    if (previous && previous.role === role) {
      // Reasoning still opens a merged assistant turn.
      previous.content = [
        ...previous.content.filter(isReasoning),
        ...blocks.filter(isReasoning),
        ...previous.content.filter((block) => !isReasoning(block)),
        ...blocks.filter((block) => !isReasoning(block)),
      ];
    } else wire.push({ role, content: blocks });
  }
  return {
    system: systemParts.length > 0 ? [{ text: systemParts.join('\n\n') }] : undefined,
    messages: wire,
  };
}

/** Converts tool specs to Converse tools. */
export function prepareConverseTools(tools: ToolSpec[]): ConverseWireTool[] {
  return tools.map((tool) => ({
    toolSpec: {
      name: tool.name,
      description: tool.description,
      // Converse passes the schema to the model's own tool format, which wants an object at the top.
      inputSchema: { json: toObjectParameters(tool.inputSchema) },
    },
  }));
}
