// Opening a stored conversation after a reload: its turns, the agent snapshot, and a writer, with what
// the page stashed as it unloaded applied, and a turn cut off mid-stream recovered (both written back,
// so a second reload agrees).
import { parseAgentSnapshot } from '../agent/agent-snapshot';
import { ConversationWriter, takeUnloadStash } from './conversation-writer';
import { recoverCutOffStream } from './stream-recovery';
import type { AgentSnapshot } from '../agent/types';
import type { ConversationStore } from '../storage/conversation-store';
import type { TurnRecord } from './transcript';

/** A stored conversation, ready to show and continue. */
export interface LoadedConversation {
  turns: TurnRecord[];
  /** The agent's state; undefined for a new conversation or one whose snapshot cannot be read. */
  snapshot: AgentSnapshot | undefined;
  writer: ConversationWriter;
}

/** Loads conversation `id` from `store`. */
export async function loadConversation(
  store: ConversationStore,
  id: string,
): Promise<LoadedConversation> {
  const turns = (await store.loadTurns(id)) as TurnRecord[];
  let snapshot: AgentSnapshot | undefined;
  try {
    const saved = await store.loadSnapshot(id);
    snapshot = saved === undefined ? undefined : parseAgentSnapshot(saved);
  } catch {
    snapshot = undefined;
  }
  const writer = new ConversationWriter(store, id);
  const stash = takeUnloadStash(id);
  if (stash && stash.index >= 0 && stash.index <= turns.length) {
    // Newer than the stored records: what was on screen when the page went away.
    turns[stash.index] = stash.turn;
    writer.turnChanged(stash.index, stash.turn, true);
    if (stash.snapshot) {
      try {
        snapshot = parseAgentSnapshot(stash.snapshot);
        writer.snapshotChanged(snapshot);
      } catch {
        // A stash that cannot be read leaves the stored snapshot in place.
      }
    }
  }
  const last = turns.at(-1);
  const recovery = recoverCutOffStream(snapshot, last);
  if (recovery?.recovered && last) {
    snapshot = recovery.snapshot;
    writer.turnChanged(turns.length - 1, last, true);
    writer.snapshotChanged(recovery.snapshot);
  }
  return { turns, snapshot, writer };
}
