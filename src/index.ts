// The library surface: what an embedder (and a test) imports. Add names; never rename them.
export type * from './agent/types';
export type * from './tools/tool';
export { mountApp } from './app/mount-app';
export { Agent } from './agent/agent';
export type { AgentLimits, AgentOptions } from './agent/agent-options';
export {
  AgentError,
  ConfigurationError,
  InternalError,
  ModelBehaviorError,
  ModelProviderError,
  ToolTimeoutError,
} from './agent/errors';
export type { FaultOwner } from './agent/errors';
export { SessionApprovals } from './agent/session-approvals';
export type { SessionApprovalsState } from './agent/session-approvals';
export { isRetryableModelError, parseRetryAfter } from './agent/retry-policy';
export type { RetryOptions } from './agent/retry-policy';
export { describeToolCalls } from './agent/describe-tool-calls';
export { redactArguments, redactSecrets, redactSql } from './agent/redact';
export { ToolRegistry } from './tools/tool-registry';
export { McpHub } from './mcp/mcp-hub';
export type { McpHubOptions } from './mcp/mcp-hub';
export type { ToolExecuteOptions, ToolExecution, ToolRegistryOptions } from './tools/tool-registry';
export type { DataCredential } from './tools/credential-placeholders';
export { createScriptedModel } from './testing/scripted-model';
export type {
  ScriptedEvent,
  ScriptedModel,
  ScriptedStep,
  ScriptedToolCall,
} from './testing/scripted-model';
export { createOpenAICompatibleModel } from './providers/openai-compatible/openai-compatible-model';
export type { OpenAICompatibleModelOptions } from './providers/openai-compatible/openai-compatible-model';
export { createAnthropicModel } from './providers/anthropic/anthropic-model';
export type { AnthropicModelOptions } from './providers/anthropic/anthropic-model';
export { createGeminiModel } from './providers/gemini/gemini-model';
export type { GeminiModelOptions } from './providers/gemini/gemini-model';
export { ProviderError } from './providers/provider-error';
export type { ProviderName } from './providers/provider-error';
export type { FetchFunction, ProviderModelOptions, ToolMode } from './providers/provider-options';
