import { describe, expect, it } from 'vitest';
import { createOpenAICompatibleModel } from '../../../src/providers/openai-compatible/openai-compatible-model';
import { ThinkTagSplitter, type ContentPiece } from '../../../src/providers/think-tag-splitter';
import { askWithTools, collect, oddChunkSizes, replayFetch } from '../replay-fetch';
import type { FetchFunction } from '../../../src/providers/provider-options';

/** One SSE stream whose content deltas are `pieces`, ending with finish and [DONE]. */
function contentStream(pieces: string[]): string {
  const chunk = (delta: object, finish: string | null) =>
    `data: ${JSON.stringify({ id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  return `${pieces.map((content) => chunk({ content }, null)).join('')}${chunk({}, 'stop')}data: [DONE]\n\n`;
}

/** A fetch that answers each request with the next payload, as SSE. */
function sequenceFetch(payloads: string[]): FetchFunction {
  let next = 0;
  return async () =>
    new Response(payloads[next++] ?? '', {
      status: 200,
      headers: { 'content-type': 'text/event-stream' },
    });
}

/** A fetch that answers with one plain JSON completion, as a server that ignores stream: true. */
function jsonFetch(body: unknown, contentType = 'application/json; charset=utf-8'): FetchFunction {
  return async () =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': contentType } });
}

const model = (fetch: FetchFunction, thinkStartsInside?: boolean) =>
  createOpenAICompatibleModel({
    model: 'deepseek-r1',
    baseUrl: 'http://127.0.0.1:9/v1',
    fetch,
    ...(thinkStartsInside === undefined ? {} : { thinkStartsInside }),
  });

describe('a </think> with no opening tag', () => {
  it('makes the text before it reasoning, whatever the chunking', () => {
    for (const size of [1, 3, 7, 100]) {
      const text = 'The user wants quakes.\n</think>\n\nThe strongest was 6.1.';
      const splitter = new ThinkTagSplitter();
      const pieces: ContentPiece[] = [];
      for (let index = 0; index < text.length; index += size) {
        pieces.push(...splitter.push(text.slice(index, index + size)));
      }
      pieces.push(...splitter.flush());
      const joined = (reasoning: boolean) =>
        pieces
          .filter((piece) => piece.reasoning === reasoning)
          .map((piece) => piece.text)
          .join('');
      // Text already released before the tag arrived cannot be taken back; the rest becomes reasoning.
      expect(joined(false)).toMatch(/(^|\n)The strongest was 6\.1\.$/);
      expect(joined(false)).not.toContain('</think>');
      if (size === 100) expect(joined(true)).toBe('The user wants quakes.\n');
    }
  });

  it('is learnt by the model, so its next answers stream their reasoning as reasoning', async () => {
    const answer = contentStream(['Thinking about ', 'quakes.', '</think>', '\n\nMagnitude 6.1.']);
    const deepseek = model(sequenceFetch([answer, answer]));
    const first = await collect(deepseek, askWithTools);
    expect(first.text).not.toContain('</think>');
    expect(first.text).toMatch(/Magnitude 6\.1\.$/);
    const second = await collect(deepseek, askWithTools);
    expect(second.reasoning).toBe('Thinking about quakes.');
    expect(second.text).toBe('Magnitude 6.1.');
  });

  it('can be configured from the first answer, and a written <think> at the start is dropped', async () => {
    const answers = [
      contentStream(['Hmm', '.', '</think>', 'Yes.']),
      contentStream(['<thi', 'nk>Hmm.', '</think>', 'Yes.']),
    ];
    const configured = model(sequenceFetch(answers), true);
    for (let index = 0; index < answers.length; index++) {
      const result = await collect(configured, askWithTools);
      expect(result).toMatchObject({ reasoning: 'Hmm.', text: 'Yes.' });
    }
  });

  it('leaves a later literal </think> in an answer that had a real block alone', () => {
    const splitter = new ThinkTagSplitter();
    const pieces = splitter.push('<think>a</think>Use </think> to close.');
    expect(pieces.filter((piece) => !piece.reasoning).map((piece) => piece.text)).toEqual([
      'Use </think> to close.',
    ]);
  });
});

describe('a server that ignores stream: true', () => {
  it('answers text from one JSON completion', async () => {
    const result = await collect(
      model(
        jsonFetch({
          id: 'c1',
          object: 'chat.completion',
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: 'Magnitude 6.1 near Hualien.' },
              finish_reason: 'stop',
            },
          ],
          usage: { prompt_tokens: 10, completion_tokens: 6 },
        }),
      ),
      askWithTools,
    );
    expect(result.error).toBeUndefined();
    expect(result.text).toBe('Magnitude 6.1 near Hualien.');
    expect(result.finish).toEqual({ reason: 'stop', usage: { inputTokens: 10, outputTokens: 6 } });
  });

  it('answers tool calls from one JSON completion', async () => {
    const result = await collect(
      model(
        jsonFetch({
          choices: [
            {
              message: {
                role: 'assistant',
                content: null,
                tool_calls: [
                  {
                    id: 'call_1',
                    type: 'function',
                    function: { name: 'query_sql', arguments: '{"sql":"SELECT 1"}' },
                  },
                  {
                    id: 'call_2',
                    type: 'function',
                    function: { name: 'fly_to', arguments: '{"zoom":3}' },
                  },
                ],
              },
              finish_reason: 'tool_calls',
            },
          ],
        }),
      ),
      askWithTools,
    );
    expect(result.calls).toEqual([
      { id: 'call_1', name: 'query_sql', arguments: { sql: 'SELECT 1' } },
      { id: 'call_2', name: 'fly_to', arguments: { zoom: 3 } },
    ]);
    expect(result.finish?.reason).toBe('tool-calls');
  });

  it('reports an error object sent with status 200 as a provider error', async () => {
    const result = await collect(
      model(jsonFetch({ error: { message: 'model not loaded', type: 'invalid_request_error' } })),
      askWithTools,
    );
    expect(String(result.error)).toContain('model not loaded');
  });

  it('still streams SSE sent in odd chunks', async () => {
    const replay = replayFetch(contentStream(['Hel', 'lo']), { chunkSizes: oddChunkSizes });
    expect((await collect(model(replay.fetch), askWithTools)).text).toBe('Hello');
  });
});

describe('a JSON completion with a refusal or content parts', () => {
  it('shows message.refusal as a refusal', async () => {
    const result = await collect(
      model(
        jsonFetch({
          choices: [
            {
              message: { role: 'assistant', content: null, refusal: "I can't help with that." },
              finish_reason: 'stop',
            },
          ],
        }),
      ),
      askWithTools,
    );
    expect(result.text).toBe("The model declined to answer: I can't help with that.");
    expect(result.finish?.reason).toBe('refusal');
  });

  it('reads message.content given as thinking and text parts', async () => {
    const result = await collect(
      model(
        jsonFetch({
          choices: [
            {
              message: {
                role: 'assistant',
                content: [
                  { type: 'thinking', thinking: [{ type: 'text', text: 'Largest first.' }] },
                  { type: 'text', text: 'Magnitude 6.1.' },
                ],
              },
              finish_reason: 'stop',
            },
          ],
        }),
      ),
      askWithTools,
    );
    expect(result.reasoning).toBe('Largest first.');
    expect(result.text).toBe('Magnitude 6.1.');
  });
});

describe('reading chunks that differ from the previous one only in their text', () => {
  it('still notices tool calls, escapes and the finish in chunks of the same shape', async () => {
    const line = (delta: string, finish = 'null') =>
      `data: {"id":"c","choices":[{"index":0,"delta":{"content":${delta}},"finish_reason":${finish}}]}\n\n`;
    const stream =
      line('"Mag"') +
      line('"nitude \\"6.1\\"\\n"') +
      line(
        '"x","tool_calls":[{"index":0,"id":"call_1","function":{"name":"fly_to","arguments":"{}"}}]',
      ) +
      line('"."', '"tool_calls"') +
      'data: [DONE]\n\n';
    const result = await collect(model(sequenceFetch([stream])), askWithTools);
    expect(result.text).toBe('Magnitude "6.1"\nx.');
    expect(result.calls).toEqual([{ id: 'call_1', name: 'fly_to', arguments: {} }]);
    expect(result.finish?.reason).toBe('tool-calls');
  });
});
