// The results surface: how a call's table is read for its view (rows kept in the page's DuckDB paged
// from there), the actions on a result view (chart, draw, rows), and keeping a conversation's results
// with it. The views themselves are drawn in the chat's turns, each with its result's actions.
import { createResultActions } from './create-result-actions';
import { keepConversationResults } from './keep-conversation-results';
import { keptResultSource, tableResolver } from './kept-result-source';
import type { Conversation } from '../agent/conversation/conversation';
import type { DataEngine } from '../data/data-engine';
import type { ConversationStore } from '../storage/conversation-store';
import type { ChartSpec } from '../tools/chart/chart-spec';
import type { ResultStore } from '../tools/result-store';
import type { ToolRegistry } from '../tools/tool-registry';
import type { Mounted } from '../ui/mounted';
import type { ResultActions } from './result-actions';
import type { TableData } from './result-data';

/** What the results surface needs from the chat. */
export interface ResultsDependencies {
  registry: ToolRegistry;
  resultStore: ResultStore;
  /** The page's data engine, read at each use (the data side starts after the chat). */
  engine(): DataEngine | undefined;
  /** The person drew a chart of a result: it belongs to the conversation, under the table it charts. */
  onCharted(resultId: string, chart: ChartSpec): void;
}

/** The mounted results surface. */
export interface MountedResults extends Mounted {
  /** A call's data as the table its view shows, if it is one. */
  resolveTable(data: unknown): TableData | undefined;
  /** The buttons of a result view. */
  readonly actions: ResultActions;
  /** Stores `conversation`'s new results with it until `destroy()` of what it returns (or of all). */
  keep(conversation: Conversation, store: ConversationStore): Mounted;
}

/** Mounts the results surface for the views of the chat's turns. */
export function mountResults(dependencies: ResultsDependencies): MountedResults {
  const { registry, resultStore } = dependencies;
  const keptSource = (resultId: string) =>
    keptResultSource(dependencies.engine(), resultStore, resultId);
  const keeping = new Set<Mounted>();
  return {
    resolveTable: tableResolver(resultStore, keptSource),
    actions: createResultActions(registry, dependencies.onCharted, keptSource),
    keep: (conversation, store) => {
      const kept = keepConversationResults(conversation, store, resultStore);
      const piece: Mounted = {
        destroy: () => {
          keeping.delete(piece);
          kept.destroy();
        },
      };
      keeping.add(piece);
      return piece;
    },
    destroy: () => {
      for (const piece of [...keeping]) piece.destroy();
    },
  };
}
