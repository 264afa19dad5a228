// @vitest-environment jsdom
// A call's line in the timeline reads as words a person uses: a check mark alone when it went well (the
// word kept for screen readers), and what happened, in words, for every other state.
import { describe, expect, it } from 'vitest';
import { ToolCallView } from '../../../src/chat/turn/tool-call-view';
import type { CallRecord } from '../../../src/agent/conversation/conversation-document';

const call = (state: CallRecord['state']): CallRecord => ({
  callIndex: 0,
  name: 'query',
  displayArguments: { sql: 'SELECT 1' },
  state,
});

const status = (view: ToolCallView): HTMLElement =>
  view.root.querySelector<HTMLElement>('.mw-call-status')!;

describe('a tool call line', () => {
  it('shows only a check mark for a call that went well, and says Done to screen readers', () => {
    const view = new ToolCallView(call('success'));
    expect(status(view).textContent).toBe('Done');
    expect(status(view).classList).toContain('mw-call-status-quiet');
    expect(status(view).classList).toContain('mw-status-success');
  });

  it('says in words what happened to every other call, and follows its state', () => {
    const view = new ToolCallView(call('pending'));
    const words: [CallRecord['state'], string][] = [
      ['pending', 'Waiting'],
      ['running', 'Running'],
      ['error', 'Failed'],
      ['timeout', 'Timed out'],
      ['declined', 'Declined'],
      ['cancelled', 'Stopped'],
    ];
    for (const [state, text] of words) {
      view.update(call(state));
      expect(status(view).textContent).toBe(text);
      expect(status(view).classList).not.toContain('mw-call-status-quiet');
      expect(view.root.dataset.state).toBe(state);
    }
  });
});
