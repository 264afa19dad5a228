// Thousands of generated attempts to hide a second statement or a write, each read by this project's
// lexer and guard and by DuckDB itself, native (Node) and WebAssembly (the page's build, run here through
// its blocking Node build). The lexer must split SQL where DuckDB's scanner does, and nothing the guard
// (or the lexer alone) lets through may be, to DuckDB, more than one statement or anything but a query.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance, StatementType, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuckDbWasmEngine } from '../../src/data/duckdb/duckdb-wasm-engine';
import { statementCount } from '../../src/data/duckdb/statement-count';
import { DuckDbNodeEngine } from '../../src/data/duckdb-node/duckdb-node-engine';
import { readOnlyRefusal } from '../../src/sql/sql-guard';
import { readOnlyViolation } from '../../src/sql/sql-read-only';
import { tokenizeSql, type SqlToken } from '../../src/sql/sql-tokens';
import { replaceUnicodeSpaces, unicodeSpaceRuleSets } from '../../src/sql/unicode-spaces';
import { nodeWasmRuntime } from '../data/wasm-node-runtime';
import { generateHiddenCalls, generateSqlInputs } from './sql-input-generator';
import type { WasmConnection, WasmDatabase } from '../../src/data/duckdb-wasm-types';

const inputs = generateSqlInputs(20_240_611, 4000);
const hiddenCalls = generateHiddenCalls(20_260_101, 1500);

// What DuckDB names in a query it parses: functions and tables, lower case (its own serialised tree).
async function namesInQuery(
  connection: DuckDBConnection,
  sql: string,
): Promise<string[] | undefined> {
  try {
    const reader = await connection.runAndReadAll(
      'SELECT json_serialize_sql($sql::VARCHAR) AS tree',
      {
        sql,
      },
    );
    const tree = JSON.parse(String(reader.getRows()[0]?.[0])) as { error?: boolean };
    if (tree.error) return undefined;
    const names = JSON.stringify(tree).matchAll(/"(?:function_name|table_name)":"([^"]*)"/g);
    return [...names].map((match) => (match[1] ?? '').toLowerCase());
  } catch {
    return undefined;
  }
}

// Names that reach beyond the tables, as DuckDB spells them in its tree.
const beyondTheTables = new Set([
  'getvariable',
  'current_setting',
  'duckdb_secrets',
  'duckdb_settings',
  'query',
  'query_table',
  'read_text',
  'read_blob',
  'glob',
  'sniff_csv',
  'pg_settings',
]);

// Statements DuckDB runs, unlocked, that no approved query may: the guard refuses them, not the engine.
const engineStatements = [
  "SELECT getvariable('x')",
  "SELECT current_setting('threads')",
  'SELECT * FROM duckdb_settings()',
  "FROM query('SELECT 1')",
  "SELECT * FROM query_table('airports')",
  'FROM pg_catalog.pg_settings',
  'SET threads = 2',
  'RESET threads',
  'CALL pragma_version()',
  'CHECKPOINT',
  "ATTACH ':memory:' AS other",
  'DETACH other',
];
const airportsCsv = 'iata,name\nDEN,Denver\nSFO,San Francisco\n';
const createAirports =
  "CREATE TABLE airports AS SELECT * FROM (VALUES ('DEN', 'Denver'), ('SFO', 'San Francisco')) t(iata, name)";
const encoder = new TextEncoder();
// DuckDB-WASM 1.4's pre-pass does not let `_` open a dollar-quote tag.
const wasmRules = { underscoreOpensDollarTag: false };

// Everything a write could change: tables and their rows, views, macros, settings, attached databases.
const fingerprintSql = `SELECT concat_ws(' | ',
  (SELECT string_agg(database_name || '.' || table_name, ',' ORDER BY 1) FROM duckdb_tables()),
  (SELECT string_agg(iata || '=' || name, ',' ORDER BY iata) FROM memory.main.airports),
  (SELECT count(*) FROM duckdb_views() WHERE NOT internal),
  (SELECT count(*) FROM duckdb_functions() WHERE NOT internal),
  (SELECT string_agg(database_name, ',' ORDER BY 1) FROM duckdb_databases()),
  (SELECT string_agg(name || '=' || coalesce(value, ''), ',' ORDER BY name) FROM duckdb_settings())
) AS fingerprint`;

/** UTF-8 byte offsets of each character index, as DuckDB reports token positions. */
function byteOffsets(sql: string): number[] {
  const offsets: number[] = [];
  let bytes = 0;
  for (const character of sql) {
    offsets.push(bytes);
    if (character.length === 2) offsets.push(bytes);
    bytes += encoder.encode(character).length;
  }
  offsets.push(bytes);
  return offsets;
}

// The most statements the lexer sees under any DuckDB version's rules for Unicode spaces.
function ourStatementCount(sql: string): number {
  return Math.max(
    ...unicodeSpaceRuleSets(sql).map((rules) => splitAtSemicolons(tokenizeSql(sql, rules)).length),
  );
}

function splitAtSemicolons(tokens: SqlToken[]): string[][] {
  const statements: string[][] = [[]];
  for (const token of tokens) {
    if (token.kind === 'punctuation' && token.text === ';') statements.push([]);
    else statements.at(-1)?.push(token.text);
  }
  return statements.filter((statement) => statement.length > 0);
}

// A statement of nothing but \v and non-ASCII letters: DuckDB 1.5 skips such a statement, the lexer
// counts it. Counting more is the safe side; this is the only way the counts may differ.
function differsOnlyBySkippedStatements(sql: string, native: number): boolean {
  const statements = splitAtSemicolons(tokenizeSql(sql));
  const skipped = statements.filter((statement) =>
    statement.every((text) => /^[\v\u0080-\uffff]+$/.test(text)),
  );
  return skipped.length > 0 && statements.length - skipped.length === native;
}

interface Reading {
  parses: boolean;
  count: number;
  reads: boolean;
}

async function nativeReading(connection: DuckDBConnection, sql: string): Promise<Reading> {
  try {
    const extracted = await connection.extractStatements(sql);
    if (extracted.count !== 1) return { parses: true, count: extracted.count, reads: false };
    const type = await extracted
      .prepare(0)
      .then((prepared) => StatementType[prepared.statementType])
      .catch(() => 'UNPREPARED');
    // A statement DuckDB cannot bind (a missing column) cannot run either; running it is tried below.
    if (type === 'SELECT' || type === 'UNPREPARED') return { parses: true, count: 1, reads: true };
    if (type !== 'EXPLAIN') return { parses: true, count: 1, reads: false };
    const explained = await nativeReading(
      connection,
      sql.replace(/^\s*EXPLAIN\s+(?:ANALYZE\s+)?/i, ''),
    );
    return { parses: true, count: 1, reads: explained.count === 1 && explained.reads };
  } catch {
    return { parses: false, count: 0, reads: false };
  }
}

describe('the guard against DuckDB, on generated SQL', () => {
  const folder = mkdtempSync(join(tmpdir(), 'mapwright-differential-'));
  const nodeEngine = new DuckDbNodeEngine();
  const wasmEngine = new DuckDbWasmEngine({ runtime: nodeWasmRuntime });
  let native: DuckDBConnection;
  let wasm: WasmDatabase;
  let wasmConnection: WasmConnection;

  beforeAll(async () => {
    writeFileSync(join(folder, 'airports.csv'), airportsCsv);
    await nodeEngine.load({ table: 'airports', format: 'csv', url: join(folder, 'airports.csv') });
    await nodeEngine.lockDown();
    await wasmEngine.load({ table: 'airports', format: 'csv', bytes: encoder.encode(airportsCsv) });
    // The oracles: plain DuckDB databases that would take any write, with no file access to lose.
    native = await (await DuckDBInstance.create(':memory:')).connect();
    await native.run(createAirports);
    await native.run('SET enable_external_access = false');
    wasm = await nodeWasmRuntime.openDatabase({ allowedOrigins: [] });
    wasmConnection = await wasm.connect();
    await wasmConnection.query(createAirports);
    await wasmConnection.query('SET enable_external_access = false');
  });
  afterAll(async () => {
    native?.closeSync();
    await wasm?.terminate();
    await Promise.all([nodeEngine.close(), wasmEngine.close()]);
    rmSync(folder, { recursive: true, force: true });
  });

  it('generates thousands of inputs, many of which DuckDB parses', () => {
    expect(inputs.length).toBe(4000);
  });

  it("splits statements and reads strings exactly where DuckDB-WASM's scanner does", async () => {
    const disagreements: string[] = [];
    for (const written of inputs) {
      // What DuckDB-WASM's parser scans: its pre-pass (1.4 rules) has turned Unicode spaces to spaces.
      const sql = replaceUnicodeSpaces(written, wasmRules);
      const theirs = await wasm.tokenize(sql);
      const bytes = encoder.encode(sql);
      const offsets = byteOffsets(sql);
      // DuckDB stops at a scanner error (an unterminated string): compare up to its last token.
      const last = theirs.offsets.at(-1) ?? -1;
      const ours = tokenizeSql(sql, wasmRules).filter(
        (token) => !(token.end === sql.length && (offsets[token.start] ?? 0) > last),
      );
      const theirSemicolons = theirs.offsets.filter(
        (offset, index) => theirs.types[index] === 3 && bytes[offset] === 0x3b,
      );
      const theirStrings = theirs.offsets.filter((_offset, index) => theirs.types[index] === 2);
      const ourSemicolons = ours
        .filter((token) => token.text === ';')
        .map((token) => offsets[token.start]);
      const ourStrings = ours
        .filter((token) => token.kind === 'string')
        .map((token) => offsets[token.start]);
      const upTo = (list: (number | undefined)[]) =>
        list.filter((offset) => (offset ?? 0) <= Math.max(last, 0));
      if (
        JSON.stringify(upTo(ourSemicolons)) !== JSON.stringify(upTo(theirSemicolons)) ||
        JSON.stringify(upTo(ourStrings)) !== JSON.stringify(upTo(theirStrings))
      ) {
        disagreements.push(written);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it('counts the statements native DuckDB counts, and never fewer under any rules', async () => {
    const fewer: string[] = [];
    const more: string[] = [];
    let parsed = 0;
    for (const sql of inputs) {
      const reading = await nativeReading(native, sql);
      if (!reading.parses) continue;
      parsed += 1;
      // Never fewer under any rules; exactly as many under DuckDB 1.5's own rules.
      if (ourStatementCount(sql) < reading.count) fewer.push(sql);
      const exact = splitAtSemicolons(tokenizeSql(sql)).length;
      if (exact !== reading.count && !differsOnlyBySkippedStatements(sql, reading.count)) {
        more.push(sql);
      }
    }
    expect(parsed).toBeGreaterThan(1000);
    expect(fewer).toEqual([]);
    expect(more).toEqual([]);
  });

  it('lets through only single queries, by the lexer alone and by the guard with either engine', async () => {
    const passedByLexer = inputs.filter((sql) => readOnlyViolation(sql) === undefined);
    expect(passedByLexer.length).toBeGreaterThan(300);
    const escapesByLexer: string[] = [];
    const escapesByGuard: string[] = [];
    let passedByGuard = 0;
    const nativeBefore = (await native.runAndReadAll(fingerprintSql)).getRows()[0]?.[0];
    const wasmFingerprint = async () =>
      String((await wasmConnection.query(fingerprintSql)).toArray()[0]?.fingerprint);
    const wasmBefore = await wasmFingerprint();
    for (const sql of passedByLexer) {
      const [byNode, byWasm] = await Promise.all([
        readOnlyRefusal(sql, nodeEngine),
        readOnlyRefusal(sql, wasmEngine),
      ]);
      const reading = await nativeReading(native, sql);
      const scanned = replaceUnicodeSpaces(sql, wasmRules);
      const wasmCount = statementCount(scanned, await wasm.tokenize(scanned));
      const escapes = reading.parses && (reading.count !== 1 || !reading.reads);
      const described = `${JSON.stringify(sql)}: DuckDB reads ${reading.count} statement(s) (WASM ${wasmCount}), only reads: ${reading.reads}`;
      if (escapes) escapesByLexer.push(described);
      if (byNode === undefined) {
        passedByGuard += 1;
        if (escapes) escapesByGuard.push(`${described}; passed by the guard over native DuckDB`);
      }
      // DuckDB-WASM tells only the count: the page relies on its rolled-back transaction for the rest.
      if (byWasm === undefined && (wasmCount > 1 || (reading.parses && reading.count !== 1))) {
        escapesByGuard.push(`${described}; passed by the guard over DuckDB-WASM`);
      }
      // Run it for real on both oracles: nothing may change.
      await native.run(sql).catch(() => undefined);
      await wasmConnection.query(sql).catch(() => undefined);
    }
    expect(escapesByGuard).toEqual([]);
    expect(escapesByLexer).toEqual([]);
    expect(passedByGuard).toBeGreaterThan(100);
    expect((await native.runAndReadAll(fingerprintSql)).getRows()[0]?.[0]).toBe(nativeBefore);
    expect(await wasmFingerprint()).toBe(wasmBefore);
    // About 2,500 inputs, each through both guards and four more engine calls: 13 s on two loaded
    // cores (half of it the guards), past the 20 s default when another file's browser runs beside it.
  }, 120_000);

  it('refuses what DuckDB runs on the engine rather than the tables, with a sentence', async () => {
    for (const sql of engineStatements) {
      // The unlocked oracle runs it: only the guard stands in the way.
      await expect(native.run(sql), sql).resolves.toBeDefined();
      const [byNode, byWasm] = await Promise.all([
        readOnlyRefusal(sql, nodeEngine),
        readOnlyRefusal(sql, wasmEngine),
      ]);
      expect(byNode, sql).toMatch(/so it was not run/);
      expect(byWasm, sql).toBe(byNode);
    }
  });

  it('refuses every generated query that DuckDB reads as calling beyond the tables', async () => {
    let reaching = 0;
    const escapes: string[] = [];
    // A connection of its own: the oracle's may be left inside a failed transaction by now.
    const parser = await (await DuckDBInstance.create(':memory:')).connect();
    for (const sql of hiddenCalls) {
      const names = await namesInQuery(parser, sql);
      if (!names?.some((name) => beyondTheTables.has(name))) continue;
      reaching += 1;
      const [byNode, byWasm] = await Promise.all([
        readOnlyRefusal(sql, nodeEngine),
        readOnlyRefusal(sql, wasmEngine),
      ]);
      if (byNode === undefined || byWasm === undefined) escapes.push(JSON.stringify(sql));
    }
    parser.closeSync();
    expect(reaching).toBeGreaterThan(150);
    expect(escapes).toEqual([]);
  });
});
