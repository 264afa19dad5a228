// The conversation list: a sidebar beside the chat on a desktop, a drawer on a phone. New chat at the
// top, a search over titles and questions, and per conversation open, rename (in place: Enter saves,
// Esc cancels) and delete; a conversation that could not be read says so and offers Export raw and
// Delete. At the foot: the exports of the open conversation, Import, and how much of the browser's
// storage the app uses. Rows are kept by id, so a refresh never takes the focus away from the row the
// person is on. It renders only: the chat wiring reads and writes storage.
import { button, element } from '../ui/dom';
import { relativeDate } from './relative-date';
import type { ConversationSummary } from '../storage/conversation-store';
import './conversation-sidebar.css';

/** A conversation as the list shows it. */
export interface SidebarEntry extends ConversationSummary {
  /** Set when the stored conversation could not be read at all. */
  unreadable?: boolean;
}

/** What an unreadable conversation's entry says. */
export const UNREADABLE_CONVERSATION = 'This conversation could not be read.';

/** The files the sidebar's foot exports the open conversation as. */
export type ExportFormat = 'markdown' | 'json' | 'audit-log' | 'report';

/** What the sidebar's controls ask for. */
export interface ConversationSidebarActions {
  /** Opens a conversation; `query` is the search it was found by, to jump to the turn that holds it. */
  onOpen(id: string, query?: string): void;
  onNew(): void;
  onRename(id: string, title: string): void;
  onDelete(id: string): void;
  onExport(format: ExportFormat): void;
  /** Downloads a conversation that could not be read, as it is stored. */
  onExportRaw(id: string): void;
  /** A file the person chose to import. */
  onImport(file: File): void;
}

/** Below this width the sidebar is a drawer over the page. */
const PHONE_QUERY = '(max-width: 700px)';

/** Where the desktop sidebar's open state is remembered. */

interface Row {
  item: HTMLLIElement;
  open: HTMLButtonElement;
  title: HTMLElement;
  date: HTMLTimeElement;
  rename: HTMLButtonElement;
  remove: HTMLButtonElement;
  /** Export raw and Delete, shown while the conversation cannot be read. */
  rescue: HTMLElement;
  summary: SidebarEntry;
}

/** The list of conversations and its toggle. */
export class ConversationSidebar {
  /** The sidebar (or drawer). */
  readonly root: HTMLElement;
  /** The header button that opens and closes it. */
  readonly toggle: HTMLButtonElement;
  /** Dims the page behind the drawer on a phone; a click closes the drawer. */
  readonly backdrop = element('div', { className: 'mw-sidebar-backdrop' });
  private readonly search = element('input', {
    className: 'mw-sidebar-search',
    attributes: {
      type: 'search',
      placeholder: 'Search conversations',
      'aria-label': 'Search conversations',
    },
  });
  private readonly list = element('ul', {
    className: 'mw-sidebar-list',
    attributes: { role: 'list' },
  });
  private readonly empty = element('p', { className: 'mw-sidebar-empty' });
  private readonly usage = element('p', {
    className: 'mw-sidebar-usage',
    attributes: { role: 'status' },
  });
  private readonly importInput = element('input', {
    className: 'mw-visually-hidden mw-import-input',
    attributes: { type: 'file', accept: '.json,application/json', tabindex: '-1' },
  });
  private readonly rows = new Map<string, Row>();
  private summaries: SidebarEntry[] = [];
  private currentId = '';
  private editing: string | undefined;
  private readonly phone: MediaQueryList | undefined;

  constructor(
    private readonly actions: ConversationSidebarActions,
    /** Whether the person left the list open on a wide screen, and where a change is kept. */
    private readonly openState: { load(): boolean; save(open: boolean): void } = {
      load: () => false,
      save: () => undefined,
    },
  ) {
    this.phone = typeof matchMedia === 'function' ? matchMedia(PHONE_QUERY) : undefined;
    this.root = element('nav', {
      className: 'mw-sidebar',
      attributes: { id: 'mw-sidebar', 'aria-label': 'Conversations' },
      children: [
        element('div', {
          className: 'mw-sidebar-head',
          children: [
            button('New chat', () => this.choose(() => actions.onNew()), {
              className: 'mw-button mw-button-primary mw-new-chat',
            }),
            button('Close', () => this.setOpen(false, true), {
              className: 'mw-button mw-button-ghost mw-sidebar-close',
              ariaLabel: 'Close conversations',
            }),
          ],
        }),
        this.search,
        this.list,
        this.empty,
        element('div', {
          className: 'mw-sidebar-foot',
          attributes: { role: 'group', 'aria-label': 'Export this conversation' },
          children: [
            button('Export Markdown', () => actions.onExport('markdown'), {
              className: 'mw-button mw-button-ghost mw-export-md',
              title: 'This conversation as a Markdown file',
            }),
            button('Export JSON', () => actions.onExport('json'), {
              className: 'mw-button mw-button-ghost mw-export-json',
              title: 'This conversation as JSON, with its tool calls and results',
            }),
            button('Export report', () => actions.onExport('report'), {
              className: 'mw-button mw-button-ghost mw-export-report',
              title:
                'One HTML file that opens offline: questions, answers, each query with its SQL, decision, rows and charts, and the map',
            }),
            button('Export audit log', () => actions.onExport('audit-log'), {
              className: 'mw-button mw-button-ghost mw-export-audit',
              title:
                'Every tool call as CSV: what was proposed, what ran, who allowed it and how, and when',
            }),
            button('Import…', () => this.importInput.click(), {
              className: 'mw-button mw-button-ghost mw-import',
              ariaLabel: 'Import a conversation',
              title: 'A conversation exported as JSON, from this browser or another',
            }),
            this.importInput,
          ],
        }),
        this.usage,
      ],
    });
    this.usage.hidden = true;
    this.importInput.addEventListener('change', () => {
      const file = this.importInput.files?.[0];
      this.importInput.value = '';
      if (file) this.choose(() => actions.onImport(file));
    });
    this.toggle = button('Conversations', () => this.setOpen(!this.isOpen, true), {
      className: 'mw-button mw-button-ghost mw-sidebar-toggle',
    });
    this.toggle.setAttribute('aria-controls', 'mw-sidebar');
    this.search.addEventListener('input', () => this.applyFilter());
    this.backdrop.addEventListener('click', () => this.setOpen(false, true));
    this.root.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && !event.defaultPrevented && this.isOpen) {
        event.preventDefault();
        event.stopPropagation();
        this.setOpen(false, true);
      }
    });
    // A phone starts with the drawer closed; a desktop remembers the person's choice.
    this.setOpen(!this.isPhone && this.openState.load());
  }

  /** True while the list is shown. */
  get isOpen(): boolean {
    return this.root.dataset.open === 'true';
  }

  private get isPhone(): boolean {
    return this.phone?.matches ?? false;
  }

  /** Opens or closes the list; `byPerson` moves the focus (into the list, or back to the toggle). */
  setOpen(open: boolean, byPerson = false): void {
    this.root.dataset.open = String(open);
    this.backdrop.dataset.open = String(open);
    // The map's notice banner, in the same app, makes room for the list (conversation-sidebar.css).
    this.root.closest('.app')?.classList.toggle('mw-sidebar-shown', open);
    this.root.hidden = !open;
    this.toggle.setAttribute('aria-expanded', String(open));
    if (byPerson && !this.isPhone) this.openState.save(open);
    if (!byPerson) return;
    if (open) (this.rows.get(this.currentId)?.open ?? this.search).focus();
    else this.toggle.focus();
  }

  /** Shows how much of the browser's storage is used (and what happens when it is full). */
  setUsage(text: string | undefined): void {
    this.usage.hidden = !text;
    this.usage.textContent = text ?? '';
  }

  /** Shows `conversations` with `currentId` marked current. */
  render(conversations: SidebarEntry[], currentId: string, now = Date.now()): void {
    this.summaries = conversations;
    this.currentId = currentId;
    const seen = new Set<string>();
    conversations.forEach((summary) => {
      seen.add(summary.id);
      const row = this.rows.get(summary.id) ?? this.createRow(summary);
      row.summary = summary;
      if (this.editing !== summary.id) row.title.textContent = summary.title;
      row.date.textContent = relativeDate(summary.updatedAt, now);
      row.date.dateTime = new Date(summary.updatedAt).toISOString();
      row.rename.setAttribute('aria-label', `Rename ${summary.title}`);
      row.remove.setAttribute('aria-label', `Delete ${summary.title}`);
      row.item.classList.toggle('mw-sidebar-item-unreadable', summary.unreadable === true);
      row.rescue.hidden = summary.unreadable !== true;
      // The item is marked too: a `:has()` rule over the list would be checked on every change.
      row.item.classList.toggle('mw-sidebar-current', summary.id === currentId);
      if (summary.id === currentId) row.open.setAttribute('aria-current', 'page');
      else row.open.removeAttribute('aria-current');
    });
    for (const [id, row] of this.rows) {
      if (seen.has(id)) continue;
      row.item.remove();
      this.rows.delete(id);
    }
    // Moving a node takes the focus from it: reorder only when the order changed.
    const order = conversations.map((summary) => this.rows.get(summary.id)?.item);
    const inPlace = order.every((item, index) => this.list.children[index] === item);
    if (!inPlace) this.list.replaceChildren(...order.filter((item) => item !== undefined));
    this.applyFilter();
  }

  private createRow(summary: SidebarEntry): Row {
    const title = element('span', { className: 'mw-sidebar-title', text: summary.title });
    const date = element('time', { className: 'mw-sidebar-date' });
    const open = element('button', {
      className: 'mw-sidebar-open',
      attributes: { type: 'button' },
      children: [title, date],
    });
    open.addEventListener('click', () =>
      this.choose(() => {
        const query = this.search.value.trim();
        this.actions.onOpen(summary.id, query || undefined);
      }),
    );
    // Small glyphs keep the title readable; the accessible name (and the tooltip) says what they do.
    const rename = button('✎', () => this.startRename(summary.id), {
      className: 'mw-button mw-button-ghost mw-sidebar-rename',
      title: 'Rename',
    });
    const remove = button('✕', () => this.actions.onDelete(summary.id), {
      className: 'mw-button mw-button-ghost mw-sidebar-delete',
      title: 'Delete (can be undone)',
    });
    const rescue = element('div', {
      className: 'mw-sidebar-rescue',
      children: [
        element('p', { text: UNREADABLE_CONVERSATION }),
        button('Export raw', () => this.actions.onExportRaw(summary.id), {
          className: 'mw-button mw-button-ghost mw-export-raw',
          ariaLabel: `Export raw ${summary.title}`,
          title: 'The conversation as it is stored, as a JSON file',
        }),
        button('Delete', () => this.actions.onDelete(summary.id), {
          className: 'mw-button mw-button-ghost mw-delete-unreadable',
          ariaLabel: `Delete unreadable ${summary.title}`,
        }),
      ],
    });
    const item = element('li', {
      className: 'mw-sidebar-item',
      children: [
        open,
        element('div', { className: 'mw-sidebar-item-actions', children: [rename, remove] }),
        rescue,
      ],
    });
    item.dataset.id = summary.id;
    const row: Row = { item, open, title, date, rename, remove, rescue, summary };
    this.rows.set(summary.id, row);
    return row;
  }

  /** Runs a choice; on a phone the drawer closes after it, since the chat is what the person wants. */
  private choose(action: () => void): void {
    action();
    if (this.isPhone) this.setOpen(false);
  }

  private startRename(id: string): void {
    const row = this.rows.get(id);
    if (!row || this.editing) return;
    this.editing = id;
    const input = element('input', {
      className: 'mw-sidebar-rename-input',
      attributes: { type: 'text', 'aria-label': 'Conversation name (Enter saves, Esc cancels)' },
    });
    input.value = row.summary.title;
    let done = false;
    const finish = (save: boolean): void => {
      if (done) return;
      done = true;
      this.editing = undefined;
      const title = input.value.replace(/\s+/g, ' ').trim();
      input.replaceWith(row.open);
      if (save && title && title !== row.summary.title) {
        row.title.textContent = title;
        this.actions.onRename(id, title);
      }
      row.rename.focus();
    };
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        finish(true);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        finish(false);
      }
    });
    input.addEventListener('blur', () => finish(true));
    row.open.replaceWith(input);
    input.focus();
    input.select();
  }

  private applyFilter(): void {
    const query = this.search.value.trim().toLowerCase();
    let shown = 0;
    for (const summary of this.summaries) {
      const row = this.rows.get(summary.id);
      if (!row) continue;
      const matches =
        !query ||
        summary.title.toLowerCase().includes(query) ||
        (summary.questions ?? '').toLowerCase().includes(query);
      row.item.hidden = !matches;
      if (matches) shown += 1;
    }
    this.empty.hidden = shown > 0;
    this.empty.textContent = query ? 'No conversations match.' : 'No conversations yet.';
  }
}
