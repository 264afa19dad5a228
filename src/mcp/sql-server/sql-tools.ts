// The three SQL tools as MCP sees them: names, descriptions and JSON schemas.
import { ROW_CAPS } from '../../config/row-caps';
import type { Tool as McpTool } from '@modelcontextprotocol/sdk/types.js';

/** The optional `query` argument the approval card shows as the model's explanation; never run. */
export const EXPLANATION_ARGUMENT = {
  type: 'string',
  description: 'One sentence for the person approving: what this query finds and why.',
};

/** list_tables, describe_table and query, with schemas the client can validate. */
export function sqlToolDefinitions(options: {
  writable: boolean;
  rowCap: number;
  /** Offer `query` the optional `explanation` argument (explainCalls.explanationArgument); default true. */
  explanation?: boolean;
}): McpTool[] {
  const columnsSchema = {
    type: 'array',
    items: {
      type: 'object',
      properties: { name: { type: 'string' }, type: { type: 'string' } },
      required: ['name', 'type'],
    },
  };
  return [
    {
      name: 'list_tables',
      description: 'The tables you can query, with row counts.',
      inputSchema: { type: 'object', properties: {} },
      annotations: { readOnlyHint: true, idempotentHint: true },
    },
    {
      name: 'describe_table',
      description: 'Columns, types, row count and a few values of each text column of one table.',
      inputSchema: {
        type: 'object',
        properties: { table: { type: 'string', description: 'Table name' } },
        required: ['table'],
      },
      annotations: { readOnlyHint: true, idempotentHint: true },
    },
    {
      name: 'query',
      description:
        'Run one DuckDB SQL statement: the first rows, the total count and a result_id for the map and ' +
        'chart tools. ' +
        (options.writable
          ? 'This server accepts statements that change data.'
          : 'Read-only: SELECT, WITH, DESCRIBE, SHOW, EXPLAIN, SUMMARIZE.'),
      inputSchema: {
        type: 'object',
        properties: {
          sql_query: { type: 'string', description: 'One DuckDB SQL statement.' },
          max_rows: {
            type: 'integer',
            minimum: 1,
            maximum: options.rowCap,
            description: `Rows to return (default ${Math.min(ROW_CAPS.perQueryDefault, options.rowCap)}, at most ${options.rowCap}).`,
          },
          ...(options.explanation === false ? {} : { explanation: EXPLANATION_ARGUMENT }),
        },
        required: ['sql_query'],
      },
      outputSchema: {
        type: 'object',
        properties: {
          result_id: { type: 'string' },
          sql: { type: 'string' },
          columns: columnsSchema,
          rows: { type: 'array', items: { type: 'object' } },
          total_rows: { type: 'integer' },
          truncated: { type: 'boolean' },
          elapsed_ms: { type: 'number' },
        },
        required: ['result_id', 'columns', 'rows', 'total_rows', 'truncated'],
      },
      annotations: { readOnlyHint: !options.writable },
    },
  ];
}
