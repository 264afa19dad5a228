// The SQL that pages a kept result: names quoted, the filter a literal, the person's query only ever the
// tail of CREATE TABLE … AS, ties broken by the query's own order so pages never overlap.
import { describe, expect, it } from 'vitest';
import {
  keepResultSql,
  keptResultTable,
  resultCountSql,
  resultPageSql,
} from '../../src/data/kept-result-sql';

describe('the SQL of a kept result', () => {
  it('keeps a result in its own schema, with the query last so its comment or semicolon ends nothing', () => {
    expect(keepResultSql('r1', 'SELECT 1 -- the end')).toBe(
      'CREATE TABLE "mapwright_results"."r1" AS\nSELECT 1 -- the end',
    );
    expect(keptResultTable('we"ird')).toBe('"mapwright_results"."we""ird"');
  });

  it('reads an unsorted, unfiltered page by position alone', () => {
    expect(resultPageSql('r1', ['a'], {}, 99_990, 20)).toBe(
      'SELECT * FROM "mapwright_results"."r1" WHERE rowid >= 99990 AND rowid < 100010 ORDER BY rowid',
    );
  });

  it('sorts in the engine, nulls last, ties in the order the query gave', () => {
    expect(
      resultPageSql(
        'r1',
        ['mag', 'place'],
        { sort: { column: 'mag', descending: true } },
        500,
        100,
      ),
    ).toBe(
      'SELECT * FROM "mapwright_results"."r1" ORDER BY "mag" DESC NULLS LAST, rowid LIMIT 100 OFFSET 500',
    );
  });

  it('filters on every column as text, the person’s words as one quoted literal', () => {
    const sql = resultPageSql('r1', ['a', 'b"c'], { filter: " O'Hare " }, 0, 10);
    expect(sql).toBe(
      'SELECT * FROM "mapwright_results"."r1" WHERE ' +
        `contains(lower(CAST("a" AS VARCHAR)), 'o''hare') OR contains(lower(CAST("b""c" AS VARCHAR)), 'o''hare') ` +
        'ORDER BY rowid LIMIT 10 OFFSET 0',
    );
    expect(resultCountSql('r1', ['a'], { filter: 'x' })).toBe(
      `SELECT count(*) AS n FROM "mapwright_results"."r1" WHERE contains(lower(CAST("a" AS VARCHAR)), 'x')`,
    );
    expect(resultCountSql('r1', ['a'], { filter: '  ' })).toBe(
      'SELECT count(*) AS n FROM "mapwright_results"."r1"',
    );
  });

  it('refuses a column the result does not have, and a page that is no whole number of rows', () => {
    expect(() =>
      resultPageSql('r1', ['a'], { sort: { column: 'a; DROP', descending: false } }, 0, 1),
    ).toThrow('no column "a; DROP"');
    expect(() => resultPageSql('r1', ['a'], {}, -1, 10)).toThrow(RangeError);
    expect(() => resultPageSql('r1', ['a'], {}, 0, 1.5)).toThrow(RangeError);
  });
});
