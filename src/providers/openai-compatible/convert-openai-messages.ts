// Messages to the Chat Completions wire format. Reasoning is never sent back.
import { prepareOpenAIParameters } from './prepare-openai-parameters';
import type { Message } from '../../agent/types';
import type { ToolSpec } from '../../tools/tool';

/** One message as Chat Completions takes it. */
export type OpenAIWireMessage =
  | { role: 'system' | 'user'; content: string }
  | {
      role: 'assistant';
      content: string | null;
      tool_calls?: {
        id: string;
        type: 'function';
        function: { name: string; arguments: string };
      }[];
    }
  | { role: 'tool'; tool_call_id: string; content: string };

/** A tool as Chat Completions takes it. */
export interface OpenAIWireTool {
  type: 'function';
  function: { name: string; description: string; parameters: Record<string, unknown> };
}

/** Converts provider-neutral messages to Chat Completions messages. */
export function convertOpenAIMessages(messages: Message[]): OpenAIWireMessage[] {
  return messages.map((message): OpenAIWireMessage => {
    switch (message.role) {
      case 'system':
      case 'user':
        return { role: message.role, content: message.content };
      case 'assistant': {
        const calls = message.toolCalls ?? [];
        if (calls.length === 0) return { role: 'assistant', content: message.content };
        return {
          role: 'assistant',
          content: message.content.length > 0 ? message.content : null,
          tool_calls: calls.map((call) => ({
            id: call.id,
            type: 'function',
            function: { name: call.name, arguments: JSON.stringify(call.arguments) },
          })),
        };
      }
      case 'tool':
        return { role: 'tool', tool_call_id: message.toolCallId, content: message.content };
    }
  });
}

/** Converts tool specs to Chat Completions tools. */
export function prepareOpenAITools(tools: ToolSpec[]): OpenAIWireTool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: {
      name: tool.name,
      description: tool.description,
      parameters: prepareOpenAIParameters(tool.inputSchema),
    },
  }));
}
