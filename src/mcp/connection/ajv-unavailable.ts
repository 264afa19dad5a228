// Stands in for the MCP SDK's Ajv validator in the browser build (see scripts/build/vite-plugin-without-ajv.ts).
// Every client and server the app makes is given CfWorkerJsonSchemaValidator, so this is never built;
// if a new one forgets, it fails at once with a message that says what to pass.
import type { jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';

/** Throws on construction: pass `jsonSchemaValidator: new CfWorkerJsonSchemaValidator()` instead. */
export class AjvJsonSchemaValidator {
  constructor() {
    throw new Error(
      'Ajv is not bundled: give this MCP client or server `jsonSchemaValidator: new CfWorkerJsonSchemaValidator()`.',
    );
  }

  /** Never reached: the constructor throws. */
  getValidator: jsonSchemaValidator['getValidator'] = () => {
    throw new Error('Ajv is not bundled.');
  };
}
