// The bridge's word to the page that the server behind it is down: a JSON-RPC error code of its own, so
// the page can tell "the bridge answered, the bridged server did not" from an error of the tool.

/**
 * The JSON-RPC error code the bridge answers with while the server it bridges cannot be reached (in the
 * range JSON-RPC leaves to servers, apart from the codes the MCP SDK uses).
 */
export const UPSTREAM_UNREACHABLE_CODE = -32090;

/** True for an error the bridge sent because the server behind it is down. */
export function isUpstreamUnreachable(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === UPSTREAM_UNREACHABLE_CODE;
}

/** True for the bridge's word that it waits for the person to sign in to the server behind it. */
export function isWaitingForSignIn(error: unknown): boolean {
  const data = (error as { data?: unknown } | null)?.data;
  return isUpstreamUnreachable(error) && (data as { signIn?: unknown } | null)?.signIn === true;
}
