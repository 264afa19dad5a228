import { describe, expect, it } from 'vitest';
import { createRecoveryContext } from '../../src/providers/text-call-syntax';
import { recoverToolCalls } from '../../src/providers/tool-call-recovery';

const context = createRecoveryContext(['query_sql', 'fly_to', 'list_layers']);
const recover = (text: string) => recoverToolCalls(text, context);
const summary = (text: string) => {
  const result = recover(text);
  return {
    text: result.text,
    calls: result.calls.map(({ name, arguments: args, argumentsError }) => ({
      name,
      args,
      argumentsError,
    })),
  };
};

describe('tool calls written as text are recovered', () => {
  it('<tool_call> with a JSON body, and the text around it kept', () => {
    expect(
      summary(
        'Checking.\n<tool_call>\n{"name": "query_sql", "arguments": {"sql": "SELECT 1"}}\n</tool_call>\nDone soon.',
      ),
    ).toEqual({
      text: 'Checking.\n\nDone soon.',
      calls: [{ name: 'query_sql', args: { sql: 'SELECT 1' }, argumentsError: undefined }],
    });
  });

  it('<tool_call> whose closing tag never came', () => {
    const result = summary(
      '<tool_call>{"name": "fly_to", "arguments": {"latitude": 1, "longitude": 2}}',
    );
    expect(result.calls).toEqual([
      { name: 'fly_to', args: { latitude: 1, longitude: 2 }, argumentsError: undefined },
    ]);
    expect(result.text).toBe('');
  });

  it('several <tool_call> blocks in one answer', () => {
    const result = summary(
      '<tool_call>{"name":"list_layers","arguments":{}}</tool_call>\n<tool_call>{"name":"fly_to","arguments":{"zoom":3}}</tool_call>',
    );
    expect(result.calls.map((call) => call.name)).toEqual(['list_layers', 'fly_to']);
  });

  it('<function=name> with <parameter=x> children, values typed when they are JSON', () => {
    const result = summary(
      '<tool_call>\n<function=query_sql>\n<parameter=sql>\nSELECT place FROM quakes\n</parameter>\n<parameter=limit>\n5\n</parameter>\n</function>\n</tool_call>',
    );
    expect(result.calls).toEqual([
      {
        name: 'query_sql',
        args: { sql: 'SELECT place FROM quakes', limit: 5 },
        argumentsError: undefined,
      },
    ]);
    expect(result.text).toBe('');
  });

  it('<function=name> with a JSON body and no <tool_call> wrapper', () => {
    const result = summary(
      'Sure.\n<function=fly_to>{"latitude": 48.1, "longitude": 11.6}</function>',
    );
    expect(result).toEqual({
      text: 'Sure.',
      calls: [
        { name: 'fly_to', args: { latitude: 48.1, longitude: 11.6 }, argumentsError: undefined },
      ],
    });
  });

  it('bare JSON at the start of a line, with `parameters` standing for `arguments`', () => {
    const result = summary(
      'I will query.\n{"name": "query_sql", "parameters": {"sql": "SELECT 2"}}',
    );
    expect(result).toEqual({
      text: 'I will query.',
      calls: [{ name: 'query_sql', args: { sql: 'SELECT 2' }, argumentsError: undefined }],
    });
  });

  it('the OpenAI shape {"type":"function","function":{...}} with arguments as a JSON string, several in a row', () => {
    const result = summary(
      '{"type": "function", "function": {"name": "fly_to", "arguments": "{\\"zoom\\": 4}"}}\n{"type": "function", "function": {"name": "list_layers", "arguments": {}}}',
    );
    expect(result.calls).toEqual([
      { name: 'fly_to', args: { zoom: 4 }, argumentsError: undefined },
      { name: 'list_layers', args: {}, argumentsError: undefined },
    ]);
    expect(result.text).toBe('');
  });

  it('two objects on one line separated by a comma', () => {
    const result = summary(
      '{"name": "fly_to", "arguments": {"zoom": 1}}, {"name": "list_layers", "arguments": {}}',
    );
    expect(result.calls.map((call) => call.name)).toEqual(['fly_to', 'list_layers']);
  });

  it('a fenced ```json block holding a call, fence removed too', () => {
    const result = summary('Here:\n```json\n{"name": "list_layers", "arguments": {}}\n```\n');
    expect(result).toEqual({
      text: 'Here:',
      calls: [{ name: 'list_layers', args: {}, argumentsError: undefined }],
    });
  });

  it('name({...}) for a registered name', () => {
    const result = summary('Let me move the map: fly_to({"latitude": 10, "longitude": 20})');
    expect(result).toEqual({
      text: 'Let me move the map:',
      calls: [{ name: 'fly_to', args: { latitude: 10, longitude: 20 }, argumentsError: undefined }],
    });
  });

  it('repairs malformed argument JSON (single quotes, trailing comma)', () => {
    const result = summary(
      "<tool_call>{'name': 'query_sql', 'arguments': {'sql': 'SELECT 3',}}</tool_call>",
    );
    expect(result.calls).toEqual([
      { name: 'query_sql', args: { sql: 'SELECT 3' }, argumentsError: undefined },
    ]);
  });

  it('returns arguments it cannot repair as an error naming the problem', () => {
    const result = recover(
      '<tool_call>{"name": "query_sql", "arguments": "{\\"sql\\": \\"x\\" ) }"}</tool_call>',
    );
    expect(result.calls).toHaveLength(1);
    expect(result.calls[0]?.arguments).toEqual({});
    expect(result.calls[0]?.argumentsError).toMatch(/query_sql.*not valid JSON/);
  });
});

describe('prose stays prose', () => {
  const unchanged = [
    'A GeoJSON feature looks like {"type": "Feature", "geometry": null} in most files.',
    'Example config:\n{"name": "Alice", "arguments": {"age": 3}}',
    '{"name": "query_sql"}',
    'Use the `query_sql` tool to ask for rows, e.g. query_sql is the one you want.',
    'Call fly_to(latitude, longitude) to move the map.',
    '<tool_call>{"name": "delete_everything", "arguments": {}}</tool_call>',
    '```js\nconst call = {"name": "fly_to", "arguments": {}};\n```',
    'Braces { like this } are fine.\n{ not json at all }',
    'The set {1, 2, 3} has three members.',
  ];
  for (const text of unchanged) {
    it(`keeps: ${JSON.stringify(text).slice(0, 60)}`, () => {
      expect(recover(text)).toEqual({ text, calls: [] });
    });
  }

  it('recovers nothing when no tools are registered', () => {
    const text = '<tool_call>{"name": "query_sql", "arguments": {}}</tool_call>';
    expect(recoverToolCalls(text, createRecoveryContext([]))).toEqual({ text, calls: [] });
  });
});
