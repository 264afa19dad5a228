// The page's answer to a server asking the person for input: the request's form as a card in the chat,
// withdrawn (answered `cancel`) if the server stops waiting.
import { ElicitationCard } from './elicitation-card';
import type { ElicitationHandler } from '../mcp/elicitation-request';
import type { McpHub } from '../mcp/mcp-hub';

/** A handler that shows each request as a card in `host()`, named after the server that asks. */
export function showElicitation(host: () => HTMLElement, hub: () => McpHub): ElicitationHandler {
  return (request, signal) => {
    const server = hub()
      .servers()
      .find((candidate) => candidate.id === request.serverId);
    const card = new ElicitationCard(
      request,
      server?.serverTitle ?? server?.name ?? request.serverId,
    );
    host().append(card.root);
    card.root.querySelector<HTMLElement>('input, select')?.focus();
    signal.addEventListener('abort', () => card.close(), { once: true });
    return card.answer;
  };
}
