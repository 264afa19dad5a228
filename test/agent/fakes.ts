// Fake tools, gates and options shared by the loop tests.
import { stopWaitingTurn } from '../../src/agent/history/stop-waiting-turn';
import { Agent } from '../../src/agent/run/agent';
import { EventChannel } from '../../src/agent/run/event-channel';
import { ToolRegistry } from '../../src/tools/tool-registry';
import type { RetryOptions } from '../../src/agent/model/retry-policy';
import type { AgentOptions } from '../../src/agent/run/agent-options';
import type {
  AgentEvent,
  AgentState,
  ApprovalAnswer,
  ApprovalDecision,
  ChatModel,
  Interruption,
  WaitingApproval,
  Message,
  PendingTurn,
  RunInput,
  ToolCall,
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

/** Decides proposals in tests, as the person does on the card. */
export interface ApprovalGate {
  /** Resolves with one decision per call, in the proposal's call order; rejects when `signal` aborts. */
  decide(proposal: ToolProposal, signal: AbortSignal): Promise<ApprovalDecision[]>;
}

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

/** What `createAgent` takes besides the Agent's own options. */
export interface HarnessOptions extends Partial<AgentOptions> {
  /** Answers each interruption, so a turn runs to its end as the person on the card would let it. */
  approvalGate?: ApprovalGate;
  /** The state to start from (a stored document's agent part). */
  state?: AgentState;
  /** The interruption the stored state waits on, as the document keeps it. */
  approval?: WaitingApproval;
  /** The conversation so far (ignored when `state` is given). */
  history?: Message[];
  /** Called with every state a run commits, as the conversation document takes it. */
  onState?: (state: AgentState) => void;
}

/**
 * An Agent and the state it runs over, kept between runs as the conversation document keeps it in the
 * app. With a gate, an interruption is answered and the turn resumed, so one handle spans the turn.
 */
export class AgentHarness {
  state: AgentState;
  /** The interruption waiting for the gate, if any. */
  waiting: Interruption | undefined;
  /** The last run's interruption, as the document keeps it until its calls have results. */
  approval: WaitingApproval | undefined;
  private gateController: AbortController | undefined;

  constructor(
    readonly agent: Agent,
    private readonly options: HarnessOptions = {},
  ) {
    this.state = options.state ?? { history: options.history ?? [], status: 'idle' };
    this.approval = options.approval;
  }

  /** The history the next run starts from. */
  get history(): readonly Message[] {
    return this.state.history;
  }

  /** The stored status. */
  get status(): AgentState['status'] {
    return this.state.status;
  }

  /** The stored pending turn. */
  get pendingTurn(): PendingTurn | undefined {
    return this.state.pendingTurn;
  }

  /** A plain JSON copy of the state, as storage would write it. */
  snapshot(): AgentState {
    return structuredClone(this.state);
  }

  /** The messages the next round would send. */
  turnMessages(): Message[] {
    return this.agent.turnMessages(this.state);
  }

  /** Starts a turn with the person's message (and, for Run again, the first round's calls). */
  send(text: string, calls?: ToolCall[]): TurnHandle {
    const handle = this.agent.send(this.input(), text, calls);
    this.approval = undefined;
    return this.drive(handle);
  }

  /**
   * Continues the pending turn; with the person's answer, the interruption it answers is the waiting
   * approval the run resumes from, as the document's pending approval is in the app.
   */
  resume(answer?: ApprovalAnswer): TurnHandle {
    if (answer) this.approval = { ...answer.interruption, decisions: answer.decisions };
    return this.drive(this.agent.resume(this.input()));
  }

  /** Stops the active run, or the turn waiting for the gate. */
  abort(): void {
    this.agent.abort();
    this.gateController?.abort('stopped by the user');
  }

  /** Every event of every run. */
  subscribe(listener: (event: AgentEvent) => void): () => void {
    return this.agent.subscribe(listener);
  }

  private input(): RunInput {
    return {
      state: this.state,
      ...(this.approval ? { approval: this.approval } : {}),
      commit: (state) => {
        this.state = state;
        this.options.onState?.(state);
      },
    };
  }

  private drive(first: TurnHandle): TurnHandle {
    const channel = new EventChannel<AgentEvent>();
    const gate = this.options.approvalGate;
    const result = (async (): Promise<TurnResult> => {
      let handle = first;
      for (;;) {
        for await (const event of handle.events) channel.push(event);
        const settled = await handle.result;
        const interruption = settled.interruption;
        this.approval = settled.outcome === 'interrupted' ? interruption : undefined;
        if (settled.outcome !== 'interrupted' || !interruption || !gate) return settled;
        this.waiting = interruption;
        const controller = new AbortController();
        this.gateController = controller;
        let decisions: ApprovalDecision[];
        try {
          decisions = await gate.decide(interruption.proposal, controller.signal);
        } catch {
          // Stopped while the card waited: the state ends as the chat's Stop leaves it.
          this.state = stopWaitingTurn(this.state);
          this.approval = undefined;
          this.options.onState?.(this.state);
          return { ...settled, outcome: 'aborted', finishReason: 'other' };
        } finally {
          this.waiting = undefined;
          this.gateController = undefined;
        }
        this.approval = { ...interruption, decisions };
        handle = this.agent.resume(this.input());
      }
    })().finally(() => channel.close());
    return { runId: first.runId, events: channel, result };
  }
}

/** An agent over `model` with the given tools, instant retries and silent warnings. */
export function createAgent(
  model: ChatModel,
  tools: Tool[] = [],
  options: HarnessOptions = {},
): AgentHarness {
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
  const {
    approvalGate: _gate,
    approval: _approval,
    state: _state,
    history: _history,
    onState: _onState,
    ...agent
  } = options;
  return new AgentHarness(
    new Agent({
      model,
      systemPrompt: 'You are Mapwright.',
      retry: instantRetry(),
      ...agent,
      registry,
    }),
    options,
  );
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
