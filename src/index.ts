// The library surface: what an embedder (and a test) imports. Add names; never rename them.
export type * from './agent/types';
export type * from './tools/tool';
export { mountApp } from './app/mount-app';
export { Agent } from './agent/run/agent';
export type { AgentLimits, AgentOptions } from './agent/run/agent-options';
export {
  AgentError,
  ConfigurationError,
  InternalError,
  ModelBehaviorError,
  ModelProviderError,
  ToolTimeoutError,
} from './agent/failures/errors';
export type { FaultOwner } from './agent/failures/errors';
export { SessionApprovals } from './agent/run/session-approvals';
export type { SessionApprovalsState } from './agent/run/session-approvals';
export { isRetryableModelError, parseRetryAfter } from './agent/model/retry-policy';
export type { RetryOptions } from './agent/model/retry-policy';
export { describeToolCalls } from './agent/proposal/describe-tool-calls';
export { redactArguments, redactSecrets, redactSql } from './agent/redact/redact';
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
