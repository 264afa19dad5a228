// The conversation list's side of the chat: the sidebar's entries from storage (the open conversation
// as it is now, a blank one left out, one that could not be read marked so), delete with undo, the
// exports (and Export raw of an unreadable one), Import, and the storage line. The sidebar renders;
// this reads and writes storage.
import { isBlankConversation } from '../agent/conversation/blank-conversation';
import { redactArguments } from '../agent/redact/redact';
import { chartImage } from '../results';
import { heldDocumentCount, retryHeldDocuments } from '../storage/conversation-writer';
import { sidebarOpenState } from '../storage/sidebar-open';
import { askToPersist, storageSpace } from '../storage/storage-space';
import { renderMarkdown } from '../ui/markdown';
import { UndoToast } from '../ui/undo-toast';
import { auditLogCsv } from './audit-log';
import { ConversationDeletes } from './conversation-deletes';
import { ConversationSidebar, type ExportFormat, type SidebarEntry } from './conversation-sidebar';
import {
  conversationToJson,
  conversationToMarkdown,
  downloadText,
} from './export/export-conversation';
import { exportFileName } from './export/export-file-name';
import { importConversation } from './export/import-conversation';
import { conversationReportHtml } from './export/report-html';
import { storageUsageText } from './storage-usage';
import type { ConversationDocument } from '../agent/conversation/conversation-document';
import type { TableData } from '../results';
import type { ConversationStore } from '../storage/conversation-store';

/** What the list needs from the chat. */
export interface ConversationListOptions {
  store: ConversationStore | undefined;
  /** The conversation on screen. */
  current(): ConversationDocument | undefined;
  /** True while a turn runs (nothing else opens meanwhile). */
  busy(): boolean;
  /** Opens a conversation (a new, blank one for undefined). */
  open(id: string | undefined): Promise<void>;
  /** Renames the open conversation (through its reducer, so the writer stores it). */
  renameOpen(title: string): void;
  notify(message: string): void;
  resolveTable(data: unknown): TableData | undefined;
  /** Scrolls to the first turn that holds `query` and marks its words. */
  jumpTo?(query: string): void;
  /** The map's picture and credits for Export report (absent without a map). */
  report?: ReportSources;
  /** Where the list's open state is kept (an embed's own namespace; the page's localStorage by default). */
  sidebarStorage?: Storage;
}

/** What a report takes from the map: its picture as it is now, and its credits. */
export interface ReportSources {
  mapImage(): Promise<string | undefined>;
  attributions(): string[];
}

/** The sidebar, its deletes and its storage line, kept in step with storage. */
export class ConversationList {
  /** The sidebar the chat mounts. */
  readonly sidebar: ConversationSidebar;
  /** The undo notice of deletes. */
  readonly toast = new UndoToast();
  private readonly deletes: ConversationDeletes | undefined;
  /** Conversations found unreadable this visit, with the reason. */
  private readonly unreadable = new Map<string, string>();
  private listedKey = '';
  /** The conversation that was open when it was deleted: Undo opens it again. */
  private reopenOnUndo: string | undefined;
  private persistAsked = false;

  constructor(private readonly options: ConversationListOptions) {
    const { store } = options;
    this.deletes = store
      ? new ConversationDeletes(store, this.toast, {
          changed: () => this.refresh(true),
          restored: async (id) => {
            if (this.reopenOnUndo === id && !options.busy()) await options.open(id);
            else await this.refresh(true);
          },
          failed: (error) =>
            options.notify(`The conversation could not be deleted or restored: ${String(error)}`),
        })
      : undefined;
    this.sidebar = new ConversationSidebar(
      {
        onOpen: (id, query) => {
          // Found by a search: the turn that holds it is scrolled to and its words marked.
          const jump = (): void => {
            if (query) options.jumpTo?.(query);
          };
          if (id === options.current()?.id) return jump();
          if (options.busy() || !store) return;
          void options.open(id).then(jump);
        },
        onNew: () => {
          if (!options.busy()) void options.open(undefined);
        },
        onRename: (id, title) => void this.rename(id, title),
        onDelete: (id) => this.remove(id),
        onExport: (format) => void this.export(format),
        onExportRaw: (id) => void this.exportRaw(id),
        onImport: (file) => void this.importFile(file),
      },
      {
        load: () => sidebarOpenState.load(options.sidebarStorage),
        save: (open) => sidebarOpenState.save(open, options.sidebarStorage),
      },
    );
  }

  /** Marks `id` unreadable (its open failed): the list says so and offers Export raw and Delete. */
  markUnreadable(id: string, reason: string): void {
    this.unreadable.set(id, reason);
    void this.refresh(true);
  }

  /** Completes or offers again the deletes a reload interrupted. */
  resumeDeletes(): Promise<void> {
    return this.deletes?.resume() ?? Promise.resolve();
  }

  /** Shows the list as storage has it, with the open conversation as it is now. */
  async refresh(force = false): Promise<void> {
    const { store } = this.options;
    const document = this.options.current();
    if (!store || !document) return;
    const key = `${document.id}|${document.title}|${document.turns.length}`;
    if (key === this.listedKey && !force) return;
    this.listedKey = key;
    // The list comes from storage, which the writer may not have reached yet: the open conversation
    // is shown as it is now. A blank one is not stored, and not listed until its first question.
    const { id, title, createdAt, updatedAt } = document;
    const questions = document.turns.map((turn) => turn.userText).join('\n');
    const shown: SidebarEntry = { id, title, createdAt, updatedAt, questions };
    const summaries: SidebarEntry[] = (await store.list()).map((summary) =>
      this.unreadable.has(summary.id) ? { ...summary, unreadable: true } : summary,
    );
    const listed = summaries.some((summary) => summary.id === id)
      ? summaries.map((summary) => (summary.id === id ? shown : summary))
      : isBlankConversation(document)
        ? summaries
        : [shown, ...summaries];
    this.sidebar.render(listed, id);
    void this.showStorage(!isBlankConversation(document));
  }

  /** Updates the storage line; after a conversation is saved, asks the browser to keep storage. */
  async showStorage(saved = false): Promise<void> {
    const { store } = this.options;
    if (saved && !this.persistAsked) {
      this.persistAsked = true;
      await askToPersist();
    }
    // Space may have freed (a delete, another tab): conversations waiting for it are written now.
    if (store && heldDocumentCount() > 0) await retryHeldDocuments(store);
    const space = await storageSpace();
    this.sidebar.setUsage(space ? storageUsageText(space, heldDocumentCount()) : undefined);
  }

  /** Imports an exported conversation and opens it; a file that is not one gets one sentence. */
  async importFile(file: File): Promise<void> {
    const { store } = this.options;
    if (!store) {
      this.options.notify('Conversations cannot be imported: this browser keeps no storage here.');
      return;
    }
    const outcome = await importConversation(store, await file.text()).catch((error: unknown) => ({
      ok: false as const,
      problem: `The conversation could not be imported: ${String(error)}`,
    }));
    if (!outcome.ok) {
      this.options.notify(outcome.problem);
      return;
    }
    // The same export again is the conversation already imported: it opens, and nothing is copied.
    if (outcome.existing) {
      const where = this.options.busy() ? 'it is in Conversations' : 'it is opened';
      this.options.notify(`This conversation was imported before as “${outcome.title}”: ${where}.`);
      if (this.options.current()?.id === outcome.id || this.options.busy()) return;
      await this.options.open(outcome.id);
      return;
    }
    if (this.options.busy()) {
      this.options.notify(`Imported “${outcome.title}”: it is in Conversations.`);
      await this.refresh(true);
    } else await this.options.open(outcome.id);
  }

  private async rename(id: string, title: string): Promise<void> {
    if (this.options.current()?.id === id) {
      this.options.renameOpen(title);
      return;
    }
    await this.options.store?.rename(id, title);
    await this.refresh(true);
  }

  private remove(id: string): void {
    const { store } = this.options;
    if (!store || !this.deletes) return;
    const isOpen = this.options.current()?.id === id;
    if (isOpen && this.options.busy()) return;
    this.reopenOnUndo = isOpen ? id : undefined;
    this.unreadable.delete(id);
    // The open conversation is left first (its writer flushes), then the next one opens.
    const leave = async (): Promise<void> => {
      if (isOpen)
        await this.options.open(
          (await store.list()).find(
            (summary) => summary.id !== id && !this.unreadable.has(summary.id),
          )?.id,
        );
    };
    void this.deletes.remove(id, leave).then(() => this.showStorage());
  }

  private async export(format: ExportFormat): Promise<void> {
    const document = this.options.current();
    if (!document) return;
    const { resolveTable } = this.options;
    if (format === 'report') {
      const report = this.options.report;
      const html = await conversationReportHtml({
        title: document.title,
        createdAt: document.createdAt,
        turns: document.turns,
        resolveTable,
        drawChart: (spec) => chartImage(spec),
        ...(report ? { mapImage: await report.mapImage() } : {}),
        attributions: report?.attributions() ?? [],
        now: Date.now(),
        renderAnswer: (markdown) => renderMarkdown(markdown, { htmlAsText: true }),
      });
      downloadText(
        exportFileName(`${document.title} report`, document.createdAt, 'html'),
        html,
        'text/html',
      );
      return;
    }
    if (format === 'audit-log') {
      downloadText(
        exportFileName(`${document.title} audit log`, document.createdAt, 'csv'),
        auditLogCsv(document.turns),
        'text/csv',
      );
      return;
    }
    // Markdown waits for its charts to be drawn (the chart chunk loads on the first export).
    if (format === 'markdown') {
      const markdown = await conversationToMarkdown(document.title, document.turns, {
        resolveTable,
      });
      downloadText(
        exportFileName(document.title, document.createdAt, 'md'),
        markdown,
        'text/markdown',
      );
      return;
    }
    downloadText(
      exportFileName(document.title, document.createdAt, 'json'),
      conversationToJson(
        document.title,
        document.turns,
        [...document.agent.history],
        resolveTable,
        {
          map: document.map,
          createdAt: document.createdAt,
        },
      ),
      'application/json',
    );
  }

  /** The stored record of a conversation that cannot be read, masked like every export. */
  private async exportRaw(id: string): Promise<void> {
    const { store } = this.options;
    if (!store) return;
    const raw = await store.loadRaw(id).catch((error: unknown) => ({ error: String(error) }));
    const summary = await store.get(id);
    downloadText(
      exportFileName(
        `${summary?.title ?? 'conversation'} raw`,
        summary?.createdAt ?? Date.now(),
        'json',
      ),
      JSON.stringify(redactArguments(raw), null, 2),
      'application/json',
    );
  }
}
