// Opening one conversation as a whole: its document (the stash the page left as it unloaded, else the
// stored one, migrated if an older release wrote it, each part checked), put in a state the page can go
// on from, its result rows back in the page's ResultStore, and a writer that keeps storage up to date.
// Every open lands: a new conversation, or one that cannot be read at all, opens blank and is stored only
// from its first question, so nothing is created by opening.
import { Conversation } from '../agent/conversation/conversation';
import { createConversationDocument } from '../agent/conversation/conversation-document';
import { parseConversationDocument } from '../agent/conversation/migrate-conversation';
import { reopenConversation } from '../agent/conversation/reopen-conversation';
import { ConversationWriter, heldDocument, takeUnloadStash } from '../storage/conversation-writer';
import type { ConversationDocument } from '../agent/conversation/conversation-document';
import type { ConversationStore } from '../storage/conversation-store';
import type { ResultStore } from '../tools/result-store';

/** An opened conversation, ready to show and continue. */
export interface OpenedConversation {
  conversation: Conversation;
  /** Writes it to storage; absent without storage. */
  writer?: ConversationWriter;
  /** True when the page closed under tool calls, which resuming re-runs or proposes again. */
  resumeCalls: boolean;
  /** Set when the stored conversation could not be read at all: a blank one opened in its place. */
  unreadable?: { id: string; reason: string };
}

/** Opens conversation `id` (a new one when `id` is undefined or there is no storage). */
export async function openConversation(options: {
  store: ConversationStore | undefined;
  id: string | undefined;
  resultStore: ResultStore;
  /** Keep the results the page holds (at start-up) instead of replacing them with this conversation's. */
  keepResults?: boolean;
  onWriteError?: (error: unknown) => void;
  now?: () => number;
}): Promise<OpenedConversation> {
  const { store, id, resultStore } = options;
  const now = options.now ?? Date.now;
  let stored: ConversationDocument | undefined;
  let unreadable: { id: string; reason: string } | undefined;
  let fromStash = false;
  if (store && id) {
    try {
      // A document that could not be written for lack of space is newer than what storage holds.
      const stash = heldDocument(id) ?? stashed(id);
      fromStash = stash !== undefined;
      stored = stash ?? (await store.load(id));
    } catch (error) {
      unreadable = { id, reason: error instanceof Error ? error.message : String(error) };
    }
  }
  const base = stored ?? createConversationDocument(crypto.randomUUID(), now());
  performance.mark('mapwright:conversation-read');
  const { document, resumeCalls } = reopenConversation(base, now());
  if (!options.keepResults) resultStore.clear();
  if (store) {
    for (const result of await store.loadResults(document.id).catch(() => [])) {
      resultStore.put(result);
    }
  }
  performance.mark('mapwright:conversation-results-read');
  const conversation = new Conversation(document, now);
  if (!store) return { conversation, resumeCalls };
  const writer = new ConversationWriter(store, conversation, options.onWriteError);
  // A stashed, recovered or migrated document is stored at once, so a second reload agrees; one that
  // opened as it was stored is not written again.
  const changed =
    fromStash ||
    base.run !== undefined ||
    document.turns !== base.turns ||
    document.agent !== base.agent ||
    (stored !== undefined && id !== undefined && !(await store.hasDocument(id)));
  if (changed) void writer.saveNow();
  return { conversation, writer, resumeCalls, ...(unreadable ? { unreadable } : {}) };
}

function stashed(id: string): ConversationDocument | undefined {
  const stash = takeUnloadStash(id);
  if (stash === undefined) return undefined;
  try {
    return parseConversationDocument(stash);
  } catch {
    return undefined;
  }
}
