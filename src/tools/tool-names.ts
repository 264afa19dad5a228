// Tool names the providers accept: ^[a-zA-Z0-9_-]{1,64}$ (OpenAI, Anthropic and Gemini agree on it).

/** The separator between a server id and a tool name in a namespaced tool name. */
export const NAMESPACE_SEPARATOR = '__';

const MAX_LENGTH = 64;

/** Replaces characters providers refuse and keeps the name within 64 characters. */
export function sanitizeToolName(name: string): string {
  const cleaned = name.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, MAX_LENGTH);
  return cleaned.length > 0 ? cleaned : 'tool';
}

/** `serverId__name`, both parts sanitised, within 64 characters (the server id is shortened first). */
export function namespacedToolName(serverId: string, name: string): string {
  const tool = sanitizeToolName(name);
  const room = MAX_LENGTH - NAMESPACE_SEPARATOR.length - tool.length;
  const server = sanitizeToolName(serverId).slice(0, Math.max(1, room));
  return sanitizeToolName(`${server}${NAMESPACE_SEPARATOR}${tool}`);
}

/**
 * Splits `serverId__name` at its first separator from `from` on; undefined when there is none. Pass
 * `from` past a previous split to try the next one (a server id may contain the separator too).
 */
export function parseNamespacedToolName(
  name: string,
  from = 0,
): { serverId: string; toolName: string } | undefined {
  const index = name.indexOf(NAMESPACE_SEPARATOR, from);
  if (index <= 0) return undefined;
  const toolName = name.slice(index + NAMESPACE_SEPARATOR.length);
  return toolName.length > 0 ? { serverId: name.slice(0, index), toolName } : undefined;
}
