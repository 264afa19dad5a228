// How the app registers with an MCP server's authorization server: as a public client (no secret, PKCE
// instead) that signs in with a code and refreshes its token. The page and the bridge differ only in
// their name and where the code comes back to.
import type { OAuthClientMetadata } from '@modelcontextprotocol/sdk/shared/auth.js';

/** The client metadata of a public client named `name` whose redirect is `redirectUrl`. */
export function publicClientMetadata(name: string, redirectUrl: string): OAuthClientMetadata {
  return {
    client_name: name,
    redirect_uris: [redirectUrl],
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    token_endpoint_auth_method: 'none',
  };
}
