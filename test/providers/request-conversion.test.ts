import { describe, expect, it } from 'vitest';
import { createAnthropicModel } from '../../src/providers/anthropic/anthropic-model';
import { createBedrockConverseModel } from '../../src/providers/bedrock-converse/bedrock-converse-model';
import { createGeminiModel } from '../../src/providers/gemini/gemini-model';
import { createOpenAICompatibleModel } from '../../src/providers/openai-compatible/openai-compatible-model';
import { converseStream, textAnswer } from './bedrock-converse/converse-event-stream';
import {
  anthropicRequestViolations,
  converseRequestViolations,
  geminiRequestViolations,
  openAIRequestViolations,
} from './provider-request-rules';
import { collect, fixture, mapTools, replayFetch } from './replay-fetch';
import type { Message, ModelRequest } from '../../src/agent/types';

const conversation: Message[] = [
  { role: 'system', content: 'You answer questions about earthquakes.' },
  { role: 'user', content: 'Show the strongest quake.' },
  {
    role: 'assistant',
    content: 'Querying.',
    reasoning: 'SECRET-REASONING the user wants one row',
    toolCalls: [
      { id: 'call_1', name: 'query_sql', arguments: { sql: 'SELECT 1' } },
      {
        id: 'call_2',
        name: 'fly_to',
        arguments: { longitude: 1, latitude: 2 },
        providerMetadata: { thoughtSignature: 'sig-abc' },
      },
    ],
  },
  { role: 'tool', toolCallId: 'call_1', name: 'query_sql', content: '1 row: Hualien 6.1' },
  { role: 'tool', toolCallId: 'call_2', name: 'fly_to', content: 'No such place', isError: true },
  { role: 'user', content: 'Thanks. And the weakest?' },
];
const request: ModelRequest = { messages: conversation, tools: mapTools };

describe('requests in each wire format', () => {
  it('OpenAI-compatible: tool calls, tool results, tools, usage, key only in the header', async () => {
    const replay = replayFetch(fixture('openai-compatible', 'text.sse'));
    const model = createOpenAICompatibleModel({
      model: 'qwen3',
      baseUrl: 'http://127.0.0.1:11434/v1/',
      apiKey: 'sk-secret',
      temperature: 0.2,
      maxTokens: 500,
      headers: { 'HTTP-Referer': 'https://example.org' },
      fetch: replay.fetch,
    });
    await collect(model, request);
    const [sent] = replay.requests;
    expect(sent?.url).toBe('http://127.0.0.1:11434/v1/chat/completions');
    expect(sent?.headers.authorization).toBe('Bearer sk-secret');
    expect(sent?.headers['HTTP-Referer']).toBe('https://example.org');
    expect(JSON.stringify(sent?.body)).not.toContain('sk-secret');
    expect(JSON.stringify(sent?.body)).not.toContain('SECRET-REASONING');
    expect(sent?.body).toMatchObject({
      model: 'qwen3',
      stream: true,
      stream_options: { include_usage: true },
      temperature: 0.2,
      max_tokens: 500,
    });
    expect(sent?.body.messages).toEqual([
      { role: 'system', content: 'You answer questions about earthquakes.' },
      { role: 'user', content: 'Show the strongest quake.' },
      {
        role: 'assistant',
        content: 'Querying.',
        tool_calls: [
          {
            id: 'call_1',
            type: 'function',
            function: { name: 'query_sql', arguments: '{"sql":"SELECT 1"}' },
          },
          {
            id: 'call_2',
            type: 'function',
            function: { name: 'fly_to', arguments: '{"longitude":1,"latitude":2}' },
          },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '1 row: Hualien 6.1' },
      { role: 'tool', tool_call_id: 'call_2', content: 'No such place' },
      { role: 'user', content: 'Thanks. And the weakest?' },
    ]);
    expect(sent?.body.tools).toEqual(
      mapTools.map((tool) => ({
        type: 'function',
        function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
      })),
    );
  });

  it('Anthropic: system apart, tool_use and merged tool_result blocks, browser headers', async () => {
    const replay = replayFetch(fixture('anthropic', 'text.sse'));
    const model = createAnthropicModel({
      model: 'claude-sonnet-4-5',
      apiKey: 'sk-ant',
      fetch: replay.fetch,
    });
    await collect(model, request);
    const [sent] = replay.requests;
    expect(sent?.url).toBe('https://api.anthropic.com/v1/messages');
    expect(sent?.headers).toMatchObject({
      'x-api-key': 'sk-ant',
      'anthropic-version': '2023-06-01',
      'anthropic-dangerous-direct-browser-access': 'true',
    });
    expect(sent?.headers.authorization).toBeUndefined();
    expect(JSON.stringify(sent?.body)).not.toContain('SECRET-REASONING');
    expect(sent?.body.system).toBe('You answer questions about earthquakes.');
    expect(sent?.body.max_tokens).toBe(4096);
    expect(sent?.body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'Show the strongest quake.' }] },
      {
        role: 'assistant',
        content: [
          { type: 'text', text: 'Querying.' },
          { type: 'tool_use', id: 'call_1', name: 'query_sql', input: { sql: 'SELECT 1' } },
          { type: 'tool_use', id: 'call_2', name: 'fly_to', input: { longitude: 1, latitude: 2 } },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'call_1', content: '1 row: Hualien 6.1' },
          { type: 'tool_result', tool_use_id: 'call_2', content: 'No such place', is_error: true },
          { type: 'text', text: 'Thanks. And the weakest?' },
        ],
      },
    ]);
    expect(sent?.body.tools).toEqual(
      mapTools.map((tool) => ({
        name: tool.name,
        description: tool.description,
        input_schema: tool.inputSchema,
      })),
    );
  });

  it('Gemini: functionCall with its signature, functionResponse, key in x-goog-api-key, not the URL', async () => {
    const replay = replayFetch(fixture('gemini', 'text.sse'));
    const model = createGeminiModel({
      model: 'gemini-2.5-flash',
      apiKey: 'AIza-secret',
      fetch: replay.fetch,
    });
    await collect(model, request);
    const [sent] = replay.requests;
    expect(sent?.url).toBe(
      'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse',
    );
    expect(sent?.url).not.toContain('AIza');
    expect(sent?.headers['x-goog-api-key']).toBe('AIza-secret');
    expect(JSON.stringify(sent?.body)).not.toContain('SECRET-REASONING');
    expect(sent?.body.systemInstruction).toEqual({
      parts: [{ text: 'You answer questions about earthquakes.' }],
    });
    expect(sent?.body.contents).toEqual([
      { role: 'user', parts: [{ text: 'Show the strongest quake.' }] },
      {
        role: 'model',
        parts: [
          { text: 'Querying.' },
          { functionCall: { name: 'query_sql', args: { sql: 'SELECT 1' } } },
          {
            functionCall: { name: 'fly_to', args: { longitude: 1, latitude: 2 } },
            thoughtSignature: 'sig-abc',
          },
        ],
      },
      {
        role: 'user',
        parts: [
          { functionResponse: { name: 'query_sql', response: { content: '1 row: Hualien 6.1' } } },
          { functionResponse: { name: 'fly_to', response: { error: 'No such place' } } },
          { text: 'Thanks. And the weakest?' },
        ],
      },
    ]);
    const declarations = (
      sent?.body.tools as { functionDeclarations: { parameters: unknown }[] }[]
    )[0]?.functionDeclarations;
    expect(declarations?.[0]?.parameters).toEqual({
      type: 'object',
      properties: { sql: { type: 'string' }, limit: { type: 'integer' } },
      required: ['sql'],
    });
  });

  it('sends no tools and flattens earlier tool traffic to text when the round has no tools', async () => {
    const replay = replayFetch(fixture('anthropic', 'text.sse'));
    const model = createAnthropicModel({ model: 'claude', apiKey: 'k', fetch: replay.fetch });
    await collect(model, { messages: conversation });
    const body = replay.requests[0]?.body;
    expect(body?.tools).toBeUndefined();
    expect(JSON.stringify(body)).not.toContain('tool_use');
    expect(JSON.stringify(body)).toContain('Result of tool query_sql');
  });

  it("a request's own answer cap (the summary call's) overrides the model's, in each wire format", async () => {
    const summary: ModelRequest = { messages: conversation.slice(0, 2), maxTokens: 300 };
    const openai = replayFetch(fixture('openai-compatible', 'text.sse'));
    await collect(
      createOpenAICompatibleModel({
        model: 'tiny',
        baseUrl: 'http://127.0.0.1:9/v1',
        maxTokens: 2_000,
        fetch: openai.fetch,
      }),
      summary,
    );
    expect(openai.requests[0]?.body.max_tokens).toBe(300);
    const anthropic = replayFetch(fixture('anthropic', 'text.sse'));
    await collect(
      createAnthropicModel({
        model: 'claude',
        apiKey: 'k',
        maxTokens: 2_000,
        fetch: anthropic.fetch,
      }),
      summary,
    );
    expect(anthropic.requests[0]?.body.max_tokens).toBe(300);
    const gemini = replayFetch(fixture('gemini', 'text.sse'));
    await collect(
      createGeminiModel({ model: 'gemini-2.5-flash', apiKey: 'k', fetch: gemini.fetch }),
      summary,
    );
    expect(gemini.requests[0]?.body.generationConfig).toEqual({ maxOutputTokens: 300 });
    // Without one, the model's own setting stands.
    const plain = replayFetch(fixture('openai-compatible', 'text.sse'));
    await collect(
      createOpenAICompatibleModel({
        model: 'tiny',
        baseUrl: 'http://127.0.0.1:9/v1',
        maxTokens: 2_000,
        fetch: plain.fetch,
      }),
      { messages: conversation.slice(0, 2) },
    );
    expect(plain.requests[0]?.body.max_tokens).toBe(2_000);
  });

  it('toolMode none: no tool specs even when the request has tools', async () => {
    const replay = replayFetch(fixture('openai-compatible', 'text.sse'));
    const model = createOpenAICompatibleModel({
      model: 'tiny',
      baseUrl: 'http://127.0.0.1:9/v1',
      toolMode: 'none',
      fetch: replay.fetch,
    });
    expect(model.capabilities.tools).toBe(false);
    await collect(model, request);
    expect(replay.requests[0]?.body.tools).toBeUndefined();
    expect(replay.requests[0]?.headers.authorization).toBeUndefined();
  });

  it("each adapter's request for a conversation with tool calls follows its provider's documented rules", async () => {
    const openAI = replayFetch(fixture('openai-compatible', 'text.sse'));
    await collect(
      createOpenAICompatibleModel({
        model: 'o4-mini',
        apiKey: 'k',
        maxTokens: 900,
        fetch: openAI.fetch,
      }),
      request,
    );
    expect(openAIRequestViolations(openAI.requests[0]!.body)).toEqual([]);
    const anthropic = replayFetch(fixture('anthropic', 'text.sse'));
    await collect(
      createAnthropicModel({ model: 'claude-sonnet-4-5', apiKey: 'k', fetch: anthropic.fetch }),
      request,
    );
    expect(anthropicRequestViolations(anthropic.requests[0]!.body)).toEqual([]);
    const gemini = replayFetch(fixture('gemini', 'text.sse'));
    await collect(
      createGeminiModel({ model: 'gemini-2.5-flash', apiKey: 'k', fetch: gemini.fetch }),
      request,
    );
    expect(geminiRequestViolations(gemini.requests[0]!.body)).toEqual([]);
    const converse = replayFetch(converseStream(textAnswer));
    await collect(
      createBedrockConverseModel({
        model: 'us.meta.llama3-3-70b-instruct-v1:0',
        apiKey: 'k',
        maxTokens: 900,
        fetch: converse.fetch,
      }),
      request,
    );
    expect(converseRequestViolations(converse.requests[0]!.body)).toEqual([]);
  });

  it('Bedrock Converse: system blocks, toolUse and merged toolResult blocks, reasoning sent back', async () => {
    const replay = replayFetch(converseStream(textAnswer));
    const model = createBedrockConverseModel({
      model: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
      apiKey: 'ABSK-key',
      fetch: replay.fetch,
    });
    const withReasoning: Message[] = conversation.map((message) =>
      message.role === 'assistant'
        ? {
            ...message,
            toolCalls: message.toolCalls?.map((call, index) =>
              index === 0
                ? {
                    ...call,
                    providerMetadata: { bedrockReasoning: [{ text: 'Plan', signature: 'sig' }] },
                  }
                : call,
            ),
          }
        : message,
    );
    await collect(model, { messages: withReasoning, tools: mapTools });
    const [sent] = replay.requests;
    expect(sent?.headers.authorization).toBe('Bearer ABSK-key');
    // Only the signed reasoning kept on the calls goes back, not the reasoning text shown to the person.
    expect(JSON.stringify(sent?.body)).not.toContain('SECRET-REASONING');
    expect(sent?.body.system).toEqual([{ text: 'You answer questions about earthquakes.' }]);
    expect(sent?.body.inferenceConfig).toBeUndefined();
    expect(sent?.body.messages).toEqual([
      { role: 'user', content: [{ text: 'Show the strongest quake.' }] },
      {
        role: 'assistant',
        content: [
          { reasoningContent: { reasoningText: { text: 'Plan', signature: 'sig' } } },
          { text: 'Querying.' },
          { toolUse: { toolUseId: 'call_1', name: 'query_sql', input: { sql: 'SELECT 1' } } },
          {
            toolUse: { toolUseId: 'call_2', name: 'fly_to', input: { longitude: 1, latitude: 2 } },
          },
        ],
      },
      {
        role: 'user',
        content: [
          { toolResult: { toolUseId: 'call_1', content: [{ text: '1 row: Hualien 6.1' }] } },
          {
            toolResult: {
              toolUseId: 'call_2',
              content: [{ text: 'No such place' }],
              status: 'error',
            },
          },
          { text: 'Thanks. And the weakest?' },
        ],
      },
    ]);
    expect(sent?.body.toolConfig).toEqual({
      tools: mapTools.map((tool) => ({
        toolSpec: {
          name: tool.name,
          description: tool.description,
          inputSchema: { json: tool.inputSchema },
        },
      })),
    });
    expect(converseRequestViolations(sent!.body)).toEqual([]);
  });

  it('Bedrock Converse: a round without tools sends no toolConfig and no toolUse blocks', async () => {
    const replay = replayFetch(converseStream(textAnswer));
    const model = createBedrockConverseModel({
      model: 'us.amazon.nova-pro-v1:0',
      fetch: replay.fetch,
    });
    await collect(model, { messages: conversation });
    const body = replay.requests[0]!.body;
    expect(body.toolConfig).toBeUndefined();
    expect(converseRequestViolations(body)).toEqual([]);
  });

  it('the Converse rules name what Bedrock would refuse', () => {
    const violations = converseRequestViolations({
      stream: true,
      messages: [
        { role: 'user', content: [{ text: 'Hi' }] },
        {
          role: 'assistant',
          content: [{ toolUse: { toolUseId: 't1', name: 'query_sql', input: {} } }],
        },
        { role: 'user', content: [{ toolResult: { toolUseId: 't1', content: [{ text: '' }] } }] },
        { role: 'user', content: [{ text: ' ' }] },
      ],
    });
    expect(violations).toEqual([
      'extraneous key [stream] is not permitted',
      'messages[2].content[0]: toolResult.content holds a blank text',
      'messages[3]: roles must alternate between user and assistant',
      'messages[3].content[0]: the text field in the ContentBlock object is blank',
      'The toolConfig field must be defined when using toolUse and toolResult content blocks',
    ]);
  });
});
