// @vitest-environment jsdom
// The approval card is a view of the conversation's interruption: it appears with it, keeps the
// person's typing while they edit, goes once they decide, and says how long it has waited.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Conversation } from '../../src/agent/conversation/conversation';
import { PendingApprovalView, waitedText } from '../../src/approval/pending-approval-view';
import { waiting } from './waiting-conversation';
import type { ApprovalDecision } from '../../src/agent/types';

afterEach(() => document.body.replaceChildren());

describe('the pending approval view', () => {
  it('says nothing of a short wait, then minutes, then hours', () => {
    expect(waitedText(59_000)).toBe('');
    expect(waitedText(6 * 60_000 + 5_000)).toBe('Waiting for you · 6 min');
    expect(waitedText(125 * 60_000)).toBe('Waiting for you · 2 h 5 min');
  });

  it('shows the waiting card from the document, keeps it while the person types, and closes it on a decision', () => {
    const conversation = waiting();
    const slot = document.createElement('div');
    document.body.append(slot);
    let clock = 1_000 + 6 * 60_000;
    const decided: ApprovalDecision[][] = [];
    const view = new PendingApprovalView({ slot, now: () => clock });
    const shown = view.show(conversation, (decisions) => {
      decided.push(decisions);
      conversation.dispatch({ type: 'approval-decided', decisions, at: 0 });
    });
    const card = view.openCard;
    expect(card).toBeDefined();
    expect(slot.querySelector('.mw-approval-waited')?.textContent).toBe('Waiting for you · 6 min');
    conversation.dispatch({
      type: 'approval-edited',
      callId: 'c1',
      arguments: { sql_query: 'SELECT 2' },
    });
    expect(view.openCard).toBe(card);
    card!.calls[0]!.approve();
    expect(decided).toEqual([[{ kind: 'approve' }]]);
    expect(view.openCard).toBeUndefined();
    expect(slot.children).toHaveLength(0);
    clock += 1;
    shown.destroy();
  });

  it('shows the card again, with the edits, for a document opened again', () => {
    const first = waiting();
    first.dispatch({ type: 'approval-edited', callId: 'c1', arguments: { sql_query: 'SELECT 2' } });
    const reopened = new Conversation(JSON.parse(JSON.stringify(first.document)));
    const slot = document.createElement('div');
    const view = new PendingApprovalView({ slot, now: () => 1_000 });
    const onOpen = vi.fn();
    const shown = new PendingApprovalView({
      slot: document.createElement('div'),
      onOpenChange: onOpen,
    }).show(reopened, () => undefined);
    expect(onOpen).toHaveBeenCalledWith(true);
    shown.destroy();
    expect(onOpen).toHaveBeenLastCalledWith(false);
    view.show(reopened, () => undefined);
    expect(view.openCard?.calls[0]?.sql).toBe('SELECT 2');
  });
});
