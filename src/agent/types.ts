// The provider-neutral contract between the agent, the models, the tools and the UI.
// Shapes may grow; names are the contract (see ARCHITECTURE.md "Core types").
import type { ToolCall, ToolResult, ToolSpec } from '../tools/tool';
import type { FailureKind } from './failure-kind';

export type { ToolCall } from '../tools/tool';

/** The system prompt. */
export interface SystemMessage {
  role: 'system';
  content: string;
}

/** What the person typed. */
export interface UserMessage {
  role: 'user';
  content: string;
}

/** What the model said: text, tool calls, and reasoning that is shown but never sent back. */
export interface AssistantMessage {
  role: 'assistant';
  content: string;
  toolCalls?: ToolCall[];
  reasoning?: string;
  /** True when the text was cut short by a stop or a failure. */
  interrupted?: boolean;
}

/** The result of one tool call, as the model will read it. */
export interface ToolMessage {
  role: 'tool';
  toolCallId: string;
  name: string;
  content: string;
  isError?: boolean;
}

/** One message of a conversation, in no provider's wire format. */
export type Message = SystemMessage | UserMessage | AssistantMessage | ToolMessage;

/**
 * Why a model stream ended. `refusal`: the model declined to answer; its text says so, and it is shown as
 * an answer, not as an error.
 */
export type FinishReason =
  'stop' | 'tool-calls' | 'length' | 'content-filter' | 'refusal' | 'error' | 'other';

/** Token counts, when the provider reports them. */
export interface Usage {
  inputTokens?: number;
  outputTokens?: number;
}

/** One event of a model stream. */
export type ModelEvent =
  | { type: 'text-delta'; text: string }
  | { type: 'reasoning-delta'; text: string }
  | { type: 'tool-call'; call: ToolCall }
  | { type: 'finish'; reason: FinishReason; usage?: Usage };

/** What the agent asks a model for in one round. */
export interface ModelRequest {
  messages: Message[];
  /** Omitted, or empty, when the round must not call tools. */
  tools?: ToolSpec[];
  /** The most tokens this answer may take, instead of the model's own setting (a short side request). */
  maxTokens?: number;
}

/** What a model can do. */
export interface ModelCapabilities {
  /**
   * False for a model that must get no tool specs (a single streamed pass). A JSON-in-text model takes
   * the specs too: its adapter lists them in the prompt instead of the provider's tool field.
   */
  tools: boolean;
  /** How the model is offered tools: the provider's tool field, a JSON object in its text, or none. */
  toolMode?: 'native' | 'json-in-text' | 'none';
}

/** A streaming chat model. Implementations translate to and from one provider's wire format. */
export interface ChatModel {
  readonly id: string;
  readonly capabilities: ModelCapabilities;
  stream(request: ModelRequest, signal: AbortSignal): AsyncIterable<ModelEvent>;
}

/** Agent status, shown by the UI and persisted with the turn. */
export type AgentStatus = 'idle' | 'processing' | 'tool_loop' | 'failed';

/** What the approval card shows the person to decide. Arguments are already redacted for display. */
export interface ToolProposal {
  runId: string;
  round: number;
  calls: ProposedCall[];
  /** The model's own reasoning for this round, when it gave some. */
  reasoning?: string;
  /** The text the model wrote in the same round as the calls (secrets masked), when it wrote some. */
  modelText?: string;
  /**
   * When the calls came with no words, the model's answer to a short second request asking what they
   * do and why (explainCalls.quickExplanation; secrets masked). Shown on the card, never in the history.
   */
  askedExplanation?: string;
  /** Deterministic plain-English description from describeToolCalls. */
  description: string;
}

/** One call in a proposal. */
export interface ProposedCall {
  callIndex: number;
  call: ToolCall;
  /** The arguments with secrets masked, for display. */
  displayArguments: Record<string, unknown>;
  /** Set when the masked SQL shown reads as other statements than the SQL that runs: not approvable. */
  displayMismatch?: string;
  serverId?: string;
  /** The tool's and the server's names for people, when they have them (the card shows these). */
  toolTitle?: string;
  serverTitle?: string;
  description: string;
  /** True when the call's SQL may change data or state; the card warns about it. */
  modifiesData: boolean;
}

/** The person's decision on one proposed call. */
export type ApprovalDecision =
  | { kind: 'approve' }
  | { kind: 'approve-edited'; arguments: Record<string, unknown> }
  | { kind: 'deny'; reason?: string };

/**
 * A run that stopped to ask the person: the proposal the card shows and the run's budget used so far.
 * Plain JSON, stored in the conversation document; no run is active while it waits, and the clock that
 * limits a turn does not count the wait.
 */
export interface Interruption {
  proposal: ToolProposal;
  /** When the run stopped to ask (epoch milliseconds), so the card can say how long it has waited. */
  askedAt: number;
  /** Wall-clock time the turn had used before it stopped to ask (its runs added up). */
  elapsedMs: number;
  /** Model rounds the turn had used before it stopped to ask. */
  rounds: number;
}

/**
 * What lets an MCP call run without a card: the person's choices for this session (auto-approve, a
 * tool allowed on a card, a tool set to run without asking in Settings), the person's choice remembered
 * on this device, the publisher's policy, or an answer kept from an earlier identical call (`reused`:
 * the tool does not run, so there is nothing to approve).
 */
export type UnaskedApproval =
  | 'auto-approve'
  | 'session-allow-list'
  | 'session-setting'
  | 'remembered-setting'
  | 'publisher-policy'
  | 'reused';

/** The person's decisions on an interruption, one per proposed call in the proposal's order. */
export interface ApprovalAnswer {
  interruption: Interruption;
  decisions: ApprovalDecision[];
}

/** Everything the UI needs to follow a turn. Each event carries its run id. */
export type AgentEvent =
  | {
      type: 'turn-start';
      runId: string;
      userMessage: string;
      /** True when the run goes on with the pending turn (Continue, or a reload) instead of a new one. */
      resumed?: boolean;
      /** Where a new turn's question lands in the history (absent when resumed). */
      historyIndex?: number;
      /** The model that runs (`provider:model`), so each call's record names who proposed it. */
      model?: string;
    }
  | { type: 'round-start'; runId: string; round: number }
  | { type: 'text-delta'; runId: string; round: number; text: string }
  | { type: 'reasoning-delta'; runId: string; round: number; text: string }
  | {
      /** Calls need the person's decision: the run ends with outcome `interrupted` right after. */
      type: 'tool-proposal';
      runId: string;
      round: number;
      interruption: Interruption;
    }
  | {
      type: 'tool-call-start';
      runId: string;
      round: number;
      callIndex: number;
      call: ToolCall;
      displayArguments: Record<string, unknown>;
      serverId?: string;
      toolTitle?: string;
      serverTitle?: string;
      /** True for an MCP call that ran without a card: auto-approve, a session allowance or its policy. */
      ranWithoutAsking?: boolean;
      /** What let a call run without a card, when something did. */
      allowedBy?: UnaskedApproval;
    }
  | {
      type: 'tool-call-end';
      runId: string;
      round: number;
      callIndex: number;
      call: ToolCall;
      result: ToolResult;
      status: ToolCallStatus;
      durationMs: number;
      /** Set for a timeout (ToolTimeoutError) so the UI can name who was at fault. */
      error?: AgentErrorInfo;
      /** True when an earlier identical call's kept answer served it: the tool did not run. */
      reused?: boolean;
    }
  | {
      type: 'round-end';
      runId: string;
      round: number;
      /** The tokens of the round's model call, when the provider reported them. */
      usage?: Usage;
    }
  | {
      /** The oldest turns were left out of the round's messages to fit the model's context budget. */
      type: 'context-trimmed';
      runId: string;
      round: number;
      /** Turns no longer sent whole, from the oldest (the summarised ones among them). */
      droppedTurns: number;
      /** How many of the dropped turns the model read as a summary instead (absent: none). */
      summarisedTurns?: number;
      budgetTokens: number;
    }
  | {
      type: 'turn-end';
      runId: string;
      round: number;
      finishReason: FinishReason;
      text: string;
      /** How the turn ended (added: a stop and a checkpoint also end with turn-end). */
      outcome?: TurnOutcome;
      /** For a checkpoint, the limit that ended the turn. */
      limit?: 'rounds' | 'deadline';
    }
  | { type: 'turn-error'; runId: string; round: number; error: AgentErrorInfo }
  | { type: 'status'; runId: string; round: number; status: AgentStatus }
  | {
      type: 'retry';
      runId: string;
      round: number;
      attempt: number;
      /** Attempts in all (the first one and every retry), so the chat can say "attempt 2 of 3". */
      attempts?: number;
      delayMs: number;
      error: AgentErrorInfo;
    };

/** How one tool call ended. */
export type ToolCallStatus = 'success' | 'error' | 'timeout' | 'declined' | 'cancelled';

/** A serialisable description of an error, safe to show (already redacted). */
export interface AgentErrorInfo {
  name: string;
  message: string;
  retryable?: boolean;
  /** What kind of failure it was, so the chat can say what happened and offer the right action. */
  kind?: FailureKind;
  /** The HTTP status, when the failure was an HTTP response. */
  status?: number;
  /** The endpoint called (origin and path, no query string), for a failure to reach it. */
  endpoint?: string;
  /** The provider's own words, shown apart from the explanation (redacted, at most 300 characters). */
  detail?: string;
}

/**
 * Fields a ChatModel's thrown error may carry so the agent can apply its retry rules without importing
 * any provider (providers throw ProviderError, which has them).
 */
export interface ModelErrorFields {
  /** HTTP status, when the failure was an HTTP response. */
  status?: number;
  /** True for 429, 5xx, network failures and "overloaded" / "rate limit" errors. */
  retryable?: boolean;
  /** From a Retry-After header (seconds or an HTTP date), in milliseconds. */
  retryAfterMs?: number;
  /** The endpoint called (origin and path, no query string). */
  endpoint?: string;
  /** The provider's own words, from its error body or stream error event. */
  providerMessage?: string;
  /** True when the stream ended before the provider's end marker. */
  interrupted?: boolean;
  /** True when the page's Content-Security-Policy refused the request before it was sent. */
  blockedByPolicy?: boolean;
  /** True when the request failed while the browser said it had no network. */
  offline?: boolean;
}

/**
 * How a run ended. `interrupted`: calls wait for the person's decision (the turn goes on once they
 * decide).
 */
export type TurnOutcome = 'completed' | 'checkpoint' | 'aborted' | 'failed' | 'interrupted';

/** What `TurnHandle.result` settles with (it never rejects: failures are `outcome: 'failed'`). */
export interface TurnResult {
  runId: string;
  outcome: TurnOutcome;
  finishReason: FinishReason;
  /** The answer, the progress summary at a checkpoint, or the partial text of a stopped turn. */
  text: string;
  /** Model rounds used by the turn so far (a run resumed after an approval counts the rounds before). */
  rounds: number;
  /** Set when `outcome` is `failed`. */
  error?: AgentErrorInfo;
  /** Set when `outcome` is `interrupted`: what to store and show until the person decides. */
  interruption?: Interruption;
  usage?: Usage;
}

/** One running turn: its events for the UI and its result. */
export interface TurnHandle {
  runId: string;
  /** This run's events, ending after `turn-end` or `turn-error`. */
  events: AsyncIterable<AgentEvent>;
  result: Promise<TurnResult>;
}

/**
 * Where an unfinished turn stopped, so `resume()` can go on (also after a reload). A turn that waits for
 * the person has none: its interruption is the one record of that wait (`RunInput.approval`).
 */
export interface PendingTurn {
  runId: string;
  /**
   * `model`: the next step is a model call (the turn failed or the page closed mid-stream);
   * `tool-calls`: the last assistant message has calls without results (they are running);
   * `checkpoint`: a limit was reached and the person may continue.
   */
  phase: 'model' | 'tool-calls' | 'checkpoint';
  /** Rounds used by the run so far. */
  round: number;
  /** For a checkpoint, the limit that was reached. */
  limit?: 'rounds' | 'deadline';
}

/**
 * A few sentences standing for the oldest turns of the history once they no longer fit the model's
 * context: written by the model itself, kept and reused until more turns drop out.
 */
export interface ContextSummary {
  /** The summary, as the model wrote it. */
  text: string;
  /** How many of the history's first turns (each starting at a question) it stands for. */
  turns: number;
}

/** What the model reads and where the turn stands: plain JSON, the agent's part of the document. */
export interface AgentState {
  history: Message[];
  status: AgentStatus;
  pendingTurn?: PendingTurn;
  /** The last failure, when `status` is `failed`. */
  error?: AgentErrorInfo;
  /** The summary of the oldest turns, sent in their place when they no longer fit. */
  contextSummary?: ContextSummary;
}

/** The agent's state as a release before the conversation document stored it on its own. */
export interface AgentSnapshot extends AgentState {
  version: 1;
}

/**
 * What one run starts from and where it writes: the Agent keeps none of it between runs. `commit` is
 * called with the next state after every step (the chat dispatches it into the document).
 */
export interface RunInput {
  state: AgentState;
  commit(state: AgentState): void;
  /**
   * The interruption the turn waits on, as stored (the conversation document's `pendingApproval`), with
   * the person's decisions once given: a run resumes from it, and a new message closes its calls.
   */
  approval?: WaitingApproval;
}

/** A run's interruption as it is kept while it waits, and the person's decisions once they gave them. */
export interface WaitingApproval extends Interruption {
  decisions?: ApprovalDecision[];
}
