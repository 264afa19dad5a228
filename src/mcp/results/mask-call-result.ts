// What the hub masks in a call's result before the model, the timeline or the result store read it: the
// tokens this page sends the server, and every credential the person typed into any server's form (a
// server may echo one back, or pass it to another).
import { FORM_SECRET_MASK, maskServerTokens } from '../sign-in/mask-server-token';
import type { ToolResult } from '../../tools/tool';
import type { HubServerConfig } from '../config/mcp-server-config';
import type { McpConnection } from '../connection/mcp-connection';

/** The tokens this page sends a server: its Authorization header's, and those it signed in for. */
export function serverTokens(
  config: HubServerConfig | undefined,
  signedInTokens: readonly string[],
): string[] {
  const header = Object.entries(config?.headers ?? {}).find(
    ([name]) => name.toLowerCase() === 'authorization',
  )?.[1];
  return [header?.replace(/^\S+\s+/, ''), ...signedInTokens].filter(
    (token): token is string => typeof token === 'string' && token !== '',
  );
}

/** The result with `tokens` masked, and the form credentials of every connection. */
export function maskCallResult(
  result: ToolResult,
  tokens: readonly string[],
  connections: Iterable<McpConnection>,
): ToolResult {
  const formSecrets = [...connections].flatMap((connection) => [...connection.formSecrets]);
  return maskServerTokens(maskServerTokens(result, tokens), formSecrets, FORM_SECRET_MASK);
}
