// One conversation open in several tabs of the same browser. Every tab shows it and follows the others'
// changes live (a BroadcastChannel says a new revision was stored; the tab reads it). A turn runs in
// one tab at a time: the tab that starts one holds the conversation's Web Lock until the turn is
// stored, reading the newest document first. Sending from another tab meanwhile says so plainly and
// keeps the question in the box. docs/chat.md, "Several tabs".
import { reopenConversation } from '../agent/conversation/reopen-conversation';
import type { Conversation } from '../agent/conversation/conversation';
import type { ConversationChannel } from '../storage/conversation-channel';
import type { ConversationLock } from '../storage/conversation-lock';
import type { ConversationStore } from '../storage/conversation-store';
import type { ConversationWriter } from '../storage/conversation-writer';

/** What a person is told when the conversation is answering in another tab. */
export const BUSY_ELSEWHERE =
  'This conversation is answering in another tab. Wait for it to finish, or stop it there.';

/** Told when a write met the other tab's turns and this tab's question was put after them. */
export const MERGED_ELSEWHERE =
  'This conversation also changed in another tab: your question now comes after the turns asked there, and both are kept.';

/** The chat session as the tabs see it. */
export interface TabSession {
  readonly busy: boolean;
}

/** What ConversationTabs needs. */
export interface ConversationTabsOptions {
  conversation: Conversation;
  writer: ConversationWriter;
  store: ConversationStore;
  lock: ConversationLock;
  channel: ConversationChannel;
  /** The session that runs turns here (it changes when `renewSession` builds a new one). */
  session: () => TabSession;
  /** Builds the agent and session again from the document (after another tab's turns came in). */
  renewSession: () => void;
  /** Tells the person something (that the conversation is busy elsewhere, that turns were merged). */
  notify: (message: string) => void;
  /** Puts a question back in the box. */
  keepText: (text: string) => void;
  /** Says the chat is storing the finished turn (`undefined` when stored). */
  setSaving: (detail: string | undefined) => void;
}

/** Coordinates one open conversation with the other tabs. */
export class ConversationTabs {
  private readonly teardown: (() => void)[] = [];
  private reading: Promise<void> = Promise.resolve();
  private wanted = 0;
  private stale = false;
  private saving = false;
  private watching = false;
  private destroyed = false;
  /** The hold of this tab's ended turn while it is being stored, the lock still held. */
  private storing: Promise<boolean> | undefined;

  constructor(private readonly options: ConversationTabsOptions) {
    const { conversation, writer, channel } = options;
    this.teardown.push(
      writer.onSaved((revision) =>
        channel.post({ conversationId: conversation.document.id, revision }),
      ),
      writer.onMerged(() => {
        this.stale = true;
        options.notify(MERGED_ELSEWHERE);
      }),
      channel.subscribe((message) => {
        if (message.conversationId === conversation.document.id) this.follow(message.revision);
      }),
      // "Ready" is shown only once the finished turn is stored: a tab closed after it loses nothing.
      conversation.subscribe((_document, action) => {
        const ended = action.type === 'run-settled' || action.type === 'send-failed';
        if (ended && !this.saving) void this.showSaving();
      }),
    );
    this.watchOtherTurn();
  }

  /**
   * Starts a turn here (`start` sends, retries, continues…): takes the conversation's lock, reads the
   * newest stored document, and holds the lock until the turn is stored. When another tab holds it,
   * nothing starts, the person is told, and `text` goes back in the box.
   */
  async start(start: () => void, text?: string): Promise<boolean> {
    const { conversation, lock } = this.options;
    // This tab's last turn ended (at an approval card, say) and is being stored, holding the lock until
    // the write lands: a decision or question made meanwhile starts once it is stored, rather than
    // being refused as if another tab held the conversation, and lost.
    while (this.storing) await this.storing.catch(() => undefined);
    const hold: Promise<boolean> = lock.tryHold(conversation.document.id, async () => {
      await this.catchUp(true);
      if (this.stale) this.options.renewSession();
      this.stale = false;
      start();
      await this.turnEnded();
      this.storing = hold;
      await this.options.writer.flush();
    });
    let started: boolean;
    try {
      started = await hold;
    } finally {
      // The lock is released by now (a lock request settles after its release).
      if (this.storing === hold) this.storing = undefined;
    }
    if (!started) this.refuse(text);
    return started;
  }

  /** Stop pressed in a tab where the shown turn runs in another tab: says where to stop it. */
  stop(): boolean {
    const { conversation, session } = this.options;
    if (session().busy || !conversation.document.run) return false;
    this.options.notify(BUSY_ELSEWHERE);
    return true;
  }

  /** Stops following the other tabs. */
  destroy(): void {
    this.destroyed = true;
    for (const stop of this.teardown.splice(0)) stop();
  }

  private refuse(text: string | undefined): void {
    if (text !== undefined) this.options.keepText(text);
    this.options.notify(BUSY_ELSEWHERE);
  }

  /** Another tab stored `revision`: read it, unless this tab is writing the conversation itself. */
  private follow(revision: number): void {
    this.wanted = Math.max(this.wanted, revision);
    this.reading = this.reading.then(() => this.catchUp()).catch(() => undefined);
  }

  /** Reads the newest stored document; `always` reads even when no newer revision was announced. */
  private async catchUp(always = false): Promise<void> {
    const { writer, store, conversation } = this.options;
    const session = this.options.session();
    if (session.busy || writer.holdsTurnChanges) return;
    if (!always && this.wanted <= writer.revision) return;
    // The list entry says the stored revision: when nothing newer is stored, the whole document (hundreds
    // of turns, read before each question) is not read back.
    const listed = await store.get(conversation.document.id);
    if (listed?.revision === undefined || listed.revision > writer.revision) {
      const stored = await store.loadWithRevision(conversation.document.id);
      if (stored && writer.adopt(stored)) this.stale = true;
    }
    this.watchOtherTurn();
  }

  /**
   * The shown document has a turn running in another tab: when that tab lets go of the conversation,
   * read the newest document; a turn still marked running there was cut off (its tab closed), and is
   * shown as a reload shows it, so this tab can ask again.
   */
  private watchOtherTurn(): void {
    const { conversation, lock } = this.options;
    const session = this.options.session();
    if (this.watching || !conversation.document.run || session.busy) return;
    this.watching = true;
    void lock
      .whenFree(conversation.document.id)
      .then(() => this.catchUp(true))
      .then(() => {
        this.watching = false;
        const current = this.options.session();
        const document = conversation.document;
        if (this.destroyed || !document.run || current.busy) return;
        const reopened = reopenConversation(document, Date.now()).document;
        conversation.dispatch({ type: 'synced', document: reopened });
        this.stale = true;
      });
  }

  private turnEnded(): Promise<void> {
    const idle = (): boolean => !this.options.session().busy;
    if (idle()) return Promise.resolve();
    return new Promise((resolve) => {
      const unsubscribe = this.options.conversation.subscribe(() => {
        if (!idle()) return;
        unsubscribe();
        resolve();
      });
    });
  }

  private async showSaving(): Promise<void> {
    this.saving = true;
    this.options.setSaving('Saving…');
    try {
      await this.options.writer.flush();
    } finally {
      this.saving = false;
      this.options.setSaving(undefined);
    }
  }
}
