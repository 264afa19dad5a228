// The conversation on screen: opening one (from storage, or a blank one), the agent and session that
// drive it in this tab, the pieces that follow it (the transcript, the approval card, the map, its kept
// results, the other tabs) and the map it saved. Replaced whole when another conversation opens.
import { ConversationTabs, followConversationMap } from '../conversations';
import { CONVERSATION_CHANNEL, ConversationChannel } from '../storage/conversation-channel';
import { ConversationLock } from '../storage/conversation-lock';
import { rememberConversationOnScreen } from '../storage/conversation-on-screen';
import { openConversation } from '../storage/open-conversation';
import { MountedPieces, mounted, type Mounted } from '../ui/mounted';
import { ChatSession } from './chat-session';
import { settledWithin } from './settled-within';
import type { Conversation } from '../agent/conversation/conversation';
import type { Agent } from '../agent/run/agent';
import type { AgentEvent } from '../agent/types';
import type { MountedApproval } from '../approval/mount-approval';
import type { MapUndo } from '../conversations';
import type { ConversationStore } from '../storage/conversation-store';
import type { ConversationWriter } from '../storage/conversation-writer';
import type { StorageScope } from '../storage/storage-scope';
import type { ConversationMap } from '../tools/map/conversation-map';
import type { ConversationMapState } from '../tools/map/conversation-map-state';
import type { ResultStore } from '../tools/result-store';
import type { ChatPanel } from './chat-panel';

/** What the conversation on screen needs from the chat. */
export interface ConversationOnScreenOptions {
  store: ConversationStore | undefined;
  scope: StorageScope;
  resultStore: ResultStore;
  panel: ChatPanel;
  approval: MountedApproval;
  /** The conversation list: told of an unreadable conversation, refreshed as the open one changes. */
  list: {
    markUnreadable(id: string, reason: string): void;
    refresh(force?: boolean): Promise<void>;
  };
  /** The writer's error callback. */
  reportWriteError(error: unknown): void;
  /** Stores the conversation's new results with it (the results surface), until destroyed. */
  keepResults(conversation: Conversation, store: ConversationStore): Mounted;
  /** A new agent for the current model, tools and prompt. */
  createAgent(): Agent;
  /** Makes the agent usable before a question goes (false blocks sending). */
  beforeSend(): boolean;
  /** Settles once the tools a decided call may run are registered. */
  toolsReady(): Promise<void>;
  map?: ConversationMap;
  mapUndo?: MapUndo;
  uploadsRestored?: Promise<void>;
  notify(message: string): void;
  onAgentEvent?: (event: AgentEvent) => void;
}

/** What belongs to the conversation on screen. */
interface OnScreen {
  conversation: Conversation;
  session: ChatSession;
  agent: Agent;
  writer?: ConversationWriter;
  tabs?: ConversationTabs;
  /** What follows this conversation, destroyed when another opens. */
  pieces: MountedPieces;
}

/** The one conversation on screen and the way to open another. */
export class ConversationOnScreen implements Mounted {
  private current: OnScreen | undefined;
  // Other tabs may have the same conversation open: one runs a turn at a time (conversation-tabs.ts).
  private readonly lock: ConversationLock;
  private readonly channel: ConversationChannel;
  private mapRestores: Promise<void> = Promise.resolve();
  /** Settles once the conversation being opened is on screen, or its open has failed. */
  private arriving: Promise<void> = Promise.resolve();

  constructor(private readonly options: ConversationOnScreenOptions) {
    this.lock = new ConversationLock(undefined, options.scope.name);
    this.channel = new ConversationChannel(options.scope.name(CONVERSATION_CHANNEL));
  }

  /** The conversation on screen, once one opened. */
  get conversation(): Conversation | undefined {
    return this.current?.conversation;
  }

  /** Its session, once one opened. */
  get session(): ChatSession | undefined {
    return this.current?.session;
  }

  /** Its agent, once one opened. */
  get agent(): Agent | undefined {
    return this.current?.agent;
  }

  /** True while a turn runs in this tab. */
  get busy(): boolean {
    return this.current?.session.busy === true;
  }

  /** Runs `action` on the session, as the conversation's one writer when other tabs may have it open. */
  startTurn(action: (session: ChatSession) => void, text?: string): void {
    const current = this.current;
    // A conversation is opening (New chat, a switch): the question goes to it once it is on screen,
    // rather than nowhere (the box was already emptied).
    if (!current) {
      void this.arriving.then(() => this.current && this.startTurn(action, text));
      return;
    }
    const tabs = current.tabs;
    if (!tabs) return void action(current.session);
    void tabs.start(() => this.current && action(this.current.session), text);
  }

  /** Stop pressed: stops the turn here, or says where it runs. */
  stop(): void {
    if (!this.current?.tabs?.stop()) this.current?.session.stop();
  }

  /** Streamed text is written at most every 250 ms: keeps what is on screen when the page goes away. */
  stashForUnload(): void {
    this.current?.writer?.stashForUnload(this.options.scope.session);
  }

  /**
   * Opens a conversation. At start-up (`initial`) the map and the results are left as the page has
   * them unless the conversation saved a map of its own; switching and New chat replace both.
   */
  async open(id: string | undefined, initial = false): Promise<void> {
    let arrived: () => void = () => undefined;
    this.arriving = new Promise<void>((resolve) => (arrived = resolve));
    try {
      await this.openNow(id, initial, arrived);
    } finally {
      arrived();
    }
  }

  /** `open`'s work; `arrived` is called as soon as the conversation is on screen. */
  private async openNow(
    id: string | undefined,
    initial: boolean,
    arrived: () => void,
  ): Promise<void> {
    const { options } = this;
    const previous = this.current;
    this.current = undefined;
    if (previous) {
      previous.session.destroy();
      previous.pieces.destroy();
      await previous.writer?.destroy();
    }
    performance.mark('mapwright:conversation-open-start');
    const liveElsewhere = id !== undefined && (await this.lock.heldElsewhere(id));
    const opened = await openConversation({
      store: options.store,
      id,
      resultStore: options.resultStore,
      keepResults: initial,
      liveElsewhere,
      onWriteError: (error) => options.reportWriteError(error),
      stashStorage: options.scope.session,
    });
    const { conversation } = opened;
    // The conversation on screen is the one a reload opens (a blank one is not stored: a reload
    // opens a blank one again).
    rememberConversationOnScreen(conversation.document.id, [
      options.scope.session,
      options.scope.local,
    ]);
    if (opened.unreadable) {
      options.list.markUnreadable(opened.unreadable.id, opened.unreadable.reason);
      options.notify(
        `${opened.unreadable.reason} It stays in Conversations, where you can export it raw or delete it.`,
      );
    }
    const { agent, session } = this.startSession(conversation);
    const pieces = new MountedPieces();
    pieces.add(options.panel.show(conversation));
    // The person's decision on a waiting card runs in the tab that writes the conversation.
    pieces.add(
      options.approval.show(conversation, (decisions) =>
        this.startTurn((session) => session.decide(decisions)),
      ),
    );
    const onAgentEvent = options.onAgentEvent;
    if (onAgentEvent)
      pieces.add(
        mounted(
          conversation.subscribe((_document, action) => {
            if (action.type === 'agent-event') onAgentEvent(action.event);
          }),
        ),
      );
    if (options.map) pieces.add(followConversationMap(conversation, options.map, options.mapUndo));
    const store = options.store;
    if (store) {
      pieces.add(options.keepResults(conversation, store));
      pieces.add(mounted(conversation.subscribe(() => void options.list.refresh())));
    }
    const tabs =
      store && opened.writer
        ? pieces.add(
            new ConversationTabs({
              conversation,
              writer: opened.writer,
              store,
              lock: this.lock,
              channel: this.channel,
              session: () => this.current?.session ?? session,
              renewSession: () => {
                const current = this.current;
                if (current?.conversation !== conversation) return;
                current.session.destroy();
                Object.assign(current, this.startSession(conversation));
              },
              notify: (message) => options.notify(message),
              keepText: (text) => options.panel.input.fill(text),
              setSaving: (detail) => options.panel.setWaiting(detail),
            }),
          )
        : undefined;
    this.current = {
      conversation,
      session,
      agent,
      pieces,
      ...(opened.writer ? { writer: opened.writer } : {}),
      ...(tabs ? { tabs } : {}),
    };
    arrived();
    options.panel.flush();
    // `npm run bench -- conversation` reads this: storage to a drawn conversation (the map redraws after).
    performance.measure('mapwright:conversation-open', 'mapwright:conversation-open-start');
    await options.list.refresh(true);
    await this.restoreMap(conversation, initial);
  }

  /**
   * The map is the conversation's: its result layers (drawn from the rows just put back), filters,
   * styles, visibility and view; a new conversation gets the publisher's map. Restored after the
   * conversation shows (a layer joined onto one still loading can take seconds).
   */
  private async restoreMap(conversation: Conversation, initial: boolean): Promise<void> {
    const { map, notify, uploadsRestored } = this.options;
    const savedMap = conversation.document.map as ConversationMapState | undefined;
    if (!map || (initial && savedMap === undefined)) return;
    // One restore at a time: switching quickly lands on the last conversation's map.
    this.mapRestores = this.mapRestores
      .then(async () => {
        if (this.current?.conversation !== conversation) return;
        // A saved map may show uploaded layers, which come back from storage after the map draws.
        if (savedMap !== undefined) await settledWithin(uploadsRestored, 10_000);
        const report = await map.restore(savedMap);
        for (const problem of report.problems) notify(problem.message);
      })
      .catch((error: unknown) => {
        notify(`The conversation's map could not be restored: ${String(error)}`);
      });
    await this.mapRestores;
  }

  /** The agent (from the document's history) and the session that drive `conversation` in this tab. */
  private startSession(conversation: Conversation): { agent: Agent; session: ChatSession } {
    const agent = this.options.createAgent();
    const session = new ChatSession({
      conversation,
      agent,
      beforeSend: () => this.options.beforeSend(),
      toolsReady: () => this.options.toolsReady(),
      onWaiting: (detail) => this.options.panel.setWaiting(detail),
    });
    return { agent, session };
  }

  /** A running turn stops; a card waiting for the person stays in the document for the next visit. */
  destroy(): void {
    const current = this.current;
    this.current = undefined;
    if (current?.session.busy) current.session.stop();
    current?.session.destroy();
    current?.pieces.destroy();
    this.channel.close();
  }
}
