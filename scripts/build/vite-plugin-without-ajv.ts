// The MCP SDK's client and server import their Ajv validator statically, as the default when no
// validator is given. Mapwright always gives CfWorkerJsonSchemaValidator (no eval, CSP-safe), so Ajv,
// ajv-formats and fast-uri would ship unused: about 215 KB of the data chunk. This plugin swaps the SDK's
// Ajv module for one that fails loudly if anything ever reaches for it.
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const replacement = fileURLToPath(
  new URL('../../src/mcp/connection/ajv-unavailable.ts', import.meta.url),
);

/** Resolves the MCP SDK's `validation/ajv-provider.js` to a module without Ajv. */
export function withoutAjvPlugin(): Plugin {
  return {
    name: 'mapwright-without-ajv',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer || !/[\\/]@modelcontextprotocol[\\/]sdk[\\/]/.test(importer)) return null;
      return /(?:^|\/)validation\/ajv-provider(?:\.js)?$/.test(source) ? replacement : null;
    },
  };
}
