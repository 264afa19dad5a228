// Opening one conversation as a whole: its document (the stash the page left as it unloaded, else the
// stored one, migrated if an older release wrote it), put in a state the page can go on from, its result
// rows back in the page's ResultStore, and a writer that keeps storage up to date.
import { Conversation } from '../agent/conversation/conversation';
import { createConversationDocument } from '../agent/conversation/conversation-document';
import { parseConversationDocument } from '../agent/conversation/migrate-conversation';
import { reopenConversation } from '../agent/conversation/reopen-conversation';
import { ConversationWriter, takeUnloadStash } from '../storage/conversation-writer';
import type { ConversationDocument } from '../agent/conversation/conversation-document';
import type { ConversationStore } from '../storage/conversation-store';
import type { ResultStore } from '../tools/result-store';

/** An opened conversation, ready to show and continue. */
export interface OpenedConversation {
  conversation: Conversation;
  /** Writes it to storage; absent without storage. */
  writer?: ConversationWriter;
  /** Why a stored conversation could not be read (a new one was opened instead). */
  problem?: string;
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
  let problem: string | undefined;
  let fromStash = false;
  if (store && id) {
    try {
      const stash = stashed(id);
      fromStash = stash !== undefined;
      stored = stash ?? (await store.load(id));
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error);
    }
  }
  const base =
    stored ??
    (store ? await store.create(now()) : createConversationDocument(crypto.randomUUID(), now()));
  performance.mark('mapwright:conversation-read');
  const { document } = reopenConversation(base, now());
  if (!options.keepResults) resultStore.clear();
  if (store) {
    for (const result of await store.loadResults(document.id).catch(() => [])) {
      resultStore.put(result);
    }
  }
  performance.mark('mapwright:conversation-results-read');
  const conversation = new Conversation(document, now);
  if (!store) return { conversation, ...(problem ? { problem } : {}) };
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
  return { conversation, writer, ...(problem ? { problem } : {}) };
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
