// Messages to the Gemini `contents` wire format: `systemInstruction` apart, `model` for the assistant,
// functionCall / functionResponse parts, consecutive messages of one role merged.
import type { Message } from '../../agent/types';

/** One part as Gemini takes it. */
export type GeminiWirePart =
  | { text: string }
  | {
      functionCall: { name: string; args: Record<string, unknown> };
      thoughtSignature?: string;
    }
  | { functionResponse: { name: string; response: Record<string, unknown> } };

/** One content entry as Gemini takes it. */
export interface GeminiWireContent {
  role: 'user' | 'model';
  parts: GeminiWirePart[];
}

function partsOf(message: Exclude<Message, { role: 'system' }>): GeminiWirePart[] {
  switch (message.role) {
    case 'user':
      return message.content.length > 0 ? [{ text: message.content }] : [];
    case 'assistant': {
      const parts: GeminiWirePart[] = [];
      if (message.content.length > 0) parts.push({ text: message.content });
      for (const call of message.toolCalls ?? []) {
        const signature = call.providerMetadata?.thoughtSignature;
        parts.push({
          functionCall: { name: call.name, args: call.arguments },
          // Gemini 3 refuses a function call sent back without the signature it came with.
          ...(typeof signature === 'string' ? { thoughtSignature: signature } : {}),
        });
      }
      return parts;
    }
    case 'tool':
      return [
        {
          functionResponse: {
            name: message.name,
            response: message.isError ? { error: message.content } : { content: message.content },
          },
        },
      ];
  }
}

/** Converts provider-neutral messages to Gemini's system instruction and contents. */
export function convertGeminiMessages(messages: Message[]): {
  systemInstruction: { parts: { text: string }[] } | undefined;
  contents: GeminiWireContent[];
} {
  const systemParts: string[] = [];
  const contents: GeminiWireContent[] = [];
  for (const message of messages) {
    if (message.role === 'system') {
      systemParts.push(message.content);
      continue;
    }
    const parts = partsOf(message);
    if (parts.length === 0) continue;
    const role = message.role === 'assistant' ? 'model' : 'user';
    const previous = contents[contents.length - 1];
    if (previous && previous.role === role) previous.parts.push(...parts);
    else contents.push({ role, parts });
  }
  return {
    systemInstruction:
      systemParts.length > 0 ? { parts: [{ text: systemParts.join('\n\n') }] } : undefined,
    contents,
  };
}
