// One tool call: events before and after, the registry's execution, the result stored in call order.
import { toErrorInfo, ToolTimeoutError } from '../failures/errors';
import { toolLabels } from '../proposal/tool-labels';
import { redactArguments } from '../redact/redact';
import type { ToolResult } from '../../tools/tool';
import type { ToolCall, ToolCallStatus, ToolMessage, UnaskedApproval } from '../types';
import type { ResultRecorder } from './result-recorder';
import type { RunContext } from './run-context';

/** A call with its index in the assistant message. */
export interface RoundCall {
  callIndex: number;
  call: ToolCall;
}

/**
 * Runs one call through the registry; never throws. `note` is prepended to what the model reads;
 * `allowedBy` names what let an MCP call run without a card (auto-approve, allow-list, policy).
 */
export async function runToolCall(
  run: RunContext,
  recorder: ResultRecorder,
  item: RoundCall,
  note?: string,
  allowedBy?: UnaskedApproval,
): Promise<void> {
  const { call, callIndex } = item;
  const tool = run.registry.get(call.name);
  run.emit({
    type: 'tool-call-start',
    runId: run.runId,
    round: run.round,
    callIndex,
    call,
    displayArguments: redactArguments(call.arguments),
    ...(tool?.origin.kind === 'mcp' ? { serverId: tool.origin.serverId } : {}),
    ...toolLabels(tool),
    ...(allowedBy ? { ranWithoutAsking: true, allowedBy } : {}),
  });
  let result: ToolResult;
  let status: ToolCallStatus;
  let durationMs = 0;
  let reused = false;
  try {
    const execution = await run.registry.dispatch(call, {
      signal: run.signal,
      timeoutMs: run.settings.toolTimeoutMs,
      contentBudget: run.settings.toolResultChars,
      ...(allowedBy === 'reused' ? { reuseOnly: true } : {}),
    });
    ({ result, status, durationMs } = execution);
    reused = execution.memoised === true;
  } catch (error) {
    run.warn(`The tool registry threw for "${call.name}": ${String(error)}`);
    result = {
      content: `Tool "${call.name}" failed inside Mapwright: ${String(error)}`,
      isError: true,
    };
    status = 'error';
  }
  const content = note ? `${note}\n\n${result.content}` : result.content;
  finishToolCall(run, recorder, item, { ...result, content }, status, durationMs, reused);
}

/** Emits `tool-call-end` and stores the result (also for calls that never ran: declined, cancelled). */
export function finishToolCall(
  run: RunContext,
  recorder: ResultRecorder,
  item: RoundCall,
  result: ToolResult,
  status: ToolCallStatus,
  durationMs = 0,
  reused = false,
): void {
  const { call, callIndex } = item;
  const timeout =
    status === 'timeout'
      ? {
          error: toErrorInfo(
            new ToolTimeoutError(
              `${call.name}: ${result.content}. Ask for less data or raise the tool timeout.`,
            ),
          ),
        }
      : {};
  run.emit({
    type: 'tool-call-end',
    runId: run.runId,
    round: run.round,
    callIndex,
    call,
    result,
    status,
    durationMs,
    ...timeout,
    ...(reused ? { reused: true } : {}),
  });
  recorder.record(callIndex, toolMessage(call, result));
}

function toolMessage(call: ToolCall, result: ToolResult): ToolMessage {
  return {
    role: 'tool',
    toolCallId: call.id,
    name: call.name,
    content: result.content,
    ...(result.isError ? { isError: true } : {}),
  };
}
