// The Agent: the persisted conversation and the entry points. The loop itself lives in turn-runner.ts.
import { ToolRegistry } from '../tools/tool-registry';
import { resolveSettings, type AgentOptions, type AgentSettings } from './agent-options';
import { parseAgentSnapshot } from './agent-snapshot';
import { ConversationState } from './conversation-state';
import { ConfigurationError } from './errors';
import { EventChannel } from './event-channel';
import { repairHistory } from './history-repair';
import { turnMessages, type RunContext, type StopCause } from './run-context';
import { SessionApprovals } from './session-approvals';
import { runTurn, type RunStart } from './turn-runner';
import type {
  AgentEvent,
  AgentSnapshot,
  AgentStatus,
  ApprovalGate,
  ChatModel,
  Message,
  PendingTurn,
  TurnHandle,
} from './types';

interface ActiveRun {
  runId: string;
  controller: AbortController;
  stopController: AbortController;
  cause: StopCause | undefined;
}

let runCounter = 0;

/** A conversation with a model that calls tools. One turn runs at a time. */
export class Agent {
  /** The tools the model may call. */
  readonly registry: ToolRegistry;
  /** What the person allowed for this session (auto-approve, allow-list). */
  readonly sessionApprovals: SessionApprovals;
  private prompt: string;
  private model: ChatModel;
  private readonly approvalGate: ApprovalGate | undefined;
  private readonly settings: AgentSettings;
  private readonly state: ConversationState;
  private readonly listeners = new Set<(event: AgentEvent) => void>();
  private readonly warn: (message: string) => void;
  private readonly createRunId: () => string;
  private active: ActiveRun | undefined;

  constructor(options: AgentOptions) {
    this.model = options.model;
    this.registry =
      options.registry ??
      new ToolRegistry({ ...(options.onWarning ? { onWarning: options.onWarning } : {}) });
    this.approvalGate = options.approvalGate;
    this.sessionApprovals = options.sessionApprovals ?? new SessionApprovals();
    this.prompt = options.systemPrompt ?? '';
    this.settings = resolveSettings(options);
    this.warn = options.onWarning ?? (() => {});
    this.createRunId =
      options.createRunId ?? (() => `run-${Date.now().toString(36)}-${(runCounter += 1)}`);
    const restored = options.snapshot ? parseAgentSnapshot(options.snapshot) : undefined;
    this.state = new ConversationState(
      restored ?? { history: options.history ?? [], status: 'idle' },
      this.warn,
    );
    if (restored && restored.status !== 'failed') this.state.status = 'idle';
    if (this.state.pendingTurn?.phase !== 'tool-calls') {
      // Calls left without a result by a closed page, outside a resumable turn, are marked cancelled.
      this.state.history = repairHistory(
        this.state.history,
        'the page was closed before it finished',
      );
    }
    if (options.onStateChange) this.state.onCommit(options.onStateChange);
  }

  /** An Agent that continues from a snapshot written by `onStateChange` (after a reload). */
  static fromSnapshot(
    snapshot: unknown,
    options: Omit<AgentOptions, 'snapshot' | 'history'>,
  ): Agent {
    return new Agent({ ...options, snapshot: parseAgentSnapshot(snapshot) });
  }

  /** Sent first in every round. */
  get systemPrompt(): string {
    return this.prompt;
  }

  /** Uses another model from the next turn on (a running turn keeps its own); the history stays. */
  setModel(model: ChatModel): void {
    this.model = model;
  }

  /** Uses another system prompt from the next turn on (after an upload, a new credential). */
  setSystemPrompt(prompt: string): void {
    this.prompt = prompt;
  }

  /** The persisted conversation (never mutate it). */
  get history(): readonly Message[] {
    return this.state.history;
  }

  /** `idle`, `processing`, `tool_loop` or `failed`. */
  get status(): AgentStatus {
    return this.state.status;
  }

  /** The unfinished turn `resume()` would continue, if any. */
  get pendingTurn(): PendingTurn | undefined {
    return this.state.pendingTurn;
  }

  /** True while a turn runs. */
  get running(): boolean {
    return this.active !== undefined;
  }

  /** The messages the next round would send: system prompt, then the context window of the history. */
  turnMessages(): Message[] {
    return turnMessages(
      this.contextFor(
        {
          runId: 'preview',
          controller: new AbortController(),
          stopController: new AbortController(),
          cause: undefined,
        },
        0,
      ),
    );
  }

  /** Starts a turn with the person's message. Throws ConfigurationError while another turn runs. */
  send(text: string): TurnHandle {
    this.assertIdle('send a message');
    if (this.state.pendingTurn?.phase === 'tool-calls') {
      this.state.history = repairHistory(
        this.state.history,
        'the person sent a new message instead',
      );
    }
    this.state.pendingTurn = undefined;
    return this.start({ kind: 'send', text });
  }

  /** Continues the pending turn: after a checkpoint, a failure, or a reload mid-turn. */
  resume(): TurnHandle {
    this.assertIdle('resume');
    if (!this.state.pendingTurn) {
      throw new ConfigurationError(
        'There is no unfinished turn to resume. Send a message instead.',
      );
    }
    return this.start({ kind: 'resume' });
  }

  /** Stops the running turn: the model stream and every running tool call. Does nothing when idle. */
  abort(): void {
    const active = this.active;
    if (!active || active.cause) return;
    active.cause = 'stop';
    active.stopController.abort('stopped by the user');
  }

  /** Calls `listener` with every event of every turn; returns an unsubscribe function. */
  subscribe(listener: (event: AgentEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Calls `listener` with a snapshot after every step, so storage can write it. */
  onStateChange(listener: (snapshot: AgentSnapshot) => void): () => void {
    return this.state.onCommit(listener);
  }

  /** The persisted state as plain JSON. */
  snapshot(): AgentSnapshot {
    return this.state.snapshot();
  }

  /** Starts a new conversation (optionally from `history`). Throws while a turn runs. */
  reset(history: Message[] = []): void {
    this.assertIdle('start a new conversation');
    this.state.history = [...history];
    this.state.pendingTurn = undefined;
    this.state.error = undefined;
    this.state.status = 'idle';
    this.state.commit();
  }

  private assertIdle(action: string): void {
    if (this.active) {
      throw new ConfigurationError(
        `Cannot ${action} while a turn is running. Wait for it to end, or call abort() first.`,
      );
    }
  }

  private start(start: RunStart): TurnHandle {
    const runId = this.createRunId();
    const stopController = new AbortController();
    const controller = new AbortController();
    const active: ActiveRun = { runId, controller, stopController, cause: undefined };
    stopController.signal.addEventListener(
      'abort',
      () => controller.abort(stopController.signal.reason),
      { once: true },
    );
    const deadlineSeconds = Math.round(this.settings.deadlineMs / 1000);
    const timer = setTimeout(() => {
      if (active.cause) return;
      active.cause = 'deadline';
      controller.abort(`the turn's time limit of ${deadlineSeconds} s was reached`);
    }, this.settings.deadlineMs);
    this.active = active;
    const channel = new EventChannel<AgentEvent>();
    const run = this.contextFor(active, this.settings.now() + this.settings.deadlineMs, (event) => {
      channel.push(event);
      this.publish(event);
    });
    const result = runTurn(run, start).finally(() => {
      clearTimeout(timer);
      if (this.active === active) this.active = undefined;
      channel.close();
    });
    return { runId, events: channel, result };
  }

  private contextFor(
    active: ActiveRun,
    deadlineAt: number,
    emit: (event: AgentEvent) => void = () => {},
  ): RunContext {
    return {
      runId: active.runId,
      settings: this.settings,
      model: this.model,
      registry: this.registry,
      approvalGate: this.approvalGate,
      sessionApprovals: this.sessionApprovals,
      state: this.state,
      systemPrompt: this.prompt,
      signal: active.controller.signal,
      stopSignal: active.stopController.signal,
      deadlineAt,
      stopCause: () => active.cause,
      round: 0,
      emit,
      warn: this.warn,
    };
  }

  private publish(event: AgentEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch (error) {
        this.warn(
          `An event listener failed on ${event.type}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
  }
}
