// Opening one conversation as a whole: its document (the stash the page left as it unloaded, else the
// stored one, migrated if an older release wrote it, each part checked), put in a state the page can go
// on from, its result rows back in the page's ResultStore, and a writer that keeps storage up to date.
// Every open lands: a new conversation, or one that cannot be read at all, opens blank and is stored only
// from its first question, so nothing is created by opening.
import { Conversation } from '../agent/conversation/conversation';
import { createConversationDocument } from '../agent/conversation/conversation-document';
import { mergeConversation } from '../agent/conversation/merge-conversation';
import { parseConversationDocument } from '../agent/conversation/migrate-conversation';
import { reopenConversation } from '../agent/conversation/reopen-conversation';
import { errorMessage } from '../errors/error-message';
import {
  ConversationWriter,
  heldDocument,
  takeStashRevision,
  takeUnloadStash,
} from './conversation-writer';
import type { ConversationDocument } from '../agent/conversation/conversation-document';
import type { ResultStore } from '../tools/result-store';
import type { ConversationStore } from './conversation-store';

/** An opened conversation, ready to show and continue. */
export interface OpenedConversation {
  conversation: Conversation;
  /** Writes it to storage; absent without storage. */
  writer?: ConversationWriter;
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
  /**
   * True when another tab runs a turn in it: the document is shown as that tab stores it (its run
   * included) and not written from here (conversation-tabs.ts).
   */
  liveElsewhere?: boolean;
  /** Where the page stashed documents as it unloaded (an embed's own namespace). */
  stashStorage?: Storage;
}): Promise<OpenedConversation> {
  const { store, id, resultStore } = options;
  const now = options.now ?? Date.now;
  let stored: ConversationDocument | undefined;
  let revision = 0;
  let unreadable: { id: string; reason: string } | undefined;
  let fromStash = false;
  if (store && id) {
    try {
      // A document that could not be written for lack of space is newer than what storage holds.
      const held = heldDocument(id);
      const read = held
        ? {
            document: held,
            revision: (await store.loadWithRevision(id))?.revision ?? 0,
            fromStash: true,
          }
        : await readWithStash(store, id, options.stashStorage);
      fromStash = read.fromStash;
      stored = read.document;
      revision = read.revision;
    } catch (error) {
      unreadable = { id, reason: errorMessage(error) };
    }
  }
  // Nothing is stored for a new conversation until its first question (the writer skips blanks).
  const base = stored ?? createConversationDocument(crypto.randomUUID(), now());
  performance.mark('mapwright:conversation-read');
  // A conversation live in another tab is shown as that tab stored it: that tab settles its own run.
  const document = options.liveElsewhere ? base : reopenConversation(base, now()).document;
  if (!options.keepResults) resultStore.clear();
  if (store) {
    for (const result of await store.loadResults(document.id).catch(() => [])) {
      resultStore.put(result);
    }
  }
  performance.mark('mapwright:conversation-results-read');
  const conversation = new Conversation(document, now);
  if (!store) return { conversation };
  const writer = new ConversationWriter(store, conversation, options.onWriteError);
  writer.revision = revision;
  if (options.liveElsewhere) return { conversation, writer };
  // A stashed, recovered or migrated document is stored at once, so a second reload agrees; one that
  // opened as it was stored is not written again.
  const changed =
    fromStash ||
    base.run !== undefined ||
    document.turns !== base.turns ||
    document.agent !== base.agent ||
    (stored !== undefined && id !== undefined && !(await store.hasDocument(id)));
  if (changed) void writer.saveNow();
  return { conversation, writer, ...(unreadable ? { unreadable } : {}) };
}

/**
 * The stored document, or the one this tab stashed as it unloaded. When another tab stored a newer
 * revision since, the stash's turns that never reached storage are merged into it.
 */
async function readWithStash(
  store: ConversationStore,
  id: string,
  stashStorage?: Storage,
): Promise<{ document: ConversationDocument | undefined; revision: number; fromStash: boolean }> {
  const stash = stashed(id, stashStorage);
  const stashRevision = takeStashRevision(id, stashStorage);
  const read = await store.loadWithRevision(id);
  if (!stash) return { document: read?.document, revision: read?.revision ?? 0, fromStash: false };
  if (!read || read.revision <= stashRevision)
    return { document: stash, revision: read?.revision ?? 0, fromStash: true };
  const storedRuns = new Set(read.document.turns.map((turn) => turn.runId));
  const unstored = new Set(
    stash.turns.map((turn) => turn.runId).filter((run) => !storedRuns.has(run)),
  );
  // The turn this tab was running is newest in the stash: only the tab holding the turn's lock writes
  // it, so a stored revision past the stash's is this tab's own write that landed as the page went away
  // (an older step of the same turn: without this, a card the person saw would be lost to it).
  const liveIndex = stash.run?.turnIndex ?? stash.pendingApproval?.turnIndex;
  const live = liveIndex === undefined ? undefined : stash.turns[liveIndex]?.runId;
  const ran = live === undefined ? unstored : new Set([...unstored, live]);
  const merged = mergeConversation(read.document, stash, { ran, stored: new Set() });
  return {
    document: merged.document,
    revision: read.revision,
    fromStash: unstored.size > 0 || live !== undefined,
  };
}

function stashed(id: string, storage?: Storage): ConversationDocument | undefined {
  const stash = takeUnloadStash(id, storage);
  if (stash === undefined) return undefined;
  try {
    return parseConversationDocument(stash);
  } catch {
    return undefined;
  }
}
