// Tool-call arguments arrive as JSON text that weak models often get slightly wrong: parse, then repair.
import { jsonrepair } from 'jsonrepair';

/** Parsed arguments, or `{}` and a message naming the problem for the model to fix. */
export interface ParsedArguments {
  arguments: Record<string, unknown>;
  argumentsError?: string;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Parses JSON text, repairing it (quotes, trailing commas, missing braces) when it is malformed. */
export function parseJsonLenient(text: string): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (parseError) {
    try {
      return { value: JSON.parse(jsonrepair(text)) as unknown };
    } catch {
      return { error: (parseError as Error).message };
    }
  }
}

/**
 * Turns a call's raw arguments (JSON text, or an object already) into an object. An empty string means
 * no arguments. A JSON string holding JSON (double-encoded arguments) is decoded once more.
 */
export function parseToolArguments(toolName: string, raw: unknown): ParsedArguments {
  if (raw === undefined || raw === null) return { arguments: {} };
  if (isPlainObject(raw)) return { arguments: raw };
  if (typeof raw !== 'string') {
    return {
      arguments: {},
      argumentsError: `The arguments for ${toolName} must be a JSON object, not ${Array.isArray(raw) ? 'an array' : typeof raw}. Call the tool again with an object.`,
    };
  }
  if (raw.trim() === '') return { arguments: {} };
  const parsed = parseJsonLenient(raw);
  if ('error' in parsed) {
    return {
      arguments: {},
      argumentsError: `The arguments for ${toolName} are not valid JSON and could not be repaired (${parsed.error}). Call the tool again with a valid JSON object.`,
    };
  }
  if (typeof parsed.value === 'string') return parseToolArguments(toolName, parsed.value);
  return parseToolArguments(toolName, parsed.value ?? {});
}
