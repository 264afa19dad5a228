// Decides, per request, how tools reach the model: the provider's tool field, a prompt asking for a JSON
// object in the text, or not at all. Whatever is not native is turned into plain text the model can read.
import { createRecoveryContext, type RecoveryContext } from './text-call-syntax';
import type { Message, ModelRequest } from '../agent/types';
import type { ToolSpec } from '../tools/tool';
import type { ToolMode } from './provider-options';

/** What an adapter sends, and how it reads tool calls back. */
export interface PreparedRequest {
  messages: Message[];
  /** Specs for the provider's native tool field; empty when tools are not sent natively. */
  nativeTools: ToolSpec[];
  /** Recovery of calls written as text; undefined in a single pass without tools. */
  recovery: RecoveryContext | undefined;
  /** The request's own limit on the answer's tokens, which wins over the model's `maxTokens`. */
  maxTokens?: number;
}

/** The system prompt addition for JSON-in-text mode. */
export function jsonInTextInstructions(tools: ToolSpec[]): string {
  const list = tools
    .map(
      (tool) =>
        `- ${tool.name}: ${tool.description}\n  arguments (JSON Schema): ${JSON.stringify(tool.inputSchema)}`,
    )
    .join('\n');
  return [
    'You can call tools. To call one, reply with exactly one JSON object and nothing else:',
    '{"tool": "<tool name>", "arguments": {<arguments>}}',
    'The result will come back in the next message. When you need no tool, answer in plain text.',
    'Tools:',
    list,
  ].join('\n');
}

/** A call already made, written the way JSON-in-text mode asks the model to write it. */
function describeCall(name: string, args: Record<string, unknown>): string {
  return JSON.stringify({ tool: name, arguments: args });
}

/**
 * Rewrites tool calls and tool results as text: for models without native tools, and for rounds
 * without tools (Anthropic refuses tool blocks when no tools are defined).
 */
export function flattenToolMessages(messages: Message[]): Message[] {
  return messages.map((message): Message => {
    if (message.role === 'assistant' && message.toolCalls && message.toolCalls.length > 0) {
      const calls = message.toolCalls.map((call) => describeCall(call.name, call.arguments));
      return {
        role: 'assistant',
        content: [message.content, ...calls].filter((part) => part.length > 0).join('\n'),
      };
    }
    if (message.role === 'tool') {
      const label = message.isError
        ? `Error from tool ${message.name}`
        : `Result of tool ${message.name}`;
      return { role: 'user', content: `${label}:\n${message.content}` };
    }
    return message;
  });
}

function withSystemAddition(messages: Message[], addition: string): Message[] {
  const index = messages.findIndex((message) => message.role === 'system');
  if (index < 0) return [{ role: 'system', content: addition }, ...messages];
  return messages.map((message, position) =>
    position === index ? { role: 'system', content: `${message.content}\n\n${addition}` } : message,
  );
}

/** Applies the tool mode to one request. */
export function prepareToolMode(request: ModelRequest, mode: ToolMode): PreparedRequest {
  const prepared = preparedMessages(request, mode);
  return request.maxTokens !== undefined ? { ...prepared, maxTokens: request.maxTokens } : prepared;
}

function preparedMessages(request: ModelRequest, mode: ToolMode): PreparedRequest {
  const tools = mode === 'none' ? [] : (request.tools ?? []);
  if (tools.length === 0) {
    return {
      messages: flattenToolMessages(request.messages),
      nativeTools: [],
      recovery: undefined,
    };
  }
  const names = tools.map((tool) => tool.name);
  if (mode === 'json-in-text') {
    return {
      messages: withSystemAddition(
        flattenToolMessages(request.messages),
        jsonInTextInstructions(tools),
      ),
      nativeTools: [],
      recovery: createRecoveryContext(names, { jsonAnywhere: true }),
    };
  }
  return { messages: request.messages, nativeTools: tools, recovery: createRecoveryContext(names) };
}
