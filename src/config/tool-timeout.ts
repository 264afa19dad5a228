// The one default time limit of a tool call, local or MCP alike: the config's `limits.toolTimeoutMs`,
// and the registry's and the agent's when they are given none (docs/configuration.md, "Limits").

/** A tool call's time limit, in milliseconds, when neither the tool nor the config gives one. */
export const DEFAULT_TOOL_TIMEOUT_MS = 60_000;
