// Tells the other tabs of this origin that a conversation was stored at a new revision, so a tab that
// shows it reads the new document. Without BroadcastChannel the other tabs see the change when they
// next write (the revision check) or open the conversation.

/** The channel's name. */
export const CONVERSATION_CHANNEL = 'mapwright-conversations';

/** A conversation stored at a new revision. */
export interface ConversationStored {
  conversationId: string;
  revision: number;
}

/** Posts and hears `ConversationStored` messages. */
export class ConversationChannel {
  private readonly channel: BroadcastChannel | undefined;

  constructor(name = CONVERSATION_CHANNEL) {
    this.channel = typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(name);
  }

  /** Tells the other tabs. */
  post(message: ConversationStored): void {
    this.channel?.postMessage(message);
  }

  /** Calls `listener` for every message another tab posts; returns the function that stops it. */
  subscribe(listener: (message: ConversationStored) => void): () => void {
    const channel = this.channel;
    if (!channel) return () => undefined;
    const handle = (event: MessageEvent<unknown>): void => {
      const data = event.data as Partial<ConversationStored> | null;
      if (typeof data?.conversationId === 'string' && typeof data.revision === 'number')
        listener({ conversationId: data.conversationId, revision: data.revision });
    };
    channel.addEventListener('message', handle);
    return () => channel.removeEventListener('message', handle);
  }

  /** Stops the channel. */
  close(): void {
    this.channel?.close();
  }
}
