// A structured-only MCP result reaches the timeline as its JSON text. A secret written in a SQL comment
// inside one of its strings (a server echoing the query it ran) is masked there as it is in the SQL on
// the card: a line comment ended by the escaped line break, a block comment ended by its `*/`.
import { describe, expect, it } from 'vitest';
import {
  createConversationDocument,
  type ConversationDocument,
} from '../../../src/agent/conversation/conversation-document';
import { reduceConversation } from '../../../src/agent/conversation/conversation-reducer';
import { redactSecrets } from '../../../src/agent/redact/redact';
import { toToolResult } from '../../../src/mcp/results/mcp-result';

/** What the timeline shows for a call whose result holds only `structured`. */
function timelineSummary(structured: Record<string, unknown>): string {
  const call = { id: 'c1', name: 'query', arguments: {} };
  const at = 1;
  const started: ConversationDocument = reduceConversation(createConversationDocument('c', 0), {
    type: 'agent-event',
    event: { type: 'turn-start', runId: 'r', userMessage: 'q' },
    at,
  });
  const ended = reduceConversation(started, {
    type: 'agent-event',
    event: {
      type: 'tool-call-end',
      runId: 'r',
      round: 0,
      callIndex: 0,
      call,
      result: toToolResult({ content: [], structuredContent: structured }),
      status: 'success',
      durationMs: 1,
    },
    at,
  });
  return ended.turns[0]?.rounds[0]?.calls[0]?.resultSummary ?? '';
}

describe('a structured-only result shown in the timeline', () => {
  it('masks `password: word` in a line comment followed by more SQL, in a list of statements', () => {
    expect(timelineSummary({ statements: ['SELECT 1 -- password: hunter\nFROM t'] })).toBe(
      '{"statements":["SELECT 1 -- password: [REDACTED]\\nFROM t"]}',
    );
  });

  it('masks `password: word` in a block comment, under a SQL key and nested in JSON text', () => {
    expect(timelineSummary({ sql: 'SELECT 1 /* password: hunter */', rows: 3 })).toBe(
      '{"sql":"SELECT 1 /* password: [REDACTED] */","rows":3}',
    );
    expect(
      timelineSummary({ content: JSON.stringify({ sql: 'SELECT 1 /* password: hunter */' }) }),
    ).toBe('{"content":"{\\"sql\\":\\"SELECT 1 /* password: [REDACTED] */\\"}"}');
  });

  it('masks a value with digits, and leaves a plain SQL comment as it was', () => {
    expect(timelineSummary({ sql: 'SELECT 1 -- password: hunter2' })).toBe(
      '{"sql":"SELECT 1 -- password: [REDACTED]"}',
    );
    expect(timelineSummary({ sql: 'SELECT name FROM airports -- the busiest' })).toBe(
      '{"sql":"SELECT name FROM airports -- the busiest"}',
    );
  });
});

describe('JSON text in general', () => {
  it('keeps its escapes and layout where nothing is masked, and escapes a masked string again', () => {
    const pretty = '{\n  "note": "caf\\u00e9 \\u2028 ok",\n  "n": 1\n}';
    expect(redactSecrets(pretty)).toBe(pretty);
    expect(redactSecrets('["-- password: hunter\\u2028SELECT 2"]')).toBe(
      '["-- password: [REDACTED]\\u2028SELECT 2"]',
    );
  });

  it('is read as plain text when it is not valid JSON', () => {
    expect(redactSecrets('{"sql": "x -- password: hunter\\nFROM t"')).toBe(
      '{"sql": "x -- password: [REDACTED]\\nFROM t"',
    );
  });
});
