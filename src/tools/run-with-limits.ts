// One tool execution raced against its timeout and the caller's signal; a tool that ignores its signal
// cannot hold the turn.
import { errorMessage } from '../errors/error-message';
import type { Tool, ToolResult } from './tool';

/** How one execution ended. */
export type ToolExecutionStatus = 'success' | 'error' | 'timeout' | 'cancelled';

/** Runs `tool`, settling at the latest at the timeout or the abort; never throws. */
export async function runWithLimits(
  tool: Tool,
  args: Record<string, unknown>,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<{ result: ToolResult; status: ToolExecutionStatus }> {
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const limits = new Promise<{ result: ToolResult; status: ToolExecutionStatus }>((resolve) => {
    timer = setTimeout(() => {
      controller.abort(new Error(`Tool execution timed out after ${timeoutMs} ms`));
      resolve({
        result: { content: `Tool execution timed out after ${timeoutMs} ms`, isError: true },
        status: 'timeout',
      });
    }, timeoutMs);
    onAbort = () => {
      controller.abort(signal.reason);
      resolve({ result: cancelledResult(signal), status: 'cancelled' });
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
  const run = (async () => {
    try {
      const result = await tool.execute(args, { signal: controller.signal });
      return { result, status: result.isError ? ('error' as const) : ('success' as const) };
    } catch (error) {
      return {
        result: { content: `Tool "${tool.name}" failed: ${errorMessage(error)}`, isError: true },
        status: 'error' as const,
      };
    }
  })();
  try {
    return await Promise.race([run, limits]);
  } finally {
    clearTimeout(timer);
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}

/** The error result of a call cancelled by `signal`. */
export function cancelledResult(signal: AbortSignal): ToolResult {
  const reason = typeof signal.reason === 'string' ? ` (${signal.reason})` : '';
  return { content: `Tool call cancelled before it finished${reason}.`, isError: true };
}
