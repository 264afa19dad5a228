// A table's rows in the person's view: pages read from the engine only when needed, the held rows first,
// sorted and filtered in the engine; without it (or once it forgot the result), the held rows, arranged here.
import { describe, expect, it } from 'vitest';
import { TableRows } from '../../src/results/table-rows';
import { fakeRowSource } from './fake-row-source';

const all = Array.from({ length: 100_000 }, (_, index) => ({ i: index, bucket: index % 3 }));
const held = all.slice(0, 1000);

describe('the rows of a result table', () => {
  it('shows the held rows at once and reads the rest of the result from the engine on demand', async () => {
    const source = fakeRowSource(all, ['i', 'bucket']);
    const rows = new TableRows({ columns: ['i', 'bucket'], held, totalRows: 100_000, source });
    expect(rows.count).toBe(100_000);
    expect(rows.row(999)).toEqual({ i: 999, bucket: 0 });
    expect(await rows.ensure(0, 40)).toBe(false);
    expect(source.asked).toEqual([]);
    expect(rows.row(99_999)).toBeUndefined();
    expect(await rows.ensure(99_980, 100_000)).toBe(true);
    expect(rows.row(99_999)).toEqual({ i: 99_999, bucket: 0 });
    expect(source.asked).toEqual([{ view: {}, offset: 99_500, limit: 500 }]);
  });

  it('sorts and filters in the engine, counting what the filter lets through', async () => {
    const source = fakeRowSource(all, ['i', 'bucket']);
    const rows = new TableRows({ columns: ['i', 'bucket'], held, totalRows: 100_000, source });
    await rows.setView({ sort: { column: 'i', descending: true } });
    expect(rows.row(0)).toEqual({ i: 99_999, bucket: 0 });
    await rows.setView({ filter: '9999' });
    expect(rows.count).toBe(all.filter((row) => String(row.i).includes('9999')).length);
    expect(rows.row(0)?.i).toBe(9999);
  });

  it('gives every row of the view in chunks, for the CSV file', async () => {
    const source = fakeRowSource(all, ['i', 'bucket']);
    const rows = new TableRows({ columns: ['i', 'bucket'], held, totalRows: 100_000, source });
    let count = 0;
    let last: unknown;
    for await (const chunk of rows.chunks(30_000)) {
      count += chunk.length;
      last = chunk.at(-1);
    }
    expect(count).toBe(100_000);
    expect(last).toEqual({ i: 99_999, bucket: 0 });
  });

  it('turns to the held rows when the engine no longer keeps the result, and says so', async () => {
    const source = fakeRowSource(all, ['i', 'bucket']);
    const lost: unknown[] = [];
    const rows = new TableRows({
      columns: ['i', 'bucket'],
      held,
      totalRows: 100_000,
      source,
      onSourceLost: (error) => lost.push(error),
    });
    source.forget();
    await rows.ensure(50_000, 50_010);
    expect(lost).toHaveLength(1);
    expect(rows.fromEngine).toBe(false);
    expect(rows.count).toBe(1000);
    await rows.setView({ sort: { column: 'i', descending: true } });
    expect(rows.row(0)).toEqual({ i: 999, bucket: 0 });
  });

  it('without the engine, sorts the held rows here, nulls last either way', async () => {
    const rows = new TableRows({
      columns: ['name'],
      held: [{ name: 'b' }, { name: null }, { name: 'a' }, { name: 'c' }],
      totalRows: 10,
    });
    expect(rows.count).toBe(4);
    await rows.setView({ sort: { column: 'name', descending: true } });
    expect([0, 1, 2, 3].map((index) => rows.row(index)?.name)).toEqual(['c', 'b', 'a', null]);
    await rows.setView({ sort: { column: 'name', descending: false } });
    expect([0, 1, 2, 3].map((index) => rows.row(index)?.name)).toEqual(['a', 'b', 'c', null]);
  });
});
