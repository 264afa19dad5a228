// The MCP layer's surface: the hub, server configs, and the SQL server shared by both back ends.
export { McpHub, type McpHubOptions, type ToolSink } from './mcp-hub';
export type { PersonToolPolicy, UnaskedTool } from './tools/person-tool-policies';
export { McpSessionLostError, type RetryPolicy } from './connection/mcp-connection';
export type {
  ApprovalPolicy,
  McpServerConfig,
  McpServerState,
  McpServerStatus,
  McpStatusEvent,
  McpToolInfo,
  HubServerConfig,
  HubTransportKind,
} from './config/mcp-server-config';
export type { EmbeddedServerFactory } from './connection/mcp-transport';
export type {
  ElicitationAnswer,
  ElicitationHandler,
  ElicitationRequest,
} from './forms/elicitation-request';
export {
  elicitationDefaults,
  elicitationFields,
  elicitationProblems,
  fieldValueFromText,
  type ElicitationField,
  type ElicitationSchema,
  type ElicitationValue,
} from './forms/elicitation-form';
export { toToolResult, type McpResultData } from './results/mcp-result';
export { wakeOnReturn, type ReturnSignals } from './connection/wake-on-return';
export { createSqlServer, type SqlServerOptions } from './sql-server/create-sql-server';
