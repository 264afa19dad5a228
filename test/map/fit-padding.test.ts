// A fit to data leaves room for the panels over the map, so a fitted result is not drawn under them.
import { describe, expect, it } from 'vitest';
import { fitPadding } from '../../src/map/fit-padding';

const desktopMap = { left: 0, top: 0, right: 1000, bottom: 900 };

describe('fitPadding', () => {
  it('is 40 px on every side with no panel', () => {
    expect(fitPadding(desktopMap, [])).toEqual({ top: 40, right: 40, bottom: 40, left: 40 });
  });

  it('pads the left past the layer panel on a desktop', () => {
    const panel = { left: 8, top: 48, right: 318, bottom: 480 };
    expect(fitPadding(desktopMap, [panel])).toEqual({ top: 40, right: 40, bottom: 40, left: 338 });
  });

  it('pads the top below a band across a phone’s map', () => {
    const phone = { left: 0, top: 0, right: 390, bottom: 790 };
    const band = { left: 8, top: 48, right: 280, bottom: 110 };
    expect(fitPadding(phone, [band])).toEqual({ top: 130, right: 40, bottom: 40, left: 40 });
  });

  it('keeps a third of the map to fit into', () => {
    // A narrow map whose panel column would leave less than a third of its width.
    const narrow = { left: 0, top: 0, right: 300, bottom: 600 };
    const tall = { left: 0, top: 0, right: 145, bottom: 500 };
    expect(fitPadding(narrow, [tall]).left).toBe(40);
  });
});
