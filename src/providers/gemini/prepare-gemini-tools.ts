// Tool specs to Gemini function declarations, each schema converted to the subset Gemini accepts.
import { geminiParameters, type GeminiSchema } from './convert-gemini-schema';
import type { ToolSpec } from '../../tools/tool';

/** A tools entry as Gemini takes it. */
export interface GeminiWireTools {
  functionDeclarations: {
    name: string;
    description: string;
    parameters?: GeminiSchema;
  }[];
}

/** Converts tool specs to one Gemini tools entry. A tool without arguments has no `parameters`. */
export function prepareGeminiTools(tools: ToolSpec[]): GeminiWireTools[] {
  return [
    {
      functionDeclarations: tools.map((tool) => {
        const parameters = geminiParameters(tool.inputSchema);
        return {
          name: tool.name,
          description: tool.description,
          ...(parameters === undefined ? {} : { parameters }),
        };
      }),
    },
  ];
}
