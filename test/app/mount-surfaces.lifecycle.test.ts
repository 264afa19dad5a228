// @vitest-environment jsdom
// Each surface, and each piece the app is composed of, mounted alone into a host and destroyed: its
// elements leave the host, and every listener on the window or the document, timer, interval, idle
// callback and observer it made is gone, counted by the same counters the browser's mount/destroy test
// uses (test/e2e/app/mount-destroy.e2e.test.ts, which destroys them all together through the app's
// destroy). Each test also sees its surface make something first, so a surface that made nothing cannot
// pass by accident. The app's deferred pieces (the data side, the chat) destroyed while they load are
// released when they arrive.
import 'fake-indexeddb/auto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Conversation } from '../../src/agent/conversation/conversation';
import { createConversationDocument } from '../../src/agent/conversation/conversation-document';
import { SessionApprovals } from '../../src/agent/run/session-approvals';
import { mountAppShell } from '../../src/app/app-shell';
import { startChatSide, type ChatSide } from '../../src/app/chat-side';
import { startDataSide, type DataSide } from '../../src/app/data-side';
import { mountMapOverlay } from '../../src/app/map-overlay';
import { NoticeBanner } from '../../src/app/notice-banner';
import { mountApproval } from '../../src/approval/mount-approval';
import { ChatPanel } from '../../src/chat/chat-panel';
import { mountChat } from '../../src/chat/mount-chat';
import { DatasetCatalog, defaultAppConfig } from '../../src/config';
import { mountConversations } from '../../src/conversations/mount-conversations';
import { MapUndo } from '../../src/conversations/shell';
import { DuckDbNodeEngine } from '../../src/data/duckdb-node/duckdb-node-engine';
import { mountLayerPanel } from '../../src/map/layers/layer-panel';
import { McpHub } from '../../src/mcp/mcp-hub';
import { mountResults } from '../../src/results/mount-results';
import { mountSettings } from '../../src/settings/mount-settings';
import { CredentialStore } from '../../src/settings/shell';
import { storageScope } from '../../src/storage/storage-scope';
import { ResultView } from '../../src/tools/map/result-view';
import { ResultStore } from '../../src/tools/result-store';
import { ToolRegistry } from '../../src/tools/tool-registry';
import { MountedPieces } from '../../src/ui/mounted';
import { mountUploads } from '../../src/uploads/mount-uploads';
import { waiting } from '../approval/waiting-conversation';
import { installHeldCounters, type HeldCounts } from '../e2e/held-resources';
import { MemoryStorage } from '../memory-storage';
import type { ConversationAction } from '../../src/agent/conversation/conversation-reducer';
import type { AgentEvent } from '../../src/agent/types';
import type { Mounted } from '../../src/ui/mounted';

const held = (): HeldCounts => {
  const counts = window.__held?.();
  if (!counts) throw new Error('the counters are not installed');
  return counts;
};

let generation = 0;

/**
 * Mounts a surface in a generation of its own, lets `use` exercise it, destroys it, and answers what it
 * made while mounted and what of it is left once destroyed (after the page's next task, when a timeout
 * of 0 that destroy itself set has run).
 */
async function mountAndDestroy(
  mount: () => Mounted | Promise<Mounted>,
  use: () => void | Promise<void> = () => undefined,
): Promise<{ made: string[]; left: HeldCounts; before: HeldCounts }> {
  const before = held();
  generation += 1;
  const own = (counts: HeldCounts): string[] =>
    counts.pending.filter((entry) => entry.split('|')[1] === String(generation));
  window.__heldGeneration?.(generation);
  const piece = await mount();
  await use();
  const made = [...new Set(own(held()).map((entry) => entry.split('|')[0] ?? entry))].sort();
  piece.destroy();
  window.__heldGeneration?.(0);
  await new Promise((resolve) => setTimeout(resolve, 0));
  const after = held();
  return { made, before, left: { ...after, pending: own(after) } };
}

function host(): HTMLElement {
  const element = document.createElement('div');
  document.body.append(element);
  return element;
}

/** A conversation whose one turn queried a table (`r1`, held in the page) and charted it. */
function answered(
  columns: { name: string; type: string }[],
  rows: Record<string, unknown>[],
): Conversation {
  const conversation = new Conversation(createConversationDocument('answered', 0));
  const runId = 'run-1';
  const query = { id: 'q', name: 'query', arguments: { sql_query: 'SELECT * FROM quakes' } };
  const chart = { id: 'c', name: 'render_chart', arguments: { result_id: 'r1', kind: 'bar' } };
  const spec = { kind: 'bar' as const, resultId: 'r1', x: 'state', y: 'quakes', rows };
  const event = (agentEvent: AgentEvent): ConversationAction => ({
    type: 'agent-event',
    event: agentEvent,
    at: 1,
  });
  const actions: ConversationAction[] = [
    event({ type: 'turn-start', runId, userMessage: 'Quakes by state' }),
    event({ type: 'round-start', runId, round: 0 }),
    ...[query, chart].flatMap((call, callIndex) => [
      event({
        type: 'tool-call-start',
        runId,
        round: 0,
        callIndex,
        call,
        displayArguments: call.arguments,
      }),
      event({
        type: 'tool-call-end',
        runId,
        round: 0,
        callIndex,
        call,
        status: 'success',
        durationMs: 1,
        result:
          call === query
            ? {
                content: 'result_id=r1',
                data: { kind: 'table', resultId: 'r1', columns, totalRows: rows.length },
              }
            : { content: 'Charted.', data: { kind: 'chart', chart: spec } },
      }),
    ]),
    event({
      type: 'turn-end',
      runId,
      round: 0,
      finishReason: 'stop',
      text: 'Here.',
      outcome: 'completed',
    }),
    {
      type: 'run-settled',
      runId,
      result: { runId, outcome: 'completed', finishReason: 'stop', text: '', rounds: 1 },
      at: 2,
    },
  ];
  for (const action of actions) conversation.dispatch(action);
  return conversation;
}

beforeAll(() => installHeldCounters());

describe('each surface mounted alone and destroyed', () => {
  it('the approval card: its card, waiting ticker, controls and banner go', async () => {
    const slot = host();
    const toolbar = host();
    const box = document.createElement('textarea');
    host().append(box);
    const { made, left, before } = await mountAndDestroy(() => {
      const approval = mountApproval(slot, {
        approvals: new SessionApprovals(),
        registry: new ToolRegistry(),
        engine: () => undefined,
        hub: () => undefined,
        hubStarted: Promise.resolve(undefined),
        controlsHost: toolbar,
        bannerBefore: box,
        onOpenChange: () => undefined,
      });
      approval.show(waiting(), () => undefined);
      expect(slot.querySelector('.mw-approval-card')).not.toBeNull();
      return approval;
    });
    expect(made).toContain('interval');
    expect(left.pending).toEqual([]);
    expect(left.listeners).toEqual(before.listeners);
    expect([slot.childElementCount, toolbar.childElementCount]).toEqual([0, 0]);
    expect(box.parentElement?.childElementCount).toBe(1);
  });

  it('the chat panel (transcript and question box): its observer, timers and elements go', async () => {
    const chat = host();
    const { made, left, before } = await mountAndDestroy(() => {
      const panel = new ChatPanel({
        onSend: () => undefined,
        onStop: () => undefined,
        retry: () => undefined,
        continueTurn: () => undefined,
      });
      chat.append(panel.root);
      panel.show(waiting());
      return panel;
    });
    expect(made).toContain('MutationObserver');
    expect(left.pending).toEqual([]);
    expect(left.listeners).toEqual(before.listeners);
    expect(chat.childElementCount).toBe(0);
  });

  it('the conversations list: its sidebar, toggle, undo notice and drop target go', async () => {
    const chat = host();
    const header = host();
    const { left, before } = await mountAndDestroy(() =>
      mountConversations(chat, {
        store: undefined,
        current: () => undefined,
        busy: () => false,
        open: async () => undefined,
        renameOpen: () => undefined,
        notify: () => undefined,
        resolveTable: () => undefined,
        sidebarStorage: new MemoryStorage(),
        toggleHost: header,
      }),
    );
    expect(left.pending).toEqual([]);
    expect(left.listeners).toEqual(before.listeners);
    expect([chat.childElementCount, header.childElementCount]).toEqual([0, 0]);
    // A conversation's export dropped on the chat is no longer taken.
    const drop = new Event('drop', { cancelable: true });
    Object.assign(drop, {
      dataTransfer: { types: ['Files'], files: [new File(['{}'], 'a.json')] },
    });
    chat.dispatchEvent(drop);
    expect(drop.defaultPrevented).toBe(false);
  });

  it('the settings: its button goes, and nothing it made is left', async () => {
    const toolbar = host();
    const { left, before } = await mountAndDestroy(() =>
      mountSettings(toolbar, {
        open: () => undefined,
        registry: new ToolRegistry(),
        reuseAnswersMs: 60_000,
        storage: { local: new MemoryStorage(), session: new MemoryStorage() },
        hubStarted: Promise.resolve(undefined),
      }),
    );
    expect(left.pending).toEqual([]);
    expect(left.listeners).toEqual(before.listeners);
    expect(toolbar.childElementCount).toBe(0);
  });

  it('the results: a conversation’s results stop being kept', async () => {
    const conversation = new Conversation(createConversationDocument('r', 0));
    let subscribed = 0;
    const counting = {
      subscribe: (listener: Parameters<Conversation['subscribe']>[0]) => {
        subscribed += 1;
        const stop = conversation.subscribe(listener);
        return () => {
          subscribed -= 1;
          stop();
        };
      },
    } as unknown as Conversation;
    const { left } = await mountAndDestroy(() => {
      const results = mountResults({
        registry: new ToolRegistry(),
        resultStore: new ResultStore(),
        engine: () => undefined,
        onCharted: () => undefined,
      });
      results.keep(counting, {} as never);
      expect(subscribed).toBe(1);
      return results;
    });
    expect(left.pending).toEqual([]);
    expect(subscribed).toBe(0);
  });

  it('the results shown in a turn: the table and its chart stop drawing and watching', async () => {
    const chat = host();
    const resultStore = new ResultStore();
    const rows = [
      { state: 'AK', quakes: 40 },
      { state: 'CA', quakes: 25 },
    ];
    const columns = [
      { name: 'state', type: 'VARCHAR' },
      { name: 'quakes', type: 'INTEGER' },
    ];
    resultStore.put({ resultId: 'r1', serverId: 'embedded', columns, rows, totalRows: 2 });
    const { made, left, before } = await mountAndDestroy(
      () => {
        const results = mountResults({
          registry: new ToolRegistry(),
          resultStore,
          engine: () => undefined,
          onCharted: () => undefined,
        });
        const panel = new ChatPanel({
          onSend: () => undefined,
          onStop: () => undefined,
          retry: () => undefined,
          continueTurn: () => undefined,
          resolveTable: results.resolveTable,
        });
        chat.append(panel.root);
        panel.show(answered(columns, rows));
        const pieces = new MountedPieces();
        pieces.add(results);
        pieces.add(panel);
        return pieces;
      },
      async () => {
        await vi.waitFor(() => {
          expect(chat.querySelectorAll('.mw-result-table td')).toHaveLength(4);
          expect(chat.querySelector('.mw-chart svg.mw-plot')).not.toBeNull();
        });
        // The panel's own observer and the chart's watch on its hover tip (jsdom has no
        // ResizeObserver, which the table would use).
        const observers = held().pending.filter(
          (entry) => entry === `MutationObserver|${generation}`,
        );
        expect(observers).toHaveLength(2);
      },
    );
    expect(made).toContain('MutationObserver');
    expect(left.pending).toEqual([]);
    expect(left.listeners).toEqual(before.listeners);
    expect(chat.childElementCount).toBe(0);
  });

  it('the uploads: the Add data control and the drop target go', async () => {
    const overlay = host();
    const map = host();
    const added: string[] = [];
    const { left, before } = await mountAndDestroy(() =>
      mountUploads(overlay, {
        dropTarget: map,
        upload: async (file) => {
          added.push(file.name);
          return { ok: false, message: 'no' } as never;
        },
        notify: () => undefined,
        titleOf: (table) => table,
      }),
    );
    expect(left.pending).toEqual([]);
    expect(left.listeners).toEqual(before.listeners);
    expect(overlay.childElementCount).toBe(0);
    const drop = new Event('drop', { cancelable: true });
    Object.assign(drop, { dataTransfer: { files: [new File(['a'], 'a.csv')] } });
    map.dispatchEvent(drop);
    expect([drop.defaultPrevented, added]).toEqual([false, []]);
  });

  it('the layer panel: its rows and its map subscriptions go', async () => {
    const overlay = host();
    let listening = 0;
    const { left, before } = await mountAndDestroy(() =>
      mountLayerPanel(overlay, {
        listLayers: () => [],
        setVisibility: () => true,
        onChange: () => {
          listening += 1;
          return () => (listening -= 1);
        },
      }),
    );
    expect(left.pending).toEqual([]);
    expect(left.listeners).toEqual(before.listeners);
    expect([overlay.childElementCount, listening]).toEqual([0, 0]);
  });

  it('the whole chat (panel, results, settings, approval, conversations, the conversation on screen)', async () => {
    const element = host();
    const scope = storageScope('lifecycle');
    const chat = () =>
      mountChat({
        element,
        config: defaultAppConfig(),
        registry: new ToolRegistry(),
        resultStore: new ResultStore(),
        storage: scope,
      });
    // The first mount leaves what a module adds once per page (the page's one watch for requests its
    // policy refused, policy-aware-fetch.ts); the second is counted.
    (await chat()).destroy();
    const { made, left, before } = await mountAndDestroy(chat);
    // The idle preloads (a timeout in jsdom, which has no requestIdleCallback) and the panel's observer.
    expect(made).toEqual(expect.arrayContaining(['MutationObserver', 'timeout']));
    expect(left.pending).toEqual([]);
    expect(left.listeners).toEqual(before.listeners);
    expect(element.childElementCount).toBe(0);
  });
});

describe('the app’s pieces mounted alone and destroyed', () => {
  const listensFor = (type: string): boolean =>
    held().listeners.some((entry) => entry.startsWith(`${type}|`));

  it('the shell: its banner, its watch for refused requests and its view tabs go', async () => {
    const element = host();
    for (const area of ['app-map', 'app-chat']) {
      const child = document.createElement('div');
      child.className = area;
      element.append(child);
    }
    const { left, before } = await mountAndDestroy(() => {
      const shell = mountAppShell(element, 'app-config.json');
      shell.banner.add('A notice.');
      expect(element.querySelectorAll('.notice-banner:not([hidden]), .app-tabs')).toHaveLength(2);
      expect(listensFor('securitypolicyviolation')).toBe(true);
      return shell;
    });
    expect(left.pending).toEqual([]);
    expect(left.listeners).toEqual(before.listeners);
    expect(element.querySelector('.notice-banner, .app-tabs')).toBeNull();
  });

  it('the map overlay without a map: Add data, its drop target and the overlay go', async () => {
    const mapArea = host();
    const banner = new NoticeBanner(host());
    const { left, before } = await mountAndDestroy(() => {
      const overlay = mountMapOverlay(mapArea, {
        map: undefined,
        catalog: new DatasetCatalog([]),
        tools: { registry: new ToolRegistry(), resultStore: new ResultStore() },
        engine: async () => undefined,
        maxUploadBytes: 1_000_000,
        scope: storageScope('overlay'),
        banner,
        // The kept uploads would come back after the map's first draw, which never comes here.
        after: new Promise(() => undefined),
        importConversation: async () => undefined,
      });
      expect(mapArea.querySelector('.map-overlay')?.childElementCount).toBeGreaterThan(0);
      return overlay;
    });
    expect(left.pending).toEqual([]);
    expect(left.listeners).toEqual(before.listeners);
    expect(mapArea.childElementCount).toBe(0);
  });

  const dataSide = (
    registry: ToolRegistry,
    after: Promise<void>,
    onStart: () => void = () => undefined,
  ) => {
    const banner = new NoticeBanner(host());
    const tools = {
      // Read once the data side's code has arrived, as it starts.
      get registry() {
        onStart();
        return registry;
      },
      resultStore: new ResultStore(),
    };
    const side = startDataSide(
      {
        config: { ...defaultAppConfig(), datasets: [], mcpServers: [] },
        configBase: document.baseURI,
        scope: storageScope('data-side'),
        tools,
        shell: { banner, formHost: () => document.body },
        after,
        createEngine: () => new DuckDbNodeEngine(),
      },
      {},
    );
    return { side, banner };
  };

  it('the data side destroyed before the map drew: it never starts, and says nothing', async () => {
    let mapDrawn = (): void => undefined;
    const { side, banner } = dataSide(
      new ToolRegistry(),
      new Promise((resolve) => (mapDrawn = resolve)),
    );
    side.destroy();
    mapDrawn();
    expect(await side.data).toBeUndefined();
    expect(banner.element.hidden).toBe(true);
  });

  it('the data side destroyed while it starts: its server and listeners go as it arrives', async () => {
    const registry = new ToolRegistry();
    let side: DataSide | undefined;
    // The side's hub (its servers' connections) is closed once: as it arrives, not again by destroy().
    const hubCloses = vi.spyOn(McpHub.prototype, 'close');
    const { left, before } = await mountAndDestroy(
      () => {
        side = dataSide(registry, Promise.resolve(), () => side?.destroy()).side;
        return side;
      },
      async () => {
        // Closed as it arrived, so it settles to undefined (closed once, not again by destroy()).
        expect(await side?.data).toBeUndefined();
        await vi.waitFor(() => expect(registry.get('query')).toBeUndefined(), {
          timeout: 30_000,
        });
      },
    );
    expect(left.pending).toEqual([]);
    expect(left.listeners).toEqual(before.listeners);
    expect(hubCloses).toHaveBeenCalledTimes(1);
    hubCloses.mockRestore();
  });

  it('the chat side destroyed while the chat loads: the chat goes as it arrives', async () => {
    const element = host();
    const scope = storageScope('chat-side');
    // What a module adds once per page stays from this first mount (see the whole chat's test).
    (
      await mountChat({
        element: host(),
        config: defaultAppConfig(),
        registry: new ToolRegistry(),
        resultStore: new ResultStore(),
        storage: scope,
      })
    ).destroy();
    let side: ChatSide | undefined;
    const handle = {
      // Read once the chat's code has arrived, as the chat mounts.
      get config() {
        side?.destroy();
        return defaultAppConfig();
      },
      registry: new ToolRegistry(),
      resultStore: new ResultStore(),
      map: undefined,
      conversationMap: undefined,
      systemPrompt: () => '',
      data: Promise.resolve(undefined),
      uploadsRestored: Promise.resolve(),
    };
    const { left, before } = await mountAndDestroy(
      () => {
        side = startChatSide(
          {
            handle,
            credentials: new CredentialStore(new MemoryStorage(), new MemoryStorage()),
            scope,
            shell: { chatElement: element, banner: new NoticeBanner(host()) },
            overlay: { mapUndo: new MapUndo(), resultView: new ResultView() },
            after: Promise.resolve(),
            promptLoaded: Promise.resolve(),
          },
          {},
        );
        return side;
      },
      async () => {
        // It arrived after the destroy: mounted, then destroyed at once.
        expect((await side?.mounted)?.panel).toBeDefined();
      },
    );
    expect(left.pending).toEqual([]);
    expect(left.listeners).toEqual(before.listeners);
    expect(element.childElementCount).toBe(0);
  });
});
