// Everything one run of the loop needs, passed to each step instead of a class with many jobs.
import { compactToolSpecs } from '../context/compact-tool-specs';
import { fitTurnMessages, type FittedMessages } from '../context/context-window';
import { isSmallContext } from '../context/small-context';
import { estimateTokens } from '../context/token-estimate';
import type { ToolSpec } from '../../tools/tool';
import type { ToolRegistry } from '../../tools/tool-registry';
import type { AgentEvent, AgentStatus, ChatModel, Message } from '../types';
import type { AgentSettings } from './agent-options';
import type { RunState } from './run-state';
import type { SessionApprovals } from './session-approvals';

/** Why the run's signal was aborted. */
export type StopCause = 'stop' | 'deadline';

/** One run (a `send` or a `resume`) of the loop. */
export interface RunContext {
  readonly runId: string;
  readonly settings: AgentSettings;
  readonly model: ChatModel;
  readonly registry: ToolRegistry;
  readonly sessionApprovals: SessionApprovals;
  readonly state: RunState;
  readonly systemPrompt: string;
  /** Aborted on stop and at the deadline: the model stream and every tool call listen to it. */
  readonly signal: AbortSignal;
  /** Aborted on stop only, so the checkpoint summary can still run after the deadline. */
  readonly stopSignal: AbortSignal;
  /** When the run's wall-clock deadline falls (settings.now() time). */
  readonly deadlineAt: number;
  /** When this run started (settings.now() time). */
  readonly startedAt: number;
  /** Wall-clock time the turn used in earlier runs (before it stopped to ask the person). */
  readonly elapsedBefore: number;
  /** Why `signal` was aborted, once it was. */
  stopCause(): StopCause | undefined;
  /** Index of the current round (0 for the first). */
  round: number;
  emit(event: AgentEvent): void;
  warn(message: string): void;
}

/** Sets the status, tells the UI, and lets storage write the step. */
export function setStatus(run: RunContext, status: AgentStatus): void {
  const changed = run.state.status !== status;
  run.state.status = status;
  if (status !== 'failed') run.state.error = undefined;
  run.state.commit();
  if (changed) run.emit({ type: 'status', runId: run.runId, round: run.round, status });
}

/** The note that ends a round's messages after tool results when a call may need approval. */
export const APPROVAL_REMINDER =
  'Before calling a tool that needs approval, say in one sentence what it will do and why.';

/** The messages for the next model call. */
export function turnMessages(run: RunContext, extra: Message[] = []): Message[] {
  return fittedTurnMessages(run, extra).messages;
}

/**
 * The messages for the next model call within the context budget (the tool list, when the caller has
 * it already, counts against it), and how many turns were left out.
 */
export function fittedTurnMessages(
  run: RunContext,
  extra: Message[] = [],
  tools: readonly unknown[] = roundToolSpecs(run),
): FittedMessages {
  const note = extra.length === 0 && remindsBeforeApproval(run) ? [reminder] : [];
  const toolTokens = tools.length > 0 ? estimateTokens(JSON.stringify(tools)) : 0;
  return fitTurnMessages(
    run.systemPrompt,
    run.state.history,
    run.settings.context,
    [...extra, ...note],
    toolTokens,
    {
      ...(run.state.contextSummary ? { stored: run.state.contextSummary } : {}),
      reserve: run.settings.contextSummaries,
    },
  );
}

/**
 * The tool specs a round offers: none when the model calls no tools, compact ones when the context is
 * small (docs/performance.md, "Context that fits").
 */
export function roundToolSpecs(run: RunContext): ToolSpec[] {
  if (!run.model.capabilities.tools) return [];
  const specs = run.registry.specs();
  return isSmallContext(run.settings.context.budgetTokens) ? compactToolSpecs(specs) : specs;
}

const reminder: Message = { role: 'user', content: APPROVAL_REMINDER };

// Only after a tool-result batch, and only when some tool could ask the person: the note then lands where
// the model decides its next call. It lives in the request alone, so the history never holds it.
function remindsBeforeApproval(run: RunContext): boolean {
  if (!run.settings.approvalReminder || run.state.history.at(-1)?.role !== 'tool') return false;
  return run.registry
    .list()
    .some((tool) => tool.origin.kind !== 'local' && tool.approval !== 'auto');
}
