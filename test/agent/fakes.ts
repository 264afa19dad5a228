// Fake tools, gates and options shared by the loop tests.
import { Agent } from '../../src/agent/agent';
import { ToolRegistry } from '../../src/tools/tool-registry';
import type { AgentOptions } from '../../src/agent/agent-options';
import type { RetryOptions } from '../../src/agent/retry-policy';
import type {
  AgentEvent,
  ApprovalDecision,
  ApprovalGate,
  ChatModel,
  ToolProposal,
  TurnHandle,
  TurnResult,
} from '../../src/agent/types';
import type { JsonSchema, Tool, ToolExecutionContext, ToolResult } from '../../src/tools/tool';

type Execute = (
  args: Record<string, unknown>,
  context: ToolExecutionContext,
) => Promise<ToolResult> | ToolResult;

const anyObject: JsonSchema = { type: 'object' };

/** A local tool that records its calls. */
export function localTool(
  name: string,
  execute: Execute = () => ({ content: `${name} done` }),
  inputSchema = anyObject,
): Tool & { calls: Record<string, unknown>[] } {
  const calls: Record<string, unknown>[] = [];
  return {
    name,
    description: `The ${name} tool.`,
    inputSchema,
    origin: { kind: 'local' },
    calls,
    execute: async (args, context) => {
      calls.push(args);
      return execute(args, context);
    },
  };
}

/** An MCP tool of `serverId` that records its calls. */
export function mcpTool(
  serverId: string,
  name: string,
  execute: Execute = () => ({ content: `${name} rows` }),
  inputSchema = anyObject,
): Tool & { calls: Record<string, unknown>[] } {
  return {
    ...localTool(name, execute, inputSchema),
    origin: { kind: 'mcp', serverId, originalName: name },
  };
}

/** The schema of a SQL query tool. */
export const sqlSchema: JsonSchema = {
  type: 'object',
  properties: { sql: { type: 'string', minLength: 1 } },
  required: ['sql'],
  additionalProperties: false,
};

/** A gate that answers with `decide` and remembers the proposals. */
export function scriptedGate(
  decide: (
    proposal: ToolProposal,
    signal: AbortSignal,
  ) => ApprovalDecision[] | Promise<ApprovalDecision[]>,
): ApprovalGate & { proposals: ToolProposal[] } {
  const proposals: ToolProposal[] = [];
  return {
    proposals,
    decide: async (proposal, signal) => {
      proposals.push(proposal);
      return decide(proposal, signal);
    },
  };
}

/** A gate that never answers until the signal aborts. */
export const pendingGate: ApprovalGate & { proposals: ToolProposal[] } = scriptedGate(
  (_proposal, signal) =>
    new Promise((_resolve, reject) =>
      signal.addEventListener('abort', () => reject(signal.reason)),
    ),
);

/** Retry options that never wait, recording each requested delay. */
export function instantRetry(overrides: RetryOptions = {}): RetryOptions & { sleeps: number[] } {
  const sleeps: number[] = [];
  return {
    baseDelayMs: 1000,
    random: () => 0.5,
    ...overrides,
    sleeps,
    sleep: async (ms) => void sleeps.push(ms),
  };
}

/** An agent over `model` with the given tools, instant retries and silent warnings. */
export function createAgent(
  model: ChatModel,
  tools: Tool[] = [],
  options: Partial<AgentOptions> = {},
): Agent {
  const registry = options.registry ?? new ToolRegistry();
  for (const tool of tools) {
    if (tool.origin.kind === 'local') registry.register(tool);
  }
  const byServer = new Map<string, Tool[]>();
  for (const tool of tools) {
    if (tool.origin.kind === 'mcp')
      byServer.set(tool.origin.serverId, [...(byServer.get(tool.origin.serverId) ?? []), tool]);
  }
  for (const [serverId, serverTools] of byServer) registry.setServerTools(serverId, serverTools);
  return new Agent({
    model,
    registry,
    systemPrompt: 'You are Mapwright.',
    retry: instantRetry(),
    ...options,
  });
}

/** Reads a turn's events to the end, with its result. */
export async function finish(
  handle: TurnHandle,
): Promise<{ events: AgentEvent[]; result: TurnResult }> {
  const events: AgentEvent[] = [];
  for await (const event of handle.events) events.push(event);
  return { events, result: await handle.result };
}

/** The events of one type. */
export function ofType<T extends AgentEvent['type']>(
  events: AgentEvent[],
  type: T,
): Extract<AgentEvent, { type: T }>[] {
  return events.filter((event): event is Extract<AgentEvent, { type: T }> => event.type === type);
}

/** Resolves after `ms` milliseconds, or rejects when `signal` aborts. */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new Error('aborted'));
    });
  });
}
