/*
 * The script a fake LLM follows. JSON file or object:
 *
 * {
 *   "tokenDelayMs": 5,                        // default delay between streamed pieces (default 0)
 *   "model": "fake-model",                    // the id /v1/models lists (default "fake-model")
 *   "rules": [                                // checked in order; the first that matches answers
 *     {
 *       "user": "earthquake",                 // the last user message contains this (case-insensitive)
 *       "reply": {
 *         "text": "Let me look.",             // streamed word by word
 *         "reasoning": "Need the data.",      // streamed first, as delta.reasoning_content
 *         "toolCalls": [{ "name": "query_sql", "arguments": { "sql": "SELECT 1" } }],
 *         "tokenDelayMs": 20                  // overrides the script's delay for this reply
 *       },
 *       "failures": [                         // the first matches fail like this, in order; then `reply`
 *         { "kind": "rate-limit", "retryAfterSeconds": 1 },   // HTTP 429 with Retry-After
 *         { "kind": "unavailable" },                          // HTTP 503
 *         { "kind": "hang" },                                 // never answers (until stop or abort)
 *         { "kind": "cut-off", "afterTokens": 3 },            // streams 3 pieces, then drops the connection
 *         { "kind": "http-error", "status": 401, "message": "Incorrect API key" }  // any status, OpenAI's error body
 *       ]
 *     },
 *     {
 *       "user": { "regex": "^how many", "flags": "i" },
 *       "toolResult": "rows",                  // the request ends with tool results, one contains "rows"
 *       "reply": { "text": "There are 42." }
 *     }
 *   ],
 *   "fallback": { "text": "I have no scripted answer for that." }
 * }
 *
 * Matching: a string matches as a case-insensitive substring, `{ regex, flags }` as a regular expression.
 * A rule without `toolResult` only answers a request whose last message is the user's (so a tool round
 * trip cannot loop on the same rule); a rule with `toolResult` only answers a request that ends with tool
 * results, matched against the last of them. `user` and `toolResult` together must both match.
 * Tool call arguments may be an object or a raw string (to send malformed JSON on purpose).
 */

/** Text to look for: a case-insensitive substring, or a regular expression. */
export type FakeLlmMatcher = string | { regex: string; flags?: string };

/** One scripted tool call. */
export interface FakeLlmToolCall {
  name: string;
  arguments: Record<string, unknown> | string;
  id?: string;
}

/** What the fake model answers. */
export interface FakeLlmReply {
  text?: string;
  reasoning?: string;
  toolCalls?: FakeLlmToolCall[];
  tokenDelayMs?: number;
}

/** An injected failure. */
export type FakeLlmFailure =
  | { kind: 'rate-limit'; retryAfterSeconds?: number }
  | { kind: 'unavailable' }
  | { kind: 'hang' }
  | { kind: 'cut-off'; afterTokens?: number }
  | {
      kind: 'http-error';
      status: number;
      /** The error body's message (OpenAI's `{ error: { message, type, code } }`). */
      message?: string;
      code?: string;
      /** Sent as Retry-After when given. */
      retryAfterSeconds?: number;
    };

/** One rule of a script. */
export interface FakeLlmRule {
  user?: FakeLlmMatcher;
  toolResult?: FakeLlmMatcher;
  reply: FakeLlmReply;
  failures?: FakeLlmFailure[];
}

/** A whole script. */
export interface FakeLlmScript {
  rules: FakeLlmRule[];
  fallback?: FakeLlmReply;
  tokenDelayMs?: number;
  model?: string;
}

/** The parts of a Chat Completions request a rule looks at. */
export interface FakeLlmRequestMessage {
  role: string;
  content?: unknown;
}

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content.map((part) => (typeof part?.text === 'string' ? part.text : '')).join('');
  }
  return '';
}

/** True when `text` matches. */
export function matches(matcher: FakeLlmMatcher, text: string): boolean {
  if (typeof matcher === 'string') return text.toLowerCase().includes(matcher.toLowerCase());
  return new RegExp(matcher.regex, matcher.flags).test(text);
}

/** True when `rule` answers a request with these messages. */
export function ruleMatches(rule: FakeLlmRule, messages: FakeLlmRequestMessage[]): boolean {
  const last = messages[messages.length - 1];
  const lastUser = [...messages].reverse().find((message) => message.role === 'user');
  const endsWithToolResults = last?.role === 'tool';
  if (rule.toolResult === undefined ? endsWithToolResults : !endsWithToolResults) return false;
  if (rule.toolResult !== undefined && !matches(rule.toolResult, contentText(last?.content)))
    return false;
  if (rule.user !== undefined && !matches(rule.user, contentText(lastUser?.content))) return false;
  return true;
}
