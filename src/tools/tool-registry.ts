// Local and MCP tools behind one name space: validation, the one timeout, cancellation, the one content
// budget, credential masking.
import { DEFAULT_REUSE_ANSWERS_MS } from '../config/reuse-answers';
import { DEFAULT_TOOL_TIMEOUT_MS } from '../config/tool-timeout';
import { errorMessage } from '../errors/error-message';
import { createArgumentValidator, type ArgumentValidator } from './argument-validator';
import { boundContent, DEFAULT_CONTENT_BUDGET } from './bound-content';
import {
  credentialPlaceholder,
  fillCredentials,
  maskCredentials,
  type DataCredential,
  type MisplacedCredential,
} from './credential-placeholders';
import { cancelledResult, runWithLimits, type ToolExecutionStatus } from './run-with-limits';
import { stableJson } from './stable-json';
import { namespacedToolName, parseNamespacedToolName, sanitizeToolName } from './tool-names';
import type { Tool, ToolCall, ToolResult, ToolSpec } from './tool';

// MCP calls have no timeout of their own: the registry's (through the call's signal) is the only one.
export { DEFAULT_TOOL_TIMEOUT_MS };

/** Options of a ToolRegistry. */
export interface ToolRegistryOptions {
  /** Receives warnings (a dropped tool, a listener that threw). Silent by default. */
  onWarning?: (message: string) => void;
  /** Per-call timeout when the tool and the caller give none. */
  defaultTimeoutMs?: number;
  /** Characters of `content` the model reads when the caller gives no budget. */
  contentBudget?: number;
  /**
   * The person's data credentials by name, read at each call: `{{secret:NAME}}` in an argument is
   * filled at dispatch, only for a tool of the credential's own server, and every copy of a value in the
   * result is masked back (credential-placeholders).
   */
  credentials?: () => ReadonlyMap<string, DataCredential>;
  /**
   * How long an answer of a read-only, idempotent tool is reused for the same arguments, in
   * milliseconds (`limits.reuseAnswersMs`); 0 never reuses one. Default `DEFAULT_REUSE_ANSWERS_MS`.
   */
  reuseAnswersMs?: number;
  /** The clock answers are aged by (tests). */
  now?: () => number;
}

/** Options of one execution. */
export interface ToolExecuteOptions {
  signal: AbortSignal;
  /** Used when the tool has no `timeoutMs` of its own. */
  timeoutMs?: number;
  /** Characters of `content` kept for the model. */
  contentBudget?: number;
  /**
   * Only a kept answer may serve this call (it was let through without a card because one was kept):
   * if it has aged out meanwhile, the call fails instead of reaching the server unasked.
   */
  reuseOnly?: boolean;
}

export type { ToolExecutionStatus };

/** A result with how it ended, for callers that report status (the agent's events). */
export interface ToolExecution {
  result: ToolResult;
  status: ToolExecutionStatus;
  durationMs: number;
  /** The tool that ran, when the name was known. */
  tool?: Tool;
  /** True when a kept answer was returned without running the tool (the server was not called). */
  memoised?: boolean;
}

interface Entry {
  tool: Tool;
  source: Tool;
  validator: ArgumentValidator;
  serverId?: string;
}

/** Holds local tools and each MCP server's tools; validates and executes calls. Never throws for a tool failure. */
export class ToolRegistry {
  private readonly credentials: () => ReadonlyMap<string, DataCredential>;
  private readonly local = new Map<string, Entry>();
  private readonly servers = new Map<string, Entry[]>();
  private entries = new Map<string, Entry>();
  /** Servers whose tools were removed with a reason (down, switched off): their names and the reason. */
  private readonly unavailable = new Map<string, { names: Set<string>; reason: string }>();
  private specsCache: ToolSpec[] | undefined;
  private readonly memo = new Map<string, { result: ToolResult; at: number }>();
  private reuseAnswersMs: number;
  private readonly now: () => number;
  private readonly listeners = new Set<() => void>();
  private readonly warn: (message: string) => void;
  private readonly defaultTimeoutMs: number;
  private readonly contentBudget: number;

  constructor(options: ToolRegistryOptions = {}) {
    this.warn = options.onWarning ?? (() => {});
    this.defaultTimeoutMs = options.defaultTimeoutMs ?? DEFAULT_TOOL_TIMEOUT_MS;
    this.contentBudget = options.contentBudget ?? DEFAULT_CONTENT_BUDGET;
    this.credentials = options.credentials ?? (() => new Map());
    this.reuseAnswersMs = options.reuseAnswersMs ?? DEFAULT_REUSE_ANSWERS_MS;
    this.now = options.now ?? Date.now;
  }

  /**
   * How long answers are reused from now on (0: never; the person's switch in Settings sets 0). Answers
   * kept so far are forgotten when reuse is switched off.
   */
  setReuseAnswers(milliseconds: number): void {
    this.reuseAnswersMs = Math.max(0, milliseconds);
    if (this.reuseAnswersMs === 0) this.memo.clear();
  }

  /** True when `call` would be answered by a kept answer, without calling its tool. */
  hasKeptAnswer(call: ToolCall): boolean {
    const entry = this.resolve(call.name);
    return (
      entry !== undefined &&
      this.check(call) === undefined &&
      this.keptAnswer(entry, call) !== undefined
    );
  }

  /** Adds a local tool (it replaces a local tool of the same name). */
  register(tool: Tool): void {
    const entry = this.compile(tool);
    if (!entry) return;
    if (this.local.has(tool.name)) {
      this.warn(`Tool "${tool.name}" was registered twice; the later one is kept.`);
      // Results memoised for the replaced tool must not be served for the new one.
      for (const key of this.memo.keys())
        if (key.startsWith(`\u0000${tool.name}\u0000`)) this.memo.delete(key);
    }
    this.local.set(tool.name, entry);
    this.changed();
  }

  /** Replaces every tool of one MCP server. */
  setServerTools(serverId: string, tools: Tool[]): void {
    const entries: Entry[] = [];
    for (const tool of tools) {
      const origin =
        tool.origin.kind === 'mcp'
          ? tool.origin
          : { kind: 'mcp' as const, serverId, originalName: tool.name };
      const entry = this.compile({ ...bindTool(tool), origin }, serverId);
      if (entry) entries.push(entry);
    }
    this.servers.set(serverId, entries);
    this.unavailable.delete(serverId);
    this.forgetServer(serverId);
    this.changed();
  }

  /**
   * Removes an MCP server's tools. With `unavailable` (the server is down, or switched off), a call of
   * one of them, by any name it had, is answered with that reason instead of "unknown tool" until the
   * server's tools are set again.
   */
  removeServer(serverId: string, unavailable?: string): void {
    if (unavailable === undefined) this.unavailable.delete(serverId);
    else {
      const names = new Set(this.unavailable.get(serverId)?.names);
      for (const [name, entry] of this.entries) {
        if (entry.serverId !== serverId) continue;
        names.add(name);
        names.add(entry.source.name);
        names.add(namespacedToolName(serverId, entry.source.name));
      }
      this.unavailable.set(serverId, { names, reason: unavailable });
    }
    if (!this.servers.delete(serverId)) return;
    this.forgetServer(serverId);
    this.changed();
  }

  /** The tool exposed under `name`; also accepts `serverId__name` for a tool that was not namespaced. */
  get(name: string): Tool | undefined {
    return this.resolve(name)?.tool;
  }

  /** Every tool, in the stable order of `specs()`. */
  list(): Tool[] {
    return [...this.entries.values()].map((entry) => entry.tool);
  }

  /** Tool specs for the model, sorted by name so the prompt prefix is byte-stable. */
  specs(): ToolSpec[] {
    this.specsCache ??= this.list().map((tool) => ({
      name: tool.name,
      description: tool.description,
      inputSchema: tool.inputSchema,
    }));
    return this.specsCache;
  }

  /** Calls `listener` after every change of the tool set; returns an unsubscribe function. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Schema violations of `args` for the tool `name`: an error result, or undefined when the call may run. */
  check(call: ToolCall): ToolResult | undefined {
    const entry = this.resolve(call.name);
    if (!entry) return this.unknownTool(call.name);
    if (call.argumentsError !== undefined) {
      return {
        content:
          `Invalid arguments for "${call.name}": ${call.argumentsError}. ` +
          'Send the arguments as one JSON object that matches the tool schema.',
        isError: true,
      };
    }
    const violations = entry.validator.violations(call.arguments);
    if (violations.length === 0) return undefined;
    return {
      content:
        `Invalid arguments for "${call.name}":\n${violations.map((line) => `- ${line}`).join('\n')}\n` +
        'Fix the arguments to match the tool schema and call the tool again.',
      isError: true,
    };
  }

  /** Executes a call; tool failures, timeouts and cancellations come back as error results. */
  async execute(call: ToolCall, options: ToolExecuteOptions): Promise<ToolResult> {
    return (await this.dispatch(call, options)).result;
  }

  /** Like `execute`, with the status and duration the agent reports. */
  async dispatch(call: ToolCall, options: ToolExecuteOptions): Promise<ToolExecution> {
    const started = performance.now();
    const entry = this.resolve(call.name);
    const elapsed = (): number => performance.now() - started;
    const invalid = this.check(call);
    if (!entry || invalid) {
      return {
        result: invalid ?? this.unknownTool(call.name),
        status: 'error',
        durationMs: elapsed(),
        ...(entry ? { tool: entry.tool } : {}),
      };
    }
    const tool = entry.tool;
    const memoKey = this.reusable(entry) ? this.memoKey(entry, call.arguments) : undefined;
    const memoised = this.keptAnswer(entry, call);
    if (memoised)
      return { result: memoised, status: 'success', durationMs: elapsed(), tool, memoised: true };
    if (options.reuseOnly) {
      return {
        result: {
          content:
            'Nothing ran: the earlier answer to this call is no longer kept, and the call was not approved to reach the server. Call the tool again to ask the person.',
          isError: true,
        },
        status: 'error',
        durationMs: elapsed(),
        tool,
      };
    }
    if (options.signal.aborted) {
      return {
        result: cancelledResult(options.signal),
        status: 'cancelled',
        durationMs: elapsed(),
        tool,
      };
    }
    const timeoutMs = entry.source.timeoutMs ?? options.timeoutMs ?? this.defaultTimeoutMs;
    const credentials = this.credentials();
    const serverId =
      entry.serverId ??
      (entry.source.origin.kind === 'mcp' ? entry.source.origin.serverId : undefined);
    const filled = fillCredentials(call.arguments, credentials, serverId);
    if (!('args' in filled)) {
      return {
        result:
          'missing' in filled
            ? this.missingCredentials(filled.missing)
            : misplacedCredentials(filled.misplaced, tool.name, serverId),
        status: 'error',
        durationMs: elapsed(),
        tool,
      };
    }
    const outcome = await runWithLimits(entry.source, filled.args, options.signal, timeoutMs);
    // The one place content is cut: local and MCP tools hand over their whole text.
    const budget = options.contentBudget ?? this.contentBudget;
    const masked = maskCredentials(outcome.result, credentials);
    const result =
      masked.content.length > budget
        ? { ...masked, content: boundContent(masked.content, budget) }
        : masked;
    if (memoKey !== undefined && outcome.status === 'success')
      this.memo.set(memoKey, { result, at: this.now() });
    return { result, status: outcome.status, durationMs: elapsed(), tool };
  }

  private missingCredentials(names: string[]): ToolResult {
    const placeholders = names.map(credentialPlaceholder).join(', ');
    return {
      content:
        `Nothing ran: no data credential is saved under ${names.join(', ')}. ` +
        `Ask the person to add it in Settings → Data credentials, or call the tool without ${placeholders}.`,
      isError: true,
    };
  }

  /** Forgets memoised results (a new session). */
  clearMemo(): void {
    this.memo.clear();
  }

  private resolve(name: string): Entry | undefined {
    const direct = this.entries.get(name);
    if (direct) return direct;
    // A server id or a tool name may itself contain the separator: try every split, first one first.
    for (let from = 0; ;) {
      const parsed = parseNamespacedToolName(name, from);
      if (!parsed) return undefined;
      const entries =
        this.servers.get(parsed.serverId) ?? this.serverBySanitizedId(parsed.serverId);
      const found = entries?.find(
        (entry) =>
          entry.tool.origin.kind === 'mcp' &&
          sanitizeToolName(entry.tool.origin.originalName) === parsed.toolName,
      );
      if (found) return found;
      from = parsed.serverId.length + 1;
    }
  }

  private serverBySanitizedId(serverId: string): Entry[] | undefined {
    for (const [id, entries] of this.servers) if (sanitizeToolName(id) === serverId) return entries;
    return undefined;
  }

  private compile(tool: Tool, serverId?: string): Entry | undefined {
    try {
      const validator = createArgumentValidator(tool.inputSchema);
      return { tool, source: tool, validator, ...(serverId === undefined ? {} : { serverId }) };
    } catch (error) {
      const where = serverId === undefined ? 'local tool' : `tool of server "${serverId}"`;
      this.warn(
        `Dropped the ${where} "${tool.name}": ${errorMessage(error)}. Fix its inputSchema to be a JSON Schema object.`,
      );
      return undefined;
    }
  }

  private changed(): void {
    const entries = new Map<string, Entry>();
    for (const entry of this.local.values()) {
      entries.set(uniqueName(entries, sanitizeToolName(entry.source.name)), entry);
    }
    for (const [serverId, serverEntries] of this.servers) {
      for (const entry of serverEntries) {
        const plain = sanitizeToolName(entry.source.name);
        const name = entries.has(plain)
          ? uniqueName(entries, namespacedToolName(serverId, entry.source.name))
          : plain;
        entries.set(name, entry);
      }
    }
    this.entries = new Map(
      [...entries.entries()]
        .sort(([left], [right]) => (left < right ? -1 : left > right ? 1 : 0))
        .map(([name, entry]) => [
          name,
          {
            ...entry,
            tool: name === entry.source.name ? entry.source : { ...bindTool(entry.source), name },
          },
        ]),
    );
    this.specsCache = undefined;
    for (const listener of this.listeners) {
      try {
        listener();
      } catch (error) {
        this.warn(`A tool registry listener failed: ${errorMessage(error)}`);
      }
    }
  }

  private reusable(entry: Entry): boolean {
    return entry.source.idempotent === true && this.reuseAnswersMs > 0;
  }

  /** The kept answer to `call`, when one is younger than the reuse time. */
  private keptAnswer(entry: Entry, call: ToolCall): ToolResult | undefined {
    if (!this.reusable(entry)) return undefined;
    const key = this.memoKey(entry, call.arguments);
    const kept = this.memo.get(key);
    if (!kept) return undefined;
    if (this.now() - kept.at >= this.reuseAnswersMs) {
      this.memo.delete(key);
      return undefined;
    }
    return kept.result;
  }

  private memoKey(entry: Entry, args: Record<string, unknown>): string {
    return `${entry.serverId ?? ''}\u0000${entry.source.name}\u0000${stableJson(args)}`;
  }

  private forgetServer(serverId: string): void {
    for (const key of this.memo.keys())
      if (key.startsWith(`${serverId}\u0000`)) this.memo.delete(key);
  }

  private unknownTool(name: string): ToolResult {
    for (const { names, reason } of this.unavailable.values()) {
      if (names.has(name)) return { content: reason, isError: true };
    }
    const names = [...this.entries.keys()];
    const available =
      names.length > 0 ? `Available tools: ${names.join(', ')}.` : 'No tools are available.';
    return {
      content: `Unknown tool "${name}". ${available} Call one of them by its exact name.`,
      isError: true,
    };
  }
}

/** The error for placeholders whose credential belongs to another server (or to none yet). */
function misplacedCredentials(
  misplaced: MisplacedCredential[],
  toolName: string,
  serverId: string | undefined,
): ToolResult {
  const here =
    serverId === undefined
      ? `"${toolName}" is a local tool`
      : `"${toolName}" is a tool of the server "${serverId}"`;
  const lines = misplaced.map(({ name, serverId: owner }) =>
    owner === undefined
      ? `the data credential ${name} is not bound to any server yet, so no tool receives it`
      : `the data credential ${name} belongs to the server "${owner}"`,
  );
  return {
    content:
      `Nothing ran: ${lines.join('; ')}, and ${here}. A credential is filled in only for the tools ` +
      'of the server it was saved for. Call a tool of that server, or ask the person to save the ' +
      'credential for this server (or choose its server) in Settings → Data credentials.',
    isError: true,
  };
}

/** A copy of a tool whose `execute` still runs on the original object (class instances keep `this`). */
function bindTool(tool: Tool): Tool {
  return {
    name: tool.name,
    ...(tool.title === undefined ? {} : { title: tool.title }),
    description: tool.description,
    inputSchema: tool.inputSchema,
    origin: tool.origin,
    ...(tool.idempotent === undefined ? {} : { idempotent: tool.idempotent }),
    ...(tool.timeoutMs === undefined ? {} : { timeoutMs: tool.timeoutMs }),
    ...(tool.approval === undefined ? {} : { approval: tool.approval }),
    ...(tool.approvalSetBy === undefined ? {} : { approvalSetBy: tool.approvalSetBy }),
    ...(tool.queue === undefined ? {} : { queue: tool.queue }),
    execute: (args, context) => tool.execute(args, context),
  };
}

function uniqueName(taken: Map<string, unknown>, name: string): string {
  if (!taken.has(name)) return name;
  for (let suffix = 2; ; suffix += 1) {
    const candidate = `${name.slice(0, 64 - String(suffix).length - 1)}_${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}
