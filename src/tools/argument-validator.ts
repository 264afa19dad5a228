// Argument validation without eval or new Function, so it runs under the app's strict CSP.
import { Validator, type Schema } from '@cfworker/json-schema';

/** Checks tool arguments against a tool's input schema. */
export interface ArgumentValidator {
  /** The violations, one readable line each; empty when the arguments are valid. */
  violations(args: unknown): string[];
}

/** True when `value` is a plain JSON object (not null, not an array). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Compiles a validator for an input schema. Throws when the schema is not a JSON object describing an
 * object, so the registry can drop the tool with a warning.
 */
export function createArgumentValidator(schema: unknown): ArgumentValidator {
  if (!isJsonObject(schema)) throw new Error('its inputSchema is not a JSON object');
  if (schema.type !== undefined && schema.type !== 'object') {
    throw new Error(`its inputSchema has type ${JSON.stringify(schema.type)}, not "object"`);
  }
  const validator = new Validator(schema as Schema, '2020-12', false);
  return {
    violations(args: unknown): string[] {
      const result = validator.validate(args);
      if (result.valid) return [];
      // Parent keywords ("Property x does not match schema") only repeat their children.
      const leaves = result.errors.filter(
        (error) =>
          !/does not match (schema|additional properties schema)|False boolean/.test(error.error),
      );
      const shown = leaves.length > 0 ? leaves : result.errors;
      const lines = shown.map((error) => {
        const where = error.instanceLocation.replace(/^#/, '') || '/';
        return `${where}: ${error.error}`;
      });
      const additional = result.errors
        .filter((error) => error.keyword === 'false')
        .map((error) => `${error.instanceLocation.replace(/^#/, '')}: unexpected property`);
      return [...new Set([...lines, ...additional])];
    },
  };
}
