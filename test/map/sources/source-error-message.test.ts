import { describe, expect, it } from 'vitest';
import { sourceErrorMessage } from '../../../src/map/sources/source-error-message';

describe('map source error notices', () => {
  it('names a data layer by its title, and says when only some of its tiles failed', () => {
    const failure = { sourceId: 'counties', message: 'HTTP 404' };
    expect(sourceErrorMessage('US counties', { ...failure, someTiles: false })).toBe(
      "The layer 'US counties' could not load (HTTP 404); the rest of the map works.",
    );
    expect(sourceErrorMessage('US counties', { ...failure, someTiles: true })).toBe(
      "Some tiles of the layer 'US counties' could not load (HTTP 404); the rest of the map works.",
    );
  });

  it("calls any other source the basemap's, and an error of no source the map's", () => {
    expect(
      sourceErrorMessage(undefined, {
        sourceId: 'openmaptiles',
        someTiles: true,
        message: 'HTTP 500',
      }),
    ).toBe('Some tiles of the basemap could not load (HTTP 500); the rest of the map works.');
    expect(
      sourceErrorMessage(undefined, { sourceId: 'basemap', someTiles: false, message: 'HTTP 404' }),
    ).toBe('The basemap could not load (HTTP 404); the rest of the map works.');
    expect(
      sourceErrorMessage(undefined, { sourceId: undefined, someTiles: false, message: 'boom' }),
    ).toBe('The map reported an error: boom.');
  });
});
