// The line under a result table says honestly which rows it shows and what the conversation keeps.
import { describe, expect, it } from 'vitest';
import { resultCaption } from '../../src/results/result-caption';

describe('the caption of a result table', () => {
  it('says every row comes from the engine, and how many the conversation keeps', () => {
    expect(
      resultCaption({ totalRows: 100_000, heldRows: 1000, viewRows: 100_000, fromEngine: true }),
    ).toBe(
      '100,000 rows, every one read from the engine; the conversation keeps the first 1,000, after a reload Run again reads the rest',
    );
    expect(resultCaption({ totalRows: 800, heldRows: 800, viewRows: 800, fromEngine: true })).toBe(
      '800 rows',
    );
  });

  it('counts the rows a filter lets through', () => {
    expect(
      resultCaption({
        totalRows: 100_000,
        heldRows: 100_000,
        viewRows: 19,
        filter: '9999',
        fromEngine: true,
        storedRows: 5000,
      }),
    ).toMatch(
      /^19 of 100,000 rows contain “9999”, every one read from the engine; the conversation keeps the first 5,000/,
    );
  });

  it('after a reload, says the rows shown are those kept with the conversation', () => {
    expect(
      resultCaption({
        totalRows: 100_000,
        heldRows: 5000,
        viewRows: 5000,
        fromEngine: false,
        storedRows: 5000,
      }),
    ).toBe(
      '100,000 rows: the first 5,000 kept with the conversation are here (results are stored up to 5,000 rows or 5 MB); run the query again for the rest',
    );
  });

  it('says when the engine let the result go, and when a server sent only some rows', () => {
    expect(
      resultCaption({
        totalRows: 2_000,
        heldRows: 1000,
        viewRows: 1000,
        fromEngine: false,
        engineLost: true,
      }),
    ).toContain(
      'the engine no longer holds this result, so the first 1,000 the page holds are here',
    );
    expect(
      resultCaption({ totalRows: 2_000, heldRows: 1000, viewRows: 1000, fromEngine: false }),
    ).toBe(
      '2,000 rows: the first 1,000 came back with the result and are here; run the query again for the rest',
    );
  });
});
