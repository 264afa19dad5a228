// The conversations surface in the chat: the Conversations toggle and sidebar (the list from storage,
// deletes with their undo notice, exports, Import), conversation exports dropped on the chat, and the
// notice when a conversation could not be written.
import { MountedPieces, type Mounted } from '../ui/mounted';
import { acceptFileDrops } from '../uploads';
import { ConversationList, type ConversationListOptions } from './conversation-list';
import { writeErrorReporter } from './write-error-reporter';

/** What the conversations surface needs from the chat. */
export interface ConversationsDependencies extends Omit<ConversationListOptions, 'sidebarStorage'> {
  /** Where the sidebar's open state is kept (an embed's own namespace). */
  sidebarStorage: Storage;
  /** The element the Conversations toggle goes first in (the chat's header). */
  toggleHost: HTMLElement | null;
}

/** The mounted conversations surface. */
export interface MountedConversations extends Mounted {
  readonly list: ConversationList;
  /** Says, once a minute at most, that the conversation could not be written (the writer's callback). */
  reportWriteError(error: unknown): void;
  /** After the first conversation opened: completes interrupted deletes, drops old blank entries. */
  tidy(openId: string | undefined): void;
}

/** Mounts the conversation list into `chat` (the chat's root), its toggle into `toggleHost`. */
export function mountConversations(
  chat: HTMLElement,
  dependencies: ConversationsDependencies,
): MountedConversations {
  const pieces = new MountedPieces();
  const list = new ConversationList(dependencies);
  const { sidebar, toast } = list;
  dependencies.toggleHost?.prepend(sidebar.toggle);
  chat.append(sidebar.backdrop, sidebar.root, toast.root);
  pieces.add({
    destroy: () => {
      // A delete waiting for its Undo is made permanent, and its timer goes.
      toast.expire();
      for (const part of [sidebar.toggle, sidebar.backdrop, sidebar.root, toast.root])
        part.remove();
    },
  });
  // A conversation's JSON export dropped on the chat is imported.
  pieces.add(acceptFileDrops(chat, (file) => void list.importFile(file)));
  const reportWriteError = writeErrorReporter(
    (message) => dependencies.notify(message),
    () => void list.showStorage(),
  );
  return {
    list,
    reportWriteError,
    tidy: (openId) => {
      void list.resumeDeletes();
      // Empty entries older releases stored (one per New chat and failed open) leave the list.
      void dependencies.store
        ?.removeBlank(openId)
        .then((removed) => (removed > 0 ? list.refresh(true) : undefined))
        .catch(() => undefined);
    },
    destroy: () => pieces.destroy(),
  };
}
