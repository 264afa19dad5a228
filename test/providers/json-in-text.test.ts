import { describe, expect, it } from 'vitest';
import { createOpenAICompatibleModel } from '../../src/providers/openai-compatible/openai-compatible-model';
import { askWithTools, collect, mapTools, replayFetch } from './replay-fetch';

function streamOf(...contents: string[]): string {
  const chunks = contents.map(
    (content) =>
      `data: ${JSON.stringify({ choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`,
  );
  return `${chunks.join('')}data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n`;
}

function jsonModel(payload: string) {
  const replay = replayFetch(payload);
  const model = createOpenAICompatibleModel({
    model: 'small',
    baseUrl: 'http://127.0.0.1:9/v1',
    toolMode: 'json-in-text',
    fetch: replay.fetch,
  });
  return { model, requests: replay.requests };
}

describe('JSON-in-text mode', () => {
  it('lists the tools in the system prompt instead of the tools field', async () => {
    const { model, requests } = jsonModel(streamOf('Hello.'));
    // The agent sends tool specs to any model whose capabilities say it takes tools.
    expect(model.capabilities).toEqual({ tools: true, toolMode: 'json-in-text' });
    await collect(model, askWithTools);
    const body = requests[0]?.body as {
      tools?: unknown;
      messages: { role: string; content: string }[];
    };
    expect(body.tools).toBeUndefined();
    const system = body.messages[0];
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('You answer questions about earthquakes.');
    expect(system?.content).toContain('{"tool": "<tool name>", "arguments": {<arguments>}}');
    for (const tool of mapTools)
      expect(system?.content).toContain(`- ${tool.name}: ${tool.description}`);
  });

  it('extracts the first balanced JSON object into a call, even mid-line, and hides it', async () => {
    const { model } = jsonModel(
      streamOf(
        'Sure: {"tool": "fly_to", ',
        '"arguments": {"latitude": 23.9, "longitude": 121.6, "note": "a } brace"}}',
      ),
    );
    const result = await collect(model, askWithTools);
    expect(result.calls).toHaveLength(1);
    expect(result.calls[0]).toMatchObject({
      name: 'fly_to',
      arguments: { latitude: 23.9, longitude: 121.6, note: 'a } brace' },
    });
    // "Sure: " was shown before the object began; nothing of the object reached the screen.
    expect(result.text).toBe('Sure: ');
    expect(result.events.filter((event) => event.type === 'text-delta')).toEqual([
      { type: 'text-delta', text: 'Sure: ' },
    ]);
    expect(result.finish?.reason).toBe('tool-calls');
  });

  it('leaves a plain answer alone', async () => {
    const { model } = jsonModel(streamOf('The answer is 42 {approximately}.'));
    const result = await collect(model, askWithTools);
    expect(result.calls).toEqual([]);
    expect(result.text).toBe('The answer is 42 {approximately}.');
  });

  it('sends earlier calls and results back as text the model can read', async () => {
    const { model, requests } = jsonModel(streamOf('Done.'));
    await collect(model, {
      tools: mapTools,
      messages: [
        { role: 'user', content: 'Zoom out' },
        {
          role: 'assistant',
          content: '',
          toolCalls: [{ id: 'c1', name: 'fly_to', arguments: { zoom: 2 } }],
        },
        { role: 'tool', toolCallId: 'c1', name: 'fly_to', content: 'Moved.' },
      ],
    });
    const messages = (requests[0]?.body as { messages: unknown[] }).messages;
    expect(messages.slice(1)).toEqual([
      { role: 'user', content: 'Zoom out' },
      { role: 'assistant', content: '{"tool":"fly_to","arguments":{"zoom":2}}' },
      { role: 'user', content: 'Result of tool fly_to:\nMoved.' },
    ]);
  });
});
