// The three SQL tools as MCP sees them: names, descriptions and JSON schemas.
import { ROW_CAPS } from '../../config/row-caps';
import { DUCKDB_DIALECT, type SqlDialect } from './sql-dialect';
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
  /** The SQL the server speaks (DuckDB by default). */
  dialect?: SqlDialect;
  /** Offer `preflight_query`, the approval card's check (hidden from the model by the page). */
  preflight?: boolean;
}): McpTool[] {
  const dialect = options.dialect ?? DUCKDB_DIALECT;
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
        `Run one ${dialect.name} SQL statement: the first rows, the total count and a result_id for the map and ` +
        'chart tools. ' +
        (options.writable
          ? 'This server accepts statements that change data.'
          : `Read-only: ${dialect.readOnlyStatements}.`),
      inputSchema: {
        type: 'object',
        properties: {
          sql_query: { type: 'string', description: `One ${dialect.name} SQL statement.` },
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
    ...(options.preflight ? [preflightToolDefinition(dialect)] : []),
  ];
}

/** `_meta` key that marks the approval card's check: the page calls it itself and never offers it to the model. */
export const PREFLIGHT_META_KEY = 'mapwright/preflight';

/** The name of the pre-flight tool. */
export const PREFLIGHT_TOOL_NAME = 'preflight_query';

function preflightToolDefinition(dialect: SqlDialect): McpTool {
  return {
    name: PREFLIGHT_TOOL_NAME,
    description:
      `Check one ${dialect.name} query without running it: whether it parses, its columns and the ` +
      "planner's row estimate (EXPLAIN, never ANALYZE).",
    inputSchema: {
      type: 'object',
      properties: { sql_query: { type: 'string' } },
      required: ['sql_query'],
    },
    outputSchema: {
      type: 'object',
      properties: {
        dialect: { type: 'string' },
        parses: { type: 'boolean' },
        error: { type: 'string' },
        columns: { type: 'array', items: { type: 'object' } },
        estimated_rows: { type: 'number' },
      },
      required: ['dialect', 'parses'],
    },
    annotations: { readOnlyHint: true, idempotentHint: true },
    _meta: { [PREFLIGHT_META_KEY]: true },
  };
}
