// MCP tools whose input schema the agent cannot use are dropped before they reach the registry.
import { Validator } from '@cfworker/json-schema';
import { errorMessage } from '../../errors/error-message';
import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';

/** Why a tool's input schema is unusable, or undefined when it is fine. */
export function invalidSchemaReason(tool: McpTool): string | undefined {
  const schema = tool.inputSchema as Record<string, unknown> | undefined;
  if (!schema || typeof schema !== 'object') return 'it has no inputSchema object';
  if (schema.type !== 'object')
    return `its inputSchema type is ${JSON.stringify(schema.type)}, not "object"`;
  const properties = schema.properties;
  if (properties !== undefined) {
    if (!properties || typeof properties !== 'object' || Array.isArray(properties)) {
      return 'its inputSchema properties is not an object';
    }
    for (const [name, property] of Object.entries(properties)) {
      if (typeof property !== 'object' && typeof property !== 'boolean') {
        return `property "${name}" has no schema`;
      }
    }
  }
  const required = schema.required;
  if (
    required !== undefined &&
    !(Array.isArray(required) && required.every((item) => typeof item === 'string'))
  ) {
    return 'its inputSchema required is not a list of names';
  }
  try {
    new Validator(schema as never).validate({});
  } catch (error) {
    return `its inputSchema cannot be compiled (${errorMessage(error)})`;
  }
  return undefined;
}
