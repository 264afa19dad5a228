// A tool call streamed as a block whose JSON input arrives in fragments (Anthropic's tool_use, Bedrock
// Converse's toolUse), with the reasoning blocks the model wrote before it: both providers need those
// blocks sent back with the call on the next request, so they travel in the call's provider metadata.
import { parseToolArguments } from './parse-tool-arguments';
import type { ModelEvent } from '../agent/types';

/** A tool use block still streaming: its id, name and the input's fragments so far. */
export interface StreamedToolUse {
  id: string;
  name: string;
  inputParts: string[];
}

/** The finished block as the agent's tool-call event, carrying `reasoning` under `metadataKey`. */
export function toolUseEvent(
  toolUse: StreamedToolUse,
  metadataKey: string,
  reasoning: readonly unknown[],
): ModelEvent {
  const parsed = parseToolArguments(toolUse.name, toolUse.inputParts.join(''));
  return {
    type: 'tool-call',
    call: {
      id: toolUse.id,
      name: toolUse.name,
      ...parsed,
      ...(reasoning.length > 0 ? { providerMetadata: { [metadataKey]: reasoning } } : {}),
    },
  };
}
