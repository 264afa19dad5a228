// The Agent over the Bedrock Converse preset, chosen as the Settings choose it (createChosenModel), with
// ConverseStream answers in the documented event-stream shape (see ./converse-event-stream.ts) replayed
// in odd-sized reads: a reasoning tool call, a stream throttled before any text and retried, then the
// answer.
import { describe, expect, it } from 'vitest';
import { Agent } from '../../../src/agent/run/agent';
import { createChosenModel } from '../../../src/providers/create-chosen-model';
import { PROVIDER_DEFAULTS } from '../../../src/providers/provider-defaults';
import { ToolRegistry } from '../../../src/tools/tool-registry';
import { AgentHarness } from '../../agent/fakes';
import { replaySequence } from '../replay-fetch';
import {
  converseStream,
  eventMessage,
  eventStreamBody,
  exceptionMessage,
  type ConverseStreamEvent,
} from './converse-event-stream';
import type { Tool } from '../../../src/tools/tool';

const countCall: ConverseStreamEvent[] = [
  ['messageStart', { role: 'assistant' }],
  [
    'contentBlockDelta',
    { contentBlockIndex: 0, delta: { reasoningContent: { text: 'Count them.' } } },
  ],
  [
    'contentBlockDelta',
    { contentBlockIndex: 0, delta: { reasoningContent: { signature: 'sig-1' } } },
  ],
  ['contentBlockStop', { contentBlockIndex: 0 }],
  [
    'contentBlockStart',
    { contentBlockIndex: 1, start: { toolUse: { toolUseId: 'tooluse_1', name: 'count_quakes' } } },
  ],
  ['contentBlockDelta', { contentBlockIndex: 1, delta: { toolUse: { input: '{"min_magn' } } }],
  ['contentBlockDelta', { contentBlockIndex: 1, delta: { toolUse: { input: 'itude": 5}' } } }],
  ['contentBlockStop', { contentBlockIndex: 1 }],
  ['messageStop', { stopReason: 'tool_use' }],
  ['metadata', { usage: { inputTokens: 300, outputTokens: 40 } }],
];

const answer: ConverseStreamEvent[] = [
  ['messageStart', { role: 'assistant' }],
  ['contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'There were 3 ' } }],
  ['contentBlockDelta', { contentBlockIndex: 0, delta: { text: 'strong quakes.' } }],
  ['contentBlockStop', { contentBlockIndex: 0 }],
  ['messageStop', { stopReason: 'end_turn' }],
  ['metadata', { usage: { inputTokens: 360, outputTokens: 8 } }],
];

function countQuakesTool(calls: Record<string, unknown>[]): Tool {
  const magnitudes = [4.2, 5.1, 6.1, 5.6, 3.9];
  return {
    name: 'count_quakes',
    description: 'Count earthquakes at or above a magnitude.',
    inputSchema: {
      type: 'object',
      properties: { min_magnitude: { type: 'number' } },
      required: ['min_magnitude'],
    },
    origin: { kind: 'local' },
    execute: async (args) => {
      calls.push(args);
      const minimum = Number(args.min_magnitude);
      return { content: `count = ${magnitudes.filter((m) => m >= minimum).length}` };
    },
  };
}

/** Throttled before any text: the agent may try again, since nothing was shown. */
const throttled = eventStreamBody([
  eventMessage('messageStart', { role: 'assistant' }),
  exceptionMessage('throttlingException', 'Too many requests, please wait before trying again.'),
]);

describe('Agent with the Bedrock Converse preset', () => {
  it('calls a tool, sends its result and the signed reasoning back, retries throttling, and answers', async () => {
    const replay = replaySequence([converseStream(countCall), throttled, converseStream(answer)], {
      chunkSizes: [5, 11, 3, 64],
    });
    const preset = PROVIDER_DEFAULTS['bedrock-converse'];
    const registry = new ToolRegistry();
    const toolCalls: Record<string, unknown>[] = [];
    registry.register(countQuakesTool(toolCalls));
    const delays: number[] = [];
    const agent = new AgentHarness(
      new Agent({
        model: createChosenModel(
          {
            provider: 'bedrock-converse',
            endpoint: preset.endpoint,
            model: preset.model,
            apiKey: 'ABSK',
          },
          replay.fetch,
        ),
        registry,
        systemPrompt: 'You answer questions about earthquakes.',
        retry: { sleep: async (ms) => void delays.push(ms) },
      }),
    );
    const result = await agent.send('How many quakes of magnitude 5 or more?').result;

    expect(result.outcome).not.toBe('failed');
    expect(result.text).toBe('There were 3 strong quakes.');
    expect(toolCalls).toEqual([{ min_magnitude: 5 }]);
    expect(delays).toHaveLength(1);
    expect(replay.requests).toHaveLength(3);
    // The retried request is the same as the throttled one.
    expect(replay.requests[2]?.body).toEqual(replay.requests[1]?.body);
    expect(replay.requests[1]?.body.messages).toEqual([
      { role: 'user', content: [{ text: 'How many quakes of magnitude 5 or more?' }] },
      {
        role: 'assistant',
        content: [
          { reasoningContent: { reasoningText: { text: 'Count them.', signature: 'sig-1' } } },
          {
            toolUse: { toolUseId: 'tooluse_1', name: 'count_quakes', input: { min_magnitude: 5 } },
          },
        ],
      },
      {
        role: 'user',
        content: [{ toolResult: { toolUseId: 'tooluse_1', content: [{ text: 'count = 3' }] } }],
      },
    ]);
  });
});
