// @vitest-environment jsdom
// The status line speaks the person's language: what the chat does, and that it waits for them.
import { describe, expect, it } from 'vitest';
import { StatusLine } from '../../src/chat/status-line';

describe('the status line', () => {
  it('says it waits for the person while a card is open, and what runs otherwise', () => {
    const line = new StatusLine(() => undefined);
    const text = () => line.root.querySelector('.mw-status-text')?.textContent;
    line.set('processing');
    expect(text()).toBe('Thinking…');
    line.set('tool_loop');
    expect(text()).toBe('Running query…');
    line.setAwaitingApproval(true);
    expect(text()).toBe('Waiting for your approval');
    line.setAwaitingApproval(false);
    expect(text()).toBe('Running query…');
    line.set('idle');
    expect(text()).toBe('Ready');
    expect(line.root.textContent).not.toMatch(/tool_loop|processing/);
  });

  it("says it waits for the person while a server's form is open, the approval first", () => {
    const line = new StatusLine(() => undefined);
    const text = () => line.root.querySelector('.mw-status-text')?.textContent;
    line.set('tool_loop');
    line.setAwaitingAnswer(true);
    expect(text()).toBe('Waiting for your answer to the form');
    expect(line.root.dataset.waiting).toBe('true');
    line.setAwaitingApproval(true);
    expect(text()).toBe('Waiting for your approval');
    line.setAwaitingApproval(false);
    line.setAwaitingAnswer(false);
    expect(text()).toBe('Running query…');
    line.setAwaitingAnswer(true);
    line.set('idle');
    expect(text()).toBe('Ready');
  });

  it('names the servers a running call waits for, after what waits for the person', () => {
    const line = new StatusLine(() => undefined);
    const text = () => line.root.querySelector('.mw-status-text')?.textContent;
    line.set('tool_loop');
    line.setServersWaiting(['warehouse']);
    expect(text()).toBe('Waiting for warehouse to come back');
    expect(line.root.dataset.waiting).toBe('true');
    line.setServersWaiting(['warehouse', 'archive', 'tiles']);
    expect(text()).toBe('Waiting for warehouse, archive and tiles to come back');
    line.setAwaitingApproval(true);
    expect(text()).toBe('Waiting for your approval');
    line.setAwaitingApproval(false);
    line.setServersWaiting([]);
    expect(text()).toBe('Running query…');
    line.setServersWaiting(['warehouse']);
    line.set('idle');
    expect(text()).toBe('Ready');
  });

  it('does not say Ready while no model is connected', () => {
    const line = new StatusLine(() => undefined);
    const text = () => line.root.querySelector('.mw-status-text')?.textContent;
    line.setIdleLabel('No model connected yet');
    expect(text()).toBe('No model connected yet');
    line.set('processing');
    expect(text()).toBe('Thinking…');
    line.set('idle');
    expect(text()).toBe('No model connected yet');
    line.setIdleLabel(undefined);
    expect(text()).toBe('Ready');
  });
});
