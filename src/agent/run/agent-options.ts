// The Agent's options and their defaults. Limits are clamped here so the loop can trust them.
import { DEFAULT_CONTENT_BUDGET } from '../../tools/bound-content';
import { DEFAULT_TOOL_TIMEOUT_MS } from '../../tools/tool-registry';
import { resolveRetryOptions, type RetryOptions } from '../model/retry-policy';
import { EXPLANATION_TIMEOUT_MS } from '../proposal/explain-proposal';
import type { ToolRegistry } from '../../tools/tool-registry';
import type { ContextWindowPolicy } from '../context/context-window';
import type { ChatModel } from '../types';
import type { SessionApprovals } from './session-approvals';

/** Limits of one turn. */
export interface AgentLimits {
  /** Model rounds per turn before a checkpoint; default 10, clamped to 1..50. */
  maxRounds?: number;
  /** Wall-clock time per turn in milliseconds; default 120 000. */
  deadlineMs?: number;
  /** Per tool call, when the tool sets none; default 30 000. */
  toolTimeoutMs?: number;
  /** Characters of each tool result the model reads; default 8 000. */
  toolResultChars?: number;
  /** Turns sent whole (older turns are sent as text only); default 3. */
  recentTurns?: number;
  /**
   * Estimated tokens one round may send (system prompt, history, tool list); the oldest turns are left
   * out past it. Default: no budget.
   */
  contextTokens?: number;
  /**
   * Time allowed for a summary call (the progress summary at a checkpoint, the summary of turns that no
   * longer fit the context), within what is left of the turn; default 20 000.
   */
  summaryTimeoutMs?: number;
  /** Time the approval card waits for a quick explanation (`explainProposals`); default 8 000. */
  explainTimeoutMs?: number;
}

/** Options of `new Agent(options)`. */
export interface AgentOptions {
  model: ChatModel;
  /** The tools; an empty registry when absent. */
  registry?: ToolRegistry;
  /** Sent first in every round; keep it byte-stable (no dates) so providers can cache it. */
  systemPrompt?: string;
  limits?: AgentLimits;
  retry?: RetryOptions;
  /** Shared session approvals; a fresh set when absent. */
  sessionApprovals?: SessionApprovals;
  /**
   * After each batch of tool results, end the round's messages with a short note asking the model to say
   * what a call that needs approval will do. Sent only, never stored. Default false.
   */
  approvalReminder?: boolean;
  /**
   * When calls that need approval come with no words for the person, ask the same model once more, in a
   * short request without tools, what they do and why; the card shows the answer. Default false.
   */
  explainProposals?: boolean;
  /**
   * When turns no longer fit the context budget, have the model summarise them (one short call, kept in
   * the state and reused) instead of only leaving them out. Default true.
   */
  contextSummaries?: boolean;
  /** Receives diagnostics (a listener that threw, decisions that did not match). Silent by default. */
  onWarning?: (message: string) => void;
  /** Clock in milliseconds; injectable for tests. */
  now?: () => number;
  /** Run ids; injectable for tests. */
  createRunId?: () => string;
}

/** The settings the loop reads, defaults applied. */
export interface AgentSettings {
  maxRounds: number;
  deadlineMs: number;
  toolTimeoutMs: number;
  toolResultChars: number;
  summaryTimeoutMs: number;
  context: ContextWindowPolicy;
  retry: Required<RetryOptions>;
  approvalReminder: boolean;
  explainProposals: boolean;
  explainTimeoutMs: number;
  contextSummaries: boolean;
  now: () => number;
}

/** Fills in defaults and clamps limits. */
export function resolveSettings(options: AgentOptions): AgentSettings {
  const limits = options.limits ?? {};
  const toolResultChars = positive(limits.toolResultChars, DEFAULT_CONTENT_BUDGET);
  return {
    maxRounds: Math.min(50, Math.max(1, Math.floor(limits.maxRounds ?? 10))),
    deadlineMs: positive(limits.deadlineMs, 120_000),
    toolTimeoutMs: positive(limits.toolTimeoutMs, DEFAULT_TOOL_TIMEOUT_MS),
    toolResultChars,
    summaryTimeoutMs: positive(limits.summaryTimeoutMs, 20_000),
    context: {
      recentTurns: Math.max(1, Math.floor(limits.recentTurns ?? 3)),
      toolResultChars,
      ...(limits.contextTokens !== undefined && limits.contextTokens > 0
        ? { budgetTokens: Math.floor(limits.contextTokens) }
        : {}),
    },
    retry: resolveRetryOptions(options.retry),
    approvalReminder: options.approvalReminder ?? false,
    explainProposals: options.explainProposals ?? false,
    explainTimeoutMs: positive(limits.explainTimeoutMs, EXPLANATION_TIMEOUT_MS),
    contextSummaries: options.contextSummaries ?? true,
    now: options.now ?? Date.now,
  };
}

/** `settings` with another context budget (none when `contextTokens` is not above 0). */
export function withContextTokens(settings: AgentSettings, contextTokens: number): AgentSettings {
  const { budgetTokens: _old, ...context } = settings.context;
  return {
    ...settings,
    context: {
      ...context,
      ...(contextTokens > 0 ? { budgetTokens: Math.floor(contextTokens) } : {}),
    },
  };
}

function positive(value: number | undefined, fallback: number): number {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : fallback;
}
