// The header's conversation tools: pick a conversation, start a new one, delete, export, open settings.
import { button, element } from './dom';
import type { ConversationSummary } from '../storage/conversation-store';

/** What the bar's controls ask for. */
export interface ConversationBarActions {
  onSwitch(id: string): void;
  onNew(): void;
  onDelete(id: string): void;
  onExport(format: 'markdown' | 'json'): void;
  onSettings(): void;
}

/** The conversation list and its actions. */
export class ConversationBar {
  /** The element that holds the bar. */
  readonly root: HTMLElement;
  private readonly select = element('select', {
    className: 'mw-conversations',
    attributes: { 'aria-label': 'Conversations' },
  });
  private currentId = '';

  constructor(private readonly actions: ConversationBarActions) {
    this.select.addEventListener('change', () => actions.onSwitch(this.select.value));
    this.root = element('div', {
      className: 'mw-conversation-bar',
      children: [
        this.select,
        button('New chat', () => actions.onNew(), {
          className: 'mw-button mw-new-chat',
          ariaLabel: 'Start a new conversation',
        }),
        button(
          'Delete',
          () => {
            if (this.currentId) actions.onDelete(this.currentId);
          },
          { className: 'mw-button mw-delete-chat', ariaLabel: 'Delete this conversation' },
        ),
        button('Export .md', () => actions.onExport('markdown'), {
          className: 'mw-button mw-export-md',
          ariaLabel: 'Export this conversation as Markdown',
        }),
        button('Export .json', () => actions.onExport('json'), {
          className: 'mw-button mw-export-json',
          ariaLabel: 'Export this conversation as JSON with tool calls and results',
        }),
        button('Settings', () => actions.onSettings(), {
          className: 'mw-button mw-open-settings',
          ariaLabel: 'Open the settings',
        }),
      ],
    });
  }

  /** Shows the list with `currentId` selected. */
  render(conversations: ConversationSummary[], currentId: string): void {
    this.currentId = currentId;
    this.select.replaceChildren(
      ...conversations.map((conversation) =>
        element('option', {
          text: `${conversation.title} (${new Date(conversation.updatedAt).toLocaleDateString()})`,
          attributes: { value: conversation.id },
        }),
      ),
    );
    this.select.value = currentId;
  }
}
