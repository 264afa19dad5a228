// Builds ConverseStream bodies in the documented AWS event-stream shape: each event a binary message
// with `:event-type`, `:content-type` and `:message-type` headers, a JSON payload and CRC32 checksums;
// exceptions carry `:exception-type` and `:message-type: exception`. Written from the Bedrock API
// reference, not recorded against an AWS account.
import { EventStreamCodec } from '@smithy/core/event-streams';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';

const codec = new EventStreamCodec(toUtf8, fromUtf8);

/** One event of a ConverseStream answer: its type and its JSON payload. */
export type ConverseStreamEvent = [type: string, payload: Record<string, unknown>];

function header(value: string): { type: 'string'; value: string } {
  return { type: 'string', value };
}

/** The bytes of one event message. Bedrock pads each payload with a `p` field of letters; so do these. */
export function eventMessage(type: string, payload: Record<string, unknown>): Uint8Array {
  return codec.encode({
    headers: {
      ':event-type': header(type),
      ':content-type': header('application/json'),
      ':message-type': header('event'),
    },
    body: fromUtf8(JSON.stringify({ ...payload, p: 'abcdefghij' })),
  });
}

/** The bytes of one exception message, as Bedrock sends an error inside a stream. */
export function exceptionMessage(type: string, message: string): Uint8Array {
  return codec.encode({
    headers: {
      ':exception-type': header(type),
      ':content-type': header('application/json'),
      ':message-type': header('exception'),
    },
    body: fromUtf8(JSON.stringify({ message })),
  });
}

/** A whole body: the messages one after another. */
export function eventStreamBody(messages: Uint8Array[]): Uint8Array {
  const body = new Uint8Array(messages.reduce((total, message) => total + message.length, 0));
  let offset = 0;
  for (const message of messages) {
    body.set(message, offset);
    offset += message.length;
  }
  return body;
}

/** A body of events. */
export function converseStream(events: ConverseStreamEvent[]): Uint8Array {
  return eventStreamBody(events.map(([type, payload]) => eventMessage(type, payload)));
}

/** A text answer: two text deltas, end_turn, usage. */
export const textAnswer: ConverseStreamEvent[] = [
  ['messageStart', { role: 'assistant' }],
  ['contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'The strongest was M6.1 ' } }],
  [
    'contentBlockDelta',
    { contentBlockIndex: 0, delta: { text: 'near Hualien, Taiwan — ünïcödé.' } },
  ],
  ['contentBlockStop', { contentBlockIndex: 0 }],
  ['messageStop', { stopReason: 'end_turn' }],
  [
    'metadata',
    {
      usage: { inputTokens: 412, outputTokens: 19, totalTokens: 431 },
      metrics: { latencyMs: 812 },
    },
  ],
];

/** Text, then a toolUse whose input JSON arrives in three fragments, stopping for tool_use. */
export const toolUseAnswer: ConverseStreamEvent[] = [
  ['messageStart', { role: 'assistant' }],
  ['contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'Let me query the data.' } }],
  ['contentBlockStop', { contentBlockIndex: 0 }],
  [
    'contentBlockStart',
    {
      contentBlockIndex: 1,
      start: { toolUse: { toolUseId: 'tooluse_kZJMlvQmRJ6eAyJE5GIl7Q', name: 'query_sql' } },
    },
  ],
  [
    'contentBlockDelta',
    { contentBlockIndex: 1, delta: { toolUse: { input: '{"sql": "SELECT ' } } },
  ],
  [
    'contentBlockDelta',
    {
      contentBlockIndex: 1,
      delta: { toolUse: { input: 'place, mag FROM quakes ORDER BY mag DESC' } },
    },
  ],
  ['contentBlockDelta', { contentBlockIndex: 1, delta: { toolUse: { input: '", "limit": 1}' } } }],
  ['contentBlockStop', { contentBlockIndex: 1 }],
  ['messageStop', { stopReason: 'tool_use' }],
  ['metadata', { usage: { inputTokens: 980, outputTokens: 61, totalTokens: 1041 } }],
];

/** Reasoning (text in two deltas, then its signature), a toolUse, stopping for tool_use. */
export const reasoningAnswer: ConverseStreamEvent[] = [
  ['messageStart', { role: 'assistant' }],
  [
    'contentBlockDelta',
    { contentBlockIndex: 0, delta: { reasoningContent: { text: 'The person wants the ' } } },
  ],
  [
    'contentBlockDelta',
    { contentBlockIndex: 0, delta: { reasoningContent: { text: 'largest magnitude.' } } },
  ],
  [
    'contentBlockDelta',
    { contentBlockIndex: 0, delta: { reasoningContent: { signature: 'EqQBCkgIBxABGAIiQL1x' } } },
  ],
  ['contentBlockStop', { contentBlockIndex: 0 }],
  [
    'contentBlockStart',
    { contentBlockIndex: 1, start: { toolUse: { toolUseId: 'tooluse_R1', name: 'fly_to' } } },
  ],
  [
    'contentBlockDelta',
    {
      contentBlockIndex: 1,
      delta: { toolUse: { input: '{"longitude": 121.6, "latitude": 23.9, "zoom": 6}' } },
    },
  ],
  ['contentBlockStop', { contentBlockIndex: 1 }],
  ['messageStop', { stopReason: 'tool_use' }],
  ['metadata', { usage: { inputTokens: 700, outputTokens: 88 } }],
];

/** Text, then a throttlingException inside the stream. */
export function throttledAnswer(): Uint8Array {
  return eventStreamBody([
    eventMessage('messageStart', { role: 'assistant' }),
    eventMessage('contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'Looking' } }),
    exceptionMessage('throttlingException', 'Too many tokens, please wait before trying again.'),
  ]);
}

/** A validationException inside the stream: the request itself was wrong. */
export function validationFailure(): Uint8Array {
  return eventStreamBody([
    exceptionMessage(
      'validationException',
      'A conversation must start with a user message. Try again with a conversation that starts with a user message.',
    ),
  ]);
}

/** A guardrail stopping the answer with nothing shown. */
export const guardrailAnswer: ConverseStreamEvent[] = [
  ['messageStart', { role: 'assistant' }],
  ['messageStop', { stopReason: 'guardrail_intervened' }],
  ['metadata', { usage: { inputTokens: 40, outputTokens: 0 } }],
];
