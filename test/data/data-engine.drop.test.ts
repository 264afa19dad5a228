// Dropping a table (an upload the person removed): the table is gone from SQL, and the same name can be
// loaded again with other data. The native engine directly, and through the lazy engine the app uses.
import { describe, expect, it } from 'vitest';
import { DuckDbNodeEngine } from '../../src/data/duckdb-node/duckdb-node-engine';
import { LazyDataEngine } from '../../src/data/lazy-data-engine';
import { countingLazyEngine } from './counting-lazy-engine';

const encode = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('dropping a table', () => {
  it('takes it out of SQL, and the same name loads again with new data', async () => {
    const engine = new DuckDbNodeEngine();
    try {
      await engine.load({ table: 'stations', format: 'csv', bytes: encode('name\nNorth\n') });
      await engine.drop('stations');
      expect(await engine.listTables()).not.toContain('stations');
      await expect(engine.query('SELECT * FROM stations')).rejects.toThrow(/stations/);
      await engine.load({
        table: 'stations',
        format: 'csv',
        bytes: encode('name\nSouth\nEast\n'),
      });
      const { rows } = await engine.query('SELECT name FROM stations ORDER BY name');
      expect(rows).toEqual([{ name: 'East' }, { name: 'South' }]);
    } finally {
      await engine.close();
    }
  });

  it('waits for a load under way, so the dropped table does not come back', async () => {
    const engine = new DuckDbNodeEngine();
    try {
      const loading = engine.load({ table: 'late', format: 'csv', bytes: encode('a\n1\n') });
      await engine.drop('late');
      await loading;
      expect(await engine.listTables()).not.toContain('late');
    } finally {
      await engine.close();
    }
  });

  it('is no error for a table that is not there, or before the engine started', async () => {
    const engine = new DuckDbNodeEngine();
    await expect(engine.drop('nothing')).resolves.toBeUndefined();
    await engine.load({ table: 'kept', format: 'csv', bytes: encode('a\n1\n') });
    await expect(engine.drop('nothing')).resolves.toBeUndefined();
    expect(await engine.listTables()).toContain('kept');
    await engine.close();
  });

  it('through the lazy engine: a declared table dropped before start never loads', async () => {
    const { engine, created } = countingLazyEngine();
    try {
      engine.declare({ table: 'restored', format: 'csv', bytes: encode('a\n1\n') });
      engine.declare({ table: 'other', format: 'csv', bytes: encode('b\n2\n') });
      await engine.drop('restored');
      expect(created()).toBe(0);
      expect(await engine.listTables()).toEqual(['other']);
    } finally {
      await engine.close();
    }
  });

  it('through the lazy engine: a table of the started engine is dropped there', async () => {
    const engine = new LazyDataEngine(() => new DuckDbNodeEngine());
    try {
      await engine.load({ table: 'uploaded', format: 'csv', bytes: encode('a\n1\n') });
      await engine.drop('uploaded');
      expect(await engine.listTables()).not.toContain('uploaded');
    } finally {
      await engine.close();
    }
  });
});
