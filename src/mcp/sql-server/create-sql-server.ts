// The SQL MCP server: one definition over any DataEngine, served in the page and in Node.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { CfWorkerJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/cfworker-provider';
import { ROW_CAPS } from '../../config/row-caps';
import { errorMessage } from '../../errors/error-message';
import { readOnlyRefusal } from '../../sql/sql-guard';
import { scopeRefusal } from '../../sql/sql-scope';
import { formatResultTable } from './format-table';
import { sqlToolDefinitions } from './sql-tools';
import type { DataEngine } from '../../data/data-engine';
import type { QueryQueue } from './query-queue';

/** How a SQL server behaves. */
export interface SqlServerOptions {
  engine: DataEngine;
  /** Server name reported at initialisation. */
  name?: string;
  /** Allow statements that change data. Off by default. */
  writable?: boolean;
  /** Most rows one query may return to the client. */
  rowCap?: number;
  /** Rows of a result shown to the model as text. */
  modelRows?: number;
  /**
   * Ask the engine to keep each query's whole result under its result id, so the page's table reads
   * every row of it (the in-page server); off by default, as no client of a remote server can.
   */
  keepResults?: boolean;
  /** Longest a query may run. */
  timeoutMs?: number;
  /** Offer the optional `explanation` argument on `query`, which the approval card shows (on by default). */
  explanationArgument?: boolean;
  /** Makes result ids; unique per server by default. */
  nextResultId?: () => string;
  /**
   * Slots shared by every session of one server: `query` calls wait here for a free slot (at most
   * `timeoutMs`, then answer busy). Without it, every call runs at once.
   */
  queryQueue?: QueryQueue;
}

let resultCounter = 0;

function defaultResultId(): string {
  resultCounter += 1;
  return `r${Date.now().toString(36)}${resultCounter.toString(36)}`;
}

function failure(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

/**
 * A query's time limit on a SQL server started without one (`npm run mcp-server`'s `--timeout-ms`). The
 * page's embedded server is always given the tool call's limit instead, so both stop together.
 */
export const DEFAULT_QUERY_TIMEOUT_MS = 30_000;

/** A new MCP server (one per client connection) exposing list_tables, describe_table and query. */
export function createSqlServer(options: SqlServerOptions): Server {
  const engine = options.engine;
  const writable = options.writable ?? false;
  const rowCap = options.rowCap ?? ROW_CAPS.perQueryMax;
  const modelRows = options.modelRows ?? ROW_CAPS.toModel;
  const timeoutMs = options.timeoutMs ?? DEFAULT_QUERY_TIMEOUT_MS;
  const nextResultId = options.nextResultId ?? defaultResultId;
  const server = new Server(
    { name: options.name ?? 'mapwright-sql', version: '0.1.0' },
    {
      // With `logging`, the SDK answers logging/setLevel itself and drops messages below each session's
      // level; the server logs one line per query.
      capabilities: { tools: { listChanged: true }, logging: {} },
      instructions:
        'DuckDB SQL over the loaded tables. Call list_tables, then describe_table, then query.',
      // The SDK's default (Ajv) compiles schemas with eval, which the page's CSP forbids; the browser
      // build leaves Ajv out altogether.
      jsonSchemaValidator: new CfWorkerJsonSchemaValidator(),
    },
  );

  const tools = sqlToolDefinitions({
    writable,
    rowCap,
    explanation: options.explanationArgument ?? true,
  });
  const toolNames = new Set(tools.map((tool) => tool.name));
  server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const args = request.params.arguments ?? {};
    if (!toolNames.has(request.params.name)) {
      // The spec makes an unknown tool a protocol error, not a tool result: the client called a name
      // the server never listed.
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown tool "${request.params.name}". Tools: ${[...toolNames].join(', ')}.`,
      );
    }
    try {
      switch (request.params.name) {
        case 'list_tables': {
          const tables = await engine.listTables();
          const counted = await Promise.all(
            tables.map(async (name) => {
              const { rows } = await engine.query(
                `SELECT count(*) AS n FROM "${name.replaceAll('"', '""')}"`,
              );
              return { name, row_count: Number(rows[0]?.n ?? 0) };
            }),
          );
          const unavailable = engine.loadFailures?.() ?? [];
          const lines = counted.length
            ? counted.map((table) => `${table.name} (${table.row_count} rows)`)
            : ['No tables are loaded.'];
          for (const failure of unavailable) {
            lines.push(
              `${failure.table}: not available, it failed to load (${failure.message.trim()})`,
            );
          }
          return {
            content: [{ type: 'text', text: lines.join('\n') }],
            structuredContent: { tables: counted, unavailable },
          };
        }
        case 'describe_table': {
          if (typeof args.table !== 'string') return failure('Give the table name as "table".');
          const description = await engine.describe(args.table);
          const lines = [`${description.table}: ${description.rowCount} rows`];
          for (const column of description.columns) {
            const samples = column.sampleValues?.length
              ? ` e.g. ${column.sampleValues.map((value) => JSON.stringify(value)).join(', ')}`
              : '';
            lines.push(`- ${column.name} ${column.type}${samples}`);
          }
          return {
            content: [{ type: 'text', text: lines.join('\n') }],
            structuredContent: { ...description },
          };
        }
        case 'query':
        default:
          return await runQuery(args);
      }
    } catch (error) {
      return failure(errorMessage(error));
    }

    async function runQuery(queryArgs: Record<string, unknown>): Promise<CallToolResult> {
      const sql = queryArgs.sql_query;
      if (typeof sql !== 'string' || !sql.trim()) return failure('Give the SQL as "sql_query".');
      if (!writable) {
        // The lexer and DuckDB itself must both read one statement that only reads.
        const reader = engine.readStatements
          ? { readStatements: engine.readStatements.bind(engine) }
          : undefined;
        const refusal = await readOnlyRefusal(sql, reader);
        if (refusal) return failure(refusal);
      } else {
        // Writing to the tables needs no extension, setting, secret or file: the guard refuses those here too.
        const refusal = scopeRefusal(sql);
        if (refusal) return failure(refusal);
      }
      const requested =
        typeof queryArgs.max_rows === 'number' ? queryArgs.max_rows : ROW_CAPS.perQueryDefault;
      const maxRows = Math.max(1, Math.min(rowCap, Math.floor(requested)));
      const resultId = nextResultId();
      const run = () =>
        engine.query(sql, {
          signal: extra.signal,
          timeoutMs,
          maxRows,
          ...(options.keepResults ? { keepAs: resultId } : {}),
        });
      // The session owns the call, so its long queries never take every slot from other sessions.
      const waitOptions = {
        signal: extra.signal,
        maxWaitMs: timeoutMs,
        ...(extra.sessionId ? { owner: extra.sessionId } : {}),
      };
      const result = await (options.queryQueue?.run(run, waitOptions) ?? run());
      void server
        .sendLoggingMessage(
          {
            level: 'info',
            logger: 'query',
            data: `${resultId}: ${result.totalRows} rows in ${Math.round(result.elapsedMs)} ms`,
          },
          extra.sessionId,
        )
        .catch(() => undefined);
      const text = formatResultTable({
        columns: result.columns,
        rows: result.rows,
        totalRows: result.totalRows,
        shownRows: modelRows,
        resultId,
      });
      return {
        content: [{ type: 'text', text }],
        structuredContent: {
          result_id: resultId,
          sql,
          columns: result.columns.map(({ name, type }) => ({ name, type })),
          rows: result.rows,
          total_rows: result.totalRows,
          truncated: result.truncated,
          elapsed_ms: result.elapsedMs,
        },
      };
    }
  });
  return server;
}
