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
import { DUCKDB_DIALECT, type SqlDialect } from './sql-dialect';
import { PREFLIGHT_TOOL_NAME, sqlToolDefinitions } from './sql-tools';
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
  /** The SQL the engine speaks: named on the tools and refused by its own rules (DuckDB by default). */
  dialect?: SqlDialect;
  /**
   * The engine's planner, for the `preflight_query` tool the approval card calls: the result's columns
   * and estimated rows without running the query. Without it the tool is not offered.
   */
  explain?: (
    sql: string,
    options: { signal: AbortSignal; timeoutMs: number },
  ) => Promise<{ columns: { name: string; type: string }[]; estimatedRows: number }>;
  /** Each table with its row count, when the engine counts them itself (schemas, views). */
  listTableCounts?: () => Promise<{ name: string; row_count: number }[]>;
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
  const dialect = options.dialect ?? DUCKDB_DIALECT;
  const server = new Server(
    { name: options.name ?? 'mapwright-sql', version: '0.1.0' },
    {
      // With `logging`, the SDK answers logging/setLevel itself and drops messages below each session's
      // level; the server logs one line per query.
      capabilities: { tools: { listChanged: true }, logging: {} },
      instructions:
        `${dialect.name} SQL over the ${dialect === DUCKDB_DIALECT ? 'loaded tables' : 'database'}. ` +
        'Call list_tables, then describe_table, then query.',
      // The SDK's default (Ajv) compiles schemas with eval, which the page's CSP forbids; the browser
      // build leaves Ajv out altogether.
      jsonSchemaValidator: new CfWorkerJsonSchemaValidator(),
    },
  );

  const tools = sqlToolDefinitions({
    writable,
    rowCap,
    explanation: options.explanationArgument ?? true,
    dialect,
    preflight: options.explain !== undefined,
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
          const counted = options.listTableCounts
            ? await options.listTableCounts()
            : await countedTables();
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
        case PREFLIGHT_TOOL_NAME:
          return await preflight(args);
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

    async function countedTables(): Promise<{ name: string; row_count: number }[]> {
      const tables = await engine.listTables();
      return Promise.all(
        tables.map(async (name) => {
          const { rows } = await engine.query(
            `SELECT count(*) AS n FROM "${name.replaceAll('"', '""')}"`,
          );
          return { name, row_count: Number(rows[0]?.n ?? 0) };
        }),
      );
    }

    // The approval card's check: the guard's refusal, else the database's own reading, never a run.
    async function preflight(checkArgs: Record<string, unknown>): Promise<CallToolResult> {
      const sql = checkArgs.sql_query;
      if (typeof sql !== 'string' || !sql.trim()) return failure('Give the SQL as "sql_query".');
      const report = (fields: Record<string, unknown>, text: string): CallToolResult => ({
        content: [{ type: 'text', text }],
        structuredContent: { dialect: dialect.name, ...fields },
      });
      const explain = options.explain!;
      const refusal = writable ? scopeRefusal(sql) : await guardRefusal(sql);
      if (refusal) {
        // A first word the guard does not know is most often a typo: the database says where.
        const unknownVerb = /refuses statements starting with/.test(refusal);
        const parseError = unknownVerb
          ? await explain(sql, { signal: extra.signal, timeoutMs }).then(
              () => undefined,
              (error: unknown) => databaseSays(error),
            )
          : undefined;
        const error = parseError ?? refusal;
        return report({ parses: false, error }, error);
      }
      try {
        const plan = await explain(sql, { signal: extra.signal, timeoutMs });
        return report(
          { parses: true, columns: plan.columns, estimated_rows: plan.estimatedRows },
          `Parses. About ${plan.estimatedRows} rows; columns ${plan.columns.map((column) => column.name).join(', ')}.`,
        );
      } catch (error) {
        const message = databaseSays(error);
        return report({ parses: false, error: message }, message);
      }
    }

    // The database's own words, said to be a parse error when they are one.
    function databaseSays(error: unknown): string {
      const message = errorMessage(error);
      return /^syntax error/i.test(message)
        ? `Does not parse (${dialect.name}): ${message}`
        : `${dialect.name}: ${message}`;
    }

    async function guardRefusal(sql: string): Promise<string | undefined> {
      // The lexer and the engine itself must both read one statement that only reads.
      const reader = engine.readStatements
        ? { readStatements: engine.readStatements.bind(engine) }
        : undefined;
      return dialect.refusal?.(sql) ?? (await readOnlyRefusal(sql, reader));
    }

    async function runQuery(queryArgs: Record<string, unknown>): Promise<CallToolResult> {
      const sql = queryArgs.sql_query;
      if (typeof sql !== 'string' || !sql.trim()) return failure('Give the SQL as "sql_query".');
      if (!writable) {
        const refusal = await guardRefusal(sql);
        if (refusal) return failure(refusal);
      } else {
        // Writing to the tables needs no extension, setting, secret or file: the guard refuses those here too.
        const refusal = dialect.refusal?.(sql) ?? scopeRefusal(sql);
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
