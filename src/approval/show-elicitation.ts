// The page's answer to a server asking the person for input: the request's form as a card in the chat,
// withdrawn (answered `cancel`) if the server stops waiting.
import { ElicitationCard } from './elicitation-card';
import type { ElicitationHandler } from '../mcp/forms/elicitation-request';

/**
 * A handler that shows each request as a card in `host()`, naming the server by its configured id and
 * host (never by the title it gives itself).
 */
export function showElicitation(host: () => HTMLElement): ElicitationHandler {
  return (request, signal) => {
    const card = new ElicitationCard(request);
    host().append(card.root);
    card.root.querySelector<HTMLElement>('input, select')?.focus();
    signal.addEventListener('abort', () => card.close(), { once: true });
    return card.answer;
  };
}
