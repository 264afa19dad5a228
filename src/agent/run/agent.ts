// The Agent: configuration (model, tools, limits) and the entry points of a run. It keeps no
// conversation: each run starts from the state it is given and hands every step back through `commit`.
// The loop itself lives in turn-runner.ts.
import { errorMessage } from '../../errors/error-message';
import { ToolRegistry } from '../../tools/tool-registry';
import { ConfigurationError } from '../failures/errors';
import { repairHistory } from '../history/history-repair';
import {
  resolveSettings,
  withContextTokens,
  type AgentOptions,
  type AgentSettings,
} from './agent-options';
import { EventChannel } from './event-channel';
import { turnMessages, type RunContext, type StopCause } from './run-context';
import { RunState } from './run-state';
import { SessionApprovals } from './session-approvals';
import { runTurn, type RunStart } from './turn-runner';
import type {
  AgentEvent,
  AgentState,
  ApprovalAnswer,
  Interruption,
  ChatModel,
  Message,
  RunInput,
  ToolCall,
  TurnHandle,
} from '../types';

interface ActiveRun {
  runId: string;
  controller: AbortController;
  stopController: AbortController;
  cause: StopCause | undefined;
}

let runCounter = 0;

/** Runs turns of a conversation with a model that calls tools. One run at a time. */
export class Agent {
  /** The tools the model may call. */
  readonly registry: ToolRegistry;
  /** What the person allowed for this session (auto-approve, allow-list). */
  readonly sessionApprovals: SessionApprovals;
  private prompt: string;
  private model: ChatModel;
  private settings: AgentSettings;
  private readonly listeners = new Set<(event: AgentEvent) => void>();
  private readonly warn: (message: string) => void;
  private readonly createRunId: () => string;
  private active: ActiveRun | undefined;

  constructor(options: AgentOptions) {
    this.model = options.model;
    this.registry =
      options.registry ??
      new ToolRegistry({ ...(options.onWarning ? { onWarning: options.onWarning } : {}) });
    this.sessionApprovals = options.sessionApprovals ?? new SessionApprovals();
    this.prompt = options.systemPrompt ?? '';
    this.settings = resolveSettings(options);
    this.warn = options.onWarning ?? (() => {});
    this.createRunId =
      options.createRunId ?? (() => `run-${Date.now().toString(36)}-${(runCounter += 1)}`);
  }

  /** Sent first in every round. */
  get systemPrompt(): string {
    return this.prompt;
  }

  /**
   * Uses another model from the next run on (a running one keeps its own), with `contextTokens` as the
   * context budget when given, since the window is the model's: a small local model's is not Claude's.
   */
  setModel(model: ChatModel, contextTokens?: number): void {
    this.model = model;
    if (contextTokens !== undefined) this.setContextTokens(contextTokens);
  }

  /** The context budget from the next run on (the model's window became known); 0 or less: none. */
  setContextTokens(contextTokens: number): void {
    this.settings = withContextTokens(this.settings, contextTokens);
  }

  /** The estimated tokens one round may send, or undefined with no budget. */
  get contextTokens(): number | undefined {
    return this.settings.context.budgetTokens;
  }

  /** Uses another system prompt from the next run on (after an upload, a new credential). */
  setSystemPrompt(prompt: string): void {
    this.prompt = prompt;
  }

  /** True while a run is active (never while an interruption waits for the person). */
  get running(): boolean {
    return this.active !== undefined;
  }

  /** The messages the next round would send over `state`: system prompt, then its context window. */
  turnMessages(state: AgentState): Message[] {
    const preview: ActiveRun = {
      runId: 'preview',
      controller: new AbortController(),
      stopController: new AbortController(),
      cause: undefined,
    };
    return turnMessages(this.contextFor(preview, { state, commit: () => {} }, 0, 0));
  }

  /**
   * Starts a turn with the person's message over `input.state`. Calls left waiting (an unanswered card,
   * calls a closed page left) are marked cancelled first. `calls` (Run again) are the first round's, made
   * without the model. Throws ConfigurationError while a run is active.
   */
  send(input: RunInput, text: string, calls?: ToolCall[]): TurnHandle {
    this.assertIdle('send a message');
    const phase = input.state.pendingTurn?.phase;
    const { pendingTurn: _pending, ...rest } = input.state;
    const { approval, ...runInput } = input;
    const history =
      phase === 'tool-calls' || approval
        ? repairHistory(rest.history, 'the person sent a new message instead')
        : rest.history;
    return this.start(
      { ...runInput, state: { ...rest, history } },
      { kind: 'send', text, ...(calls ? { calls } : {}) },
      0,
    );
  }

  /**
   * Continues the turn of `input`: after a checkpoint, a failure, or a reload; or, when it waits for the
   * person, once `input.approval` holds their decisions, with the time and rounds the turn had left when
   * it stopped to ask. The one path whether the page stayed open, was reloaded, or another tab decided.
   */
  resume(input: RunInput): TurnHandle {
    this.assertIdle('resume');
    const { approval } = input;
    if (approval) {
      const { decisions, proposal, askedAt, elapsedMs, rounds } = approval;
      const interruption: Interruption = { proposal, askedAt, elapsedMs, rounds };
      if (!decisions) {
        throw new ConfigurationError(
          'This turn waits for the person’s decision on its tool calls. Resume it once they decided.',
        );
      }
      // The run that applies the person's decisions goes on with the turn's run id: the record names one
      // run per turn however many cards it asked.
      const answer: ApprovalAnswer = { interruption, decisions };
      return this.start(
        input,
        { kind: 'decided', answer },
        interruption.elapsedMs,
        interruption.proposal.runId || undefined,
      );
    }
    const pending = input.state.pendingTurn;
    if (!pending) {
      throw new ConfigurationError(
        'There is no unfinished turn to resume. Send a message instead.',
      );
    }
    // Calls a closed page left running never run again without a fresh approval: they are cancelled.
    const state: AgentState =
      pending.phase === 'tool-calls'
        ? {
            ...input.state,
            history: repairHistory(input.state.history, 'the page was closed before it finished'),
          }
        : input.state;
    return this.start({ ...input, state }, { kind: 'resume' }, 0);
  }

  /** Stops the active run: the model stream and every running tool call. Does nothing when idle. */
  abort(): void {
    const active = this.active;
    if (!active || active.cause) return;
    active.cause = 'stop';
    active.stopController.abort('stopped by the user');
  }

  /** Calls `listener` with every event of every run; returns an unsubscribe function. */
  subscribe(listener: (event: AgentEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private assertIdle(action: string): void {
    if (this.active) {
      throw new ConfigurationError(
        `Cannot ${action} while a turn is running. Wait for it to end, or call abort() first.`,
      );
    }
  }

  private start(
    input: RunInput,
    start: RunStart,
    elapsedBefore: number,
    continuedRunId?: string,
  ): TurnHandle {
    const runId = continuedRunId ?? this.createRunId();
    const stopController = new AbortController();
    const controller = new AbortController();
    const active: ActiveRun = { runId, controller, stopController, cause: undefined };
    stopController.signal.addEventListener(
      'abort',
      () => controller.abort(stopController.signal.reason),
      { once: true },
    );
    const deadlineSeconds = Math.round(this.settings.deadlineMs / 1000);
    // The turn's time limit counts only the time its runs took, never a wait for the person.
    const remainingMs = Math.max(0, this.settings.deadlineMs - elapsedBefore);
    const timer = setTimeout(() => {
      if (active.cause) return;
      active.cause = 'deadline';
      controller.abort(`the turn's time limit of ${deadlineSeconds} s was reached`);
    }, remainingMs);
    this.active = active;
    const channel = new EventChannel<AgentEvent>();
    const run = this.contextFor(
      active,
      input,
      this.settings.now() + remainingMs,
      elapsedBefore,
      (event) => {
        channel.push(event);
        this.publish(event);
      },
    );
    const result = runTurn(run, start).finally(() => {
      clearTimeout(timer);
      if (this.active === active) this.active = undefined;
      channel.close();
    });
    return { runId, events: channel, result };
  }

  private contextFor(
    active: ActiveRun,
    input: RunInput,
    deadlineAt: number,
    elapsedBefore: number,
    emit: (event: AgentEvent) => void = () => {},
  ): RunContext {
    return {
      runId: active.runId,
      settings: this.settings,
      model: this.model,
      registry: this.registry,
      sessionApprovals: this.sessionApprovals,
      state: new RunState(input.state, input.commit, this.warn),
      systemPrompt: this.prompt,
      signal: active.controller.signal,
      stopSignal: active.stopController.signal,
      deadlineAt,
      startedAt: this.settings.now(),
      elapsedBefore,
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
        this.warn(`An event listener failed on ${event.type}: ${errorMessage(error)}`);
      }
    }
  }
}
