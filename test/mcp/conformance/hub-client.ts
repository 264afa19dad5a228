// The conformance framework runs this with the scenario server's URL: the hub connects, lists the tools,
// calls each one with arguments made from its schema, and disconnects. Exit code 1 on any failure.
import { elicitationDefaults, elicitationProblems, McpHub } from '../../../src/mcp';
import { ToolRegistry } from '../../../src/tools/tool-registry';
import { MemoryStorage } from '../../memory-storage';
import type { Tool } from '../../../src/tools/tool';

function sampleArguments(tool: Tool): Record<string, unknown> {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, { type?: string }>;
  const args: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(properties)) {
    args[name] =
      schema.type === 'number' || schema.type === 'integer'
        ? 2
        : schema.type === 'boolean'
          ? true
          : schema.type === 'array'
            ? []
            : schema.type === 'object'
              ? {}
              : 'conformance';
  }
  return args;
}

const url = process.argv.at(-1);
if (!url?.startsWith('http')) {
  console.error('Usage: hub-client.ts <server-url>');
  process.exit(2);
}
const registry = new ToolRegistry();
// The page's OAuth client, with storage in memory and a callback URL nobody loads: the scenario's
// authorization server approves at once, so the code is read from its redirect instead of a popup.
const hub = new McpHub({
  registry,
  // The person accepts the form as it opens (its defaults), once it passes the schema check.
  onElicitation: (request) => {
    const content = elicitationDefaults(request.schema);
    return Promise.resolve(
      elicitationProblems(request.schema, content).length === 0
        ? { action: 'accept', content }
        : { action: 'cancel' },
    );
  },
  retry: { attempts: 1 },
  oauth: {
    baseUrl: 'http://localhost:3000/',
    sessionStorage: new MemoryStorage(),
    localStorage: new MemoryStorage(),
  },
});
// A scenario with a client registered beforehand passes its credentials in the context.
const context = JSON.parse(process.env.MCP_CONFORMANCE_CONTEXT ?? '{}') as {
  client_id?: string;
  client_secret?: string;
};
// The client ID metadata document a publisher would host, at the address the basic-cimd scenario's
// authorization server expects; servers that do not advertise client_id_metadata_document_supported
// never see it (the client registers dynamically there).
hub.addServer({
  id: 'conformance',
  url,
  transport: 'streamable-http',
  oauthClientMetadataUrl: 'https://conformance-test.local/client-metadata.json',
  ...(context.client_id
    ? {
        oauthClient: {
          clientId: context.client_id,
          ...(context.client_secret ? { clientSecret: context.client_secret } : {}),
        },
      }
    : {}),
});
await hub.connect('conformance');

/** Signs in as the person would: the authorization server approves at once and redirects back. */
async function signInIfAsked(): Promise<boolean> {
  const signInUrl = hub.servers()[0]?.signIn?.url;
  if (!signInUrl) return false;
  const approved = await fetch(signInUrl, { redirect: 'manual' });
  const location = approved.headers.get('location');
  const back = location ? new URL(location, signInUrl).searchParams : new URLSearchParams();
  await hub.completeSignIn({
    type: 'mapwright-oauth-callback',
    ...(back.get('code') ? { code: back.get('code')! } : {}),
    ...(back.get('state') ? { state: back.get('state')! } : {}),
    ...(back.get('error') ? { error: back.get('error')! } : {}),
  });
  return true;
}
await signInIfAsked();
const state = hub.servers()[0];
if (state?.status !== 'connected') {
  console.error(`not connected: ${state?.lastError ?? state?.status}`);
  process.exit(1);
}
let failed = false;
for (const tool of registry.list()) {
  const call = () =>
    registry.execute(
      { id: tool.name, name: tool.name, arguments: sampleArguments(tool) },
      { signal: new AbortController().signal, timeoutMs: 20_000 },
    );
  let result = await call();
  // A call that needs more access asks the person to sign in again; then it is asked again.
  if (result.isError && (await signInIfAsked())) result = await call();
  console.error(`${tool.name}: ${result.isError ? 'error' : 'ok'} ${result.content.slice(0, 200)}`);
  if (result.isError) failed = true;
}
await hub.close();
process.exit(failed ? 1 : 0);
