// An MCP result becomes typed data once, where it is made: a table when it carries one (structured rows,
// JSON rows, a markdown table, CSV), else its parts; the text for the model is whole (the registry cuts).
import { describe, expect, it } from 'vitest';
import { toToolResult } from '../../../src/mcp/results/mcp-result';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

const text = (body: string): CallToolResult => ({ content: [{ type: 'text', text: body }] });

describe('the data of an MCP result', () => {
  it('reads structured content with rows and typed columns as a table with its id and total', () => {
    const result = toToolResult({
      content: [{ type: 'text', text: '2 rows' }],
      structuredContent: {
        result_id: 'r9',
        sql: 'SELECT 1',
        columns: [
          { name: 'state', type: 'VARCHAR' },
          { name: 'n', type: 'BIGINT' },
        ],
        rows: [
          { state: 'TX', n: 209 },
          { state: 'CA', n: 205 },
        ],
        total_rows: 40,
      },
    });
    expect(result).toEqual({
      content: '2 rows',
      data: {
        kind: 'table',
        resultId: 'r9',
        sql: 'SELECT 1',
        columns: [
          { name: 'state', type: 'VARCHAR' },
          { name: 'n', type: 'BIGINT' },
        ],
        rows: [
          { state: 'TX', n: 209 },
          { state: 'CA', n: 205 },
        ],
        totalRows: 40,
        truncated: true,
      },
    });
  });

  it('reads rows given as arrays beside named columns', () => {
    const { data } = toToolResult({
      content: [],
      structuredContent: { columns: ['city', 'pop'], rows: [['Oslo', 700000]] },
    });
    expect(data).toEqual({
      kind: 'table',
      columns: [
        { name: 'city', type: 'string' },
        { name: 'pop', type: 'number' },
      ],
      rows: [{ city: 'Oslo', pop: 700000 }],
      totalRows: 1,
    });
  });

  it('reads JSON text that is an array of objects as a table, typing columns by their values', () => {
    const body = JSON.stringify([
      { id: 1, name: 'Anchorage', open: true },
      { id: 2, name: 'Juneau', open: false, note: null },
    ]);
    const result = toToolResult(text(body));
    expect(result.content).toBe(body);
    expect(result.data).toEqual({
      kind: 'table',
      columns: [
        { name: 'id', type: 'number' },
        { name: 'name', type: 'string' },
        { name: 'open', type: 'boolean' },
        { name: 'note', type: 'null' },
      ],
      rows: [
        { id: 1, name: 'Anchorage', open: true },
        { id: 2, name: 'Juneau', open: false, note: null },
      ],
      totalRows: 2,
    });
  });

  it('reads a markdown table, escaped pipes and short rows included', () => {
    const { data } = toToolResult(
      text('\n| state | note |\n|:---|---:|\n| TX | a \\| b |\n| CA |\n'),
    );
    expect(data).toEqual({
      kind: 'table',
      columns: [
        { name: 'state', type: 'string' },
        { name: 'note', type: 'string' },
      ],
      rows: [
        { state: 'TX', note: 'a | b' },
        { state: 'CA', note: '' },
      ],
      totalRows: 2,
    });
  });

  it('reads CSV text, quoted fields included', () => {
    const { data } = toToolResult(
      text('iata,name,state\r\n00M,"Thigpen, Field",MS\r\n00R,Livingston,TX\r\n'),
    );
    expect(data).toEqual({
      kind: 'table',
      columns: [
        { name: 'iata', type: 'string' },
        { name: 'name', type: 'string' },
        { name: 'state', type: 'string' },
      ],
      rows: [
        { iata: '00M', name: 'Thigpen, Field', state: 'MS' },
        { iata: '00R', name: 'Livingston', state: 'TX' },
      ],
      totalRows: 2,
    });
  });

  it('reads an embedded CSV resource by its MIME type', () => {
    const { data } = toToolResult({
      content: [
        {
          type: 'resource',
          resource: { uri: 'file:///a.csv', mimeType: 'text/csv', text: 'a,b\n1,2' },
        },
      ],
    });
    expect(data).toMatchObject({ kind: 'table', rows: [{ a: '1', b: '2' }] });
  });

  it('keeps prose, lists of values and mixed content as MCP parts, not tables', () => {
    for (const body of [
      'Done, 3 rows.\nOk, bye.',
      'Hello, world',
      'Echo: a | b',
      '[1, 2, 3]',
      '[]',
      'a,b\n1,2,3',
    ]) {
      expect(toToolResult(text(body)).data, body).toEqual({
        kind: 'mcp',
        content: [{ type: 'text', text: body }],
      });
    }
    const mixed = toToolResult({
      content: [
        { type: 'text', text: 'a,b\n1,2' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      ],
    });
    expect(mixed.data).toEqual({
      kind: 'mcp',
      content: [
        { type: 'text', text: 'a,b\n1,2' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      ],
    });
    expect(mixed.content).toContain('[image image/png, 9 bytes, shown to the person]');
  });

  it('keeps structured content without rows as MCP data, with its parts', () => {
    const { data } = toToolResult({
      content: [{ type: 'resource_link', uri: 'file:///x', name: 'x', mimeType: 'text/plain' }],
      structuredContent: { temperature: 21 },
    });
    expect(data).toEqual({
      kind: 'mcp',
      content: [{ type: 'resource', uri: 'file:///x', name: 'x', mimeType: 'text/plain' }],
      structuredContent: { temperature: 21 },
    });
  });

  it('reads JSON rows in the text when the structured content only wraps that text again', () => {
    // @modelcontextprotocol/server-filesystem's directory_tree answers this way.
    const rows = '[{"name": "cities.csv", "type": "file"}, {"name": "sub", "type": "directory"}]';
    const { data } = toToolResult({
      content: [{ type: 'text', text: rows }],
      structuredContent: { content: rows },
    });
    expect(data).toMatchObject({
      kind: 'table',
      columns: [
        { name: 'name', type: 'string' },
        { name: 'type', type: 'string' },
      ],
      totalRows: 2,
    });
  });

  it('gives the model the whole text: cutting it is the registry’s job alone', () => {
    const long = 'x'.repeat(20_000);
    expect(toToolResult(text(long)).content).toBe(long);
  });

  it('keeps an error an error, with no data', () => {
    expect(toToolResult({ content: [{ type: 'text', text: 'a,b\n1,2' }], isError: true })).toEqual({
      content: 'a,b\n1,2',
      isError: true,
    });
  });
});
