// @vitest-environment jsdom
// The chat with IndexedDB (fake-indexeddb): every step is written as it happens, and a "reload" (a new
// panel, session and agent built from what was stored) brings back the conversation, a turn cut off
// mid-stream (partial text kept, marked interrupted) and a turn cut off mid-call (its card shown again).
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Agent } from '../../src/agent/run/agent';
import { PendingApprovalView } from '../../src/approval/pending-approval-view';
import { ChatPanel } from '../../src/chat/chat-panel';
import { ChatSession } from '../../src/chat/chat-session';
import { ConversationStore } from '../../src/storage/conversation-store';
import { openConversation } from '../../src/storage/open-conversation';
import { createScriptedModel, type ScriptedStep } from '../../src/testing/scripted-model';
import { ResultStore } from '../../src/tools/result-store';
import { ToolRegistry } from '../../src/tools/tool-registry';
import type { AgentState } from '../../src/agent/conversation/conversation-document';
import type { ConversationWriter } from '../../src/storage/conversation-writer';
import type { Tool } from '../../src/tools/tool';

let databaseCount = 0;
const cleanups: (() => void)[] = [];

afterEach(() => {
  for (const cleanup of cleanups.splice(0).reverse()) cleanup();
  document.body.replaceChildren();
});

/** A SQL tool on an MCP server that answers after `release()`, or when the turn is stopped. */
function slowQuery() {
  const executions: string[] = [];
  let release: () => void = () => undefined;
  const tool: Tool = {
    name: 'query',
    description: 'Run SQL',
    origin: { kind: 'mcp', serverId: 'embedded', originalName: 'query' },
    inputSchema: {
      type: 'object',
      properties: { sql_query: { type: 'string' } },
      required: ['sql_query'],
    },
    execute: (args, { signal }) => {
      executions.push(String(args.sql_query));
      return new Promise((resolve) => {
        release = () => resolve({ content: 'count\n42' });
        signal.addEventListener('abort', () => resolve({ content: 'cancelled', isError: true }));
      });
    },
  };
  return { tool, executions, release: () => release() };
}

/** Opens the page's chat over a database: what mount-chat does on load (recovery included). */
async function openChat(options: {
  database: string;
  steps: ScriptedStep[];
  tools?: Tool[];
  conversationId?: string;
  /** Settles when the MCP servers are back (at once by default). */
  toolsReady?: () => Promise<unknown>;
}) {
  const store = await ConversationStore.open(options.database);
  const registry = new ToolRegistry();
  registry.setServerTools('embedded', options.tools ?? []);
  const opened = await openConversation({
    store,
    id: options.conversationId ?? (await store.create()).id,
    resultStore: new ResultStore(),
  });
  const conversationId = opened.conversation.document.id;
  const writer = opened.writer!;
  const holder: { session?: ChatSession } = {};
  const panel = new ChatPanel({
    onSend: (text) => holder.session?.send(text),
    onStop: () => holder.session?.stop(),
    retry: (turn) => holder.session?.retry(turn),
    continueTurn: (turn) => holder.session?.continueTurn(turn),
  });
  document.body.append(panel.root);
  const gate = new PendingApprovalView({
    slot: panel.approvalSlot,
    onOpenChange: (open) => panel.setAwaitingApproval(open),
  });
  const model = createScriptedModel(options.steps);
  const agent = new Agent({ model, registry });
  const session = new ChatSession({
    conversation: opened.conversation,
    agent,
    ...(options.toolsReady ? { toolsReady: options.toolsReady } : {}),
    onWaiting: (detail) => panel.setWaiting(detail),
  });
  panel.show(opened.conversation);
  const card = gate.show(opened.conversation, (decisions) => session.decide(decisions));
  holder.session = session;
  cleanups.push(() => {
    session.stop();
    card.destroy();
    panel.root.remove();
    store.close();
  });
  return {
    store,
    conversationId,
    panel,
    session,
    gate,
    model,
    writer,
    agent,
    conversation: opened.conversation,
  };
}

const shown = (panel: ChatPanel): string => {
  panel.flush();
  return panel.root.textContent ?? '';
};

describe('the chat with IndexedDB', () => {
  it('writes the snapshot after every step: while a call runs, storage already holds it', async () => {
    const database = `chat-persist-${(databaseCount += 1)}`;
    const seenInStorage: AgentState[] = [];
    const holder: { store?: ConversationStore; id?: string; writer?: ConversationWriter } = {};
    const recorder: Tool = {
      name: 'fit_bounds',
      description: 'Moves the map',
      origin: { kind: 'local' },
      inputSchema: { type: 'object', properties: {} },
      execute: async () => {
        await holder.writer?.flush();
        seenInStorage.push((await holder.store?.load(holder.id ?? ''))!.agent);
        return { content: 'moved' };
      },
    };
    const chat = await openChat({
      database,
      steps: [
        { text: 'Moving the map.', toolCalls: [{ name: 'fit_bounds', arguments: {} }] },
        { text: 'Done: the map shows **Europe**.' },
      ],
    });
    chat.agent.registry.register(recorder);
    Object.assign(holder, { store: chat.store, id: chat.conversationId, writer: chat.writer });
    chat.session.send('Show Europe');
    await vi.waitFor(() => expect(chat.session.busy).toBe(false));
    await chat.writer.flush();
    // The step before the call (the model's message with its call) was stored before the call ran.
    const during = seenInStorage[0]!;
    expect(during.status).toBe('tool_loop');
    expect(during.history.at(-1)).toMatchObject({
      role: 'assistant',
      toolCalls: [{ name: 'fit_bounds' }],
    });
    expect((await chat.store.load(chat.conversationId))!.agent).toEqual(
      chat.conversation.document.agent,
    );
    const [stored] = (await chat.store.load(chat.conversationId))!.turns;
    expect(stored?.status).toBe('idle');
    expect(stored?.rounds.map((round) => round.text)).toEqual([
      'Moving the map.',
      'Done: the map shows **Europe**.',
    ]);
    expect(stored?.rounds[0]?.calls[0]?.state).toBe('success');
  });

  it('after a reload the conversation is where it was, and the agent goes on from it', async () => {
    const database = `chat-persist-${(databaseCount += 1)}`;
    const first = await openChat({ database, steps: [{ text: 'Paris is the capital.' }] });
    first.session.send('Capital of France?');
    await vi.waitFor(() => expect(first.session.busy).toBe(false));
    await first.writer.flush();
    first.panel.root.remove();

    const second = await openChat({
      database,
      conversationId: first.conversationId,
      steps: [
        {
          expect: (request) => {
            if (!request.messages.some((message) => message.content === 'Paris is the capital.'))
              throw new Error('the earlier answer was not sent');
          },
          text: 'About two million people.',
        },
      ],
    });
    expect(shown(second.panel)).toContain('Capital of France?');
    expect(shown(second.panel)).toContain('Paris is the capital.');
    second.session.send('How many live there?');
    await vi.waitFor(() => expect(shown(second.panel)).toContain('About two million people.'));
    second.model.assertAllUsed();
  });

  it('a turn cut off mid-stream comes back with its partial text, marked interrupted, and the chat works', async () => {
    const database = `chat-persist-${(databaseCount += 1)}`;
    const first = await openChat({
      database,
      steps: [{ text: 'The strongest earthquake', events: [{ type: 'delay', ms: 60_000 }] }],
    });
    first.session.send('Strongest earthquake?');
    await vi.waitFor(() => expect(shown(first.panel)).toContain('The strongest earthquake'));
    await vi.waitFor(async () => {
      await first.writer.flush();
      const [turn] = (await first.store.load(first.conversationId))!.turns;
      expect(turn?.rounds[0]?.text).toBe('The strongest earthquake');
    });
    first.panel.root.remove(); // the page goes away; its agent never finishes

    const second = await openChat({
      database,
      conversationId: first.conversationId,
      steps: [
        {
          expect: (request) => {
            const partial = request.messages.find(
              (message) => message.role === 'assistant' && message.interrupted,
            );
            if (partial?.content !== 'The strongest earthquake')
              throw new Error(`partial answer missing: ${JSON.stringify(request.messages)}`);
          },
          text: 'It was in Chile, in 1960.',
        },
      ],
    });
    expect(second.session.busy).toBe(false);
    expect(shown(second.panel)).toContain('The strongest earthquake');
    expect(shown(second.panel)).toMatch(/Interrupted: the page was reloaded.*partial/);
    expect(second.panel.root.querySelector('.mw-continue')).not.toBeNull();
    expect(second.panel.root.dataset.status).toBe('idle');
    second.session.send('Where was it?');
    await vi.waitFor(() => expect(shown(second.panel)).toContain('It was in Chile, in 1960.'));
    expect(second.panel.root.querySelector('.mw-continue')).toBeNull();
    second.model.assertAllUsed();
    const [stored] = (await second.store.load(second.conversationId))!.turns;
    expect(stored).toMatchObject({ interrupted: true, interruptedBy: 'reload' });
  });

  it('text streamed since the last write survives the unload, from the synchronous stash', async () => {
    const database = `chat-persist-${(databaseCount += 1)}`;
    const first = await openChat({
      database,
      steps: [{ text: ['The answer ', 'is forty-two'], events: [{ type: 'delay', ms: 60_000 }] }],
    });
    first.session.send('Question?');
    await vi.waitFor(() => expect(shown(first.panel)).toContain('is forty-two'));
    await first.writer.flush();
    // The newest text is still waiting for its 250 ms write when the page goes away, and the
    // database write started on the way out never lands (closed here, as an unloading page would).
    const runId = first.conversation.document.run!.runId;
    first.conversation.dispatch({
      type: 'agent-event',
      event: { type: 'text-delta', runId, round: 0, text: ', at least.' },
      at: Date.now(),
    });
    first.store.close();
    first.writer.stashForUnload();
    first.panel.root.remove();

    const second = await openChat({
      database,
      conversationId: first.conversationId,
      steps: [],
    });
    expect(shown(second.panel)).toContain('The answer is forty-two, at least.');
    expect(shown(second.panel)).toMatch(/Interrupted: the page was reloaded/);
    expect(sessionStorage.length).toBe(0);
  });

  it('Continue after a mid-stream reload asks the model to go on, in a new round', async () => {
    const database = `chat-persist-${(databaseCount += 1)}`;
    const first = await openChat({
      database,
      steps: [{ text: 'Half an', events: [{ type: 'delay', ms: 60_000 }] }],
    });
    first.session.send('Tell me');
    await vi.waitFor(async () => {
      await first.writer.flush();
      const [turn] = (await first.store.load(first.conversationId))!.turns;
      expect(turn?.rounds[0]?.text).toBe('Half an');
    });
    first.panel.root.remove();
    const second = await openChat({
      database,
      conversationId: first.conversationId,
      steps: [{ text: 'answer, finished.' }],
    });
    second.panel.flush();
    second.panel.root.querySelector<HTMLButtonElement>('.mw-continue')!.click();
    await vi.waitFor(() => expect(shown(second.panel)).toContain('answer, finished.'));
    await vi.waitFor(() => expect(second.session.busy).toBe(false));
    const rounds = [...second.panel.root.querySelectorAll('.mw-round .mw-answer')].map((node) =>
      node.textContent?.trim(),
    );
    expect(rounds).toEqual(['Half an', 'answer, finished.']);
    expect(shown(second.panel)).not.toContain('Interrupted');
    second.model.assertAllUsed();
  });

  it('a turn cut off while an approved MCP call ran shows its card again and runs it only once approved', async () => {
    const database = `chat-persist-${(databaseCount += 1)}`;
    const before = slowQuery();
    const first = await openChat({
      database,
      tools: [before.tool],
      steps: [
        { toolCalls: [{ name: 'query', arguments: { sql_query: 'SELECT count(*) FROM t' } }] },
      ],
    });
    first.session.send('How many rows?');
    await vi.waitFor(() => expect(first.gate.openCard).toBeDefined());
    first.gate.openCard!.calls[0]!.approve();
    await vi.waitFor(() => expect(before.executions).toHaveLength(1));
    await first.writer.flush();
    first.panel.root.remove(); // the page goes away while the query runs

    const after = slowQuery();
    let releaseTools: () => void = () => undefined;
    const second = await openChat({
      database,
      conversationId: first.conversationId,
      tools: [after.tool],
      toolsReady: () => new Promise<void>((resolve) => (releaseTools = resolve)),
      steps: [
        {
          expect: (request) => {
            if (!request.messages.some((message) => message.content.includes('42')))
              throw new Error('the query result was not sent');
          },
          text: 'There are 42 rows.',
        },
      ],
    });
    // The card is back at once, from the document; nothing runs until the person approves again.
    expect(second.gate.openCard!.calls[0]!.sql).toBe('SELECT count(*) FROM t');
    second.panel.flush();
    expect(second.panel.root.querySelector('.mw-call')?.getAttribute('data-state')).toBe('pending');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(after.executions).toEqual([]);
    second.gate.openCard!.calls[0]!.approve();
    // Until the servers are back, the approved call waits, saying why; nothing can be sent.
    await vi.waitFor(() =>
      expect(second.panel.root.textContent).toContain('Reconnecting to the data servers'),
    );
    expect(second.session.busy).toBe(true);
    expect(after.executions).toEqual([]);
    releaseTools();
    await vi.waitFor(() => expect(after.executions).toHaveLength(1));
    after.release();
    await vi.waitFor(() => expect(shown(second.panel)).toContain('There are 42 rows.'));
    second.panel.flush();
    const calls = second.panel.root.querySelectorAll('.mw-call');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.getAttribute('data-state')).toBe('success');
    second.model.assertAllUsed();
  });
});
