// @vitest-environment jsdom
// The data engine starts when the person is about to ask (the question box takes focus, or a turn
// starts), once, and never for a page nobody asks anything.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadData } from '../../src/chat/preload-data';
import type { DataEngine } from '../../src/data/data-engine';

function fakeEngine() {
  const listTables = vi.fn(async () => ['airports']);
  return { engine: { listTables } as unknown as DataEngine, listTables };
}

/** A question box in the page, as the chat's input form holds its textarea. */
function questionBox(): { form: HTMLFormElement; textarea: HTMLTextAreaElement } {
  const form = document.createElement('form');
  const textarea = document.createElement('textarea');
  form.append(textarea);
  document.body.append(form);
  return { form, textarea };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.replaceChildren();
});

describe('starting the data engine before the first question', () => {
  it('does not start it while nobody is about to ask', async () => {
    const { engine, listTables } = fakeEngine();
    const { form } = questionBox();
    const preload = preloadData(Promise.resolve(engine), form);
    await settled();
    expect(listTables).not.toHaveBeenCalled();
    preload.destroy();
  });

  it('starts it once when the question box takes focus', async () => {
    const { engine, listTables } = fakeEngine();
    const { form, textarea } = questionBox();
    const preload = preloadData(Promise.resolve(engine), form);
    textarea.focus();
    textarea.blur();
    textarea.focus();
    await settled();
    expect(listTables).toHaveBeenCalledTimes(1);
    preload.start();
    await settled();
    expect(listTables).toHaveBeenCalledTimes(1);
    preload.destroy();
  });

  it('starts it when a turn starts without the box (a suggestion, the host page, a resumed turn)', async () => {
    const { engine, listTables } = fakeEngine();
    const { form } = questionBox();
    const preload = preloadData(Promise.resolve(engine), form);
    preload.start();
    await settled();
    expect(listTables).toHaveBeenCalledTimes(1);
    preload.destroy();
  });

  it('starts nothing once destroyed, and waits for the data side to be there', async () => {
    const { engine, listTables } = fakeEngine();
    const { form, textarea } = questionBox();
    let arrive: (engine: DataEngine) => void = () => undefined;
    const preload = preloadData(new Promise((resolve) => (arrive = resolve)), form);
    preload.start();
    preload.destroy();
    arrive(engine);
    await settled();
    textarea.focus();
    await settled();
    expect(listTables).not.toHaveBeenCalled();
  });

  it('says nothing when the data side did not start or a table failed to load', async () => {
    const { form } = questionBox();
    const failing = { listTables: vi.fn(async () => Promise.reject(new Error('no'))) };
    const one = preloadData(Promise.resolve(failing as unknown as DataEngine), form);
    one.start();
    const two = preloadData(Promise.reject(new Error('no data side')), form);
    two.start();
    const three = preloadData(Promise.resolve(undefined), form);
    three.start();
    await settled();
    expect(failing.listTables).toHaveBeenCalledTimes(1);
    for (const preload of [one, two, three]) preload.destroy();
  });
});
