// list_tables and describe_table on PostgreSQL: the tables and views the role may read, in every schema
// (a table outside public is named `schema.table`), with PostGIS geometry columns written as
// `geometry(Point,4326)`, so the model knows their kind and SRID.
import type { ColumnInfo, TableDescription } from '../data-engine';
import type pg from 'pg';

const sampleCount = 5;
const maxSampledColumns = 30;
const textType = /^(?:text|character varying(?:\(\d+\))?|character(?:\(\d+\))?|name|citext)$/;

// Tables, views and materialised views the role may read; an extension's own (PostGIS's
// spatial_ref_sys, geometry_columns) are left out.
const readableRelations = `
  SELECT c.oid,
         CASE WHEN n.nspname = 'public' THEN c.relname ELSE n.nspname || '.' || c.relname END AS name
  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
  WHERE c.relkind IN ('r', 'v', 'm', 'p', 'f')
    AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_%'
    AND has_table_privilege(c.oid, 'SELECT')
    AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass
                    AND d.objid = c.oid AND d.deptype = 'e')`;

/** The names of the tables the role may read, `schema.table` outside public. */
export async function listPostgresTables(client: pg.ClientBase): Promise<string[]> {
  const result = await client.query<{ name: string }>(`${readableRelations} ORDER BY 2`);
  return result.rows.map((row) => row.name);
}

function quoted(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}

/** Columns (geometry with its kind and SRID), exact row count and a few values of each text column. */
export async function describePostgresTable(
  client: pg.ClientBase,
  table: string,
): Promise<TableDescription> {
  const found = await client.query<{ oid: number; name: string }>(
    `SELECT * FROM (${readableRelations}) r WHERE r.name = $1`,
    [table],
  );
  const relation = found.rows[0];
  if (!relation) {
    const names = await listPostgresTables(client);
    throw new Error(
      `No table named "${table}". Tables: ${names.join(', ') || '(none)'}. Call list_tables to see them.`,
    );
  }
  const described = await client.query<{ name: string; type: string; qualified: string }>(
    `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type,
            quote_ident(n.nspname) || '.' || quote_ident(c.relname) AS qualified
     FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE a.attrelid = $1 AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
    [relation.oid],
  );
  const qualified = described.rows[0]?.qualified ?? quoted(table);
  const columns: ColumnInfo[] = described.rows.map((row) => ({ name: row.name, type: row.type }));
  const counted = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${qualified}`);
  for (const column of columns
    .filter((each) => textType.test(each.type))
    .slice(0, maxSampledColumns)) {
    const name = quoted(column.name);
    const values = await client.query<{ value: string }>(
      `SELECT DISTINCT value FROM (SELECT ${name} AS value FROM ${qualified} WHERE ${name} IS NOT NULL LIMIT 1000) s LIMIT ${sampleCount}`,
    );
    column.sampleValues = values.rows.map((row) => String(row.value));
  }
  return { table: relation.name, columns, rowCount: Number(counted.rows[0]?.n ?? 0) };
}
