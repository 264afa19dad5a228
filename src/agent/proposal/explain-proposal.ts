// The quick explanation: when the model proposes calls that need approval without a word for the person
// (no text, no `explanation` argument) and the publisher turned it on, one short second request to the
// same model asks what the calls do and why, for the approval card. No tools, few tokens, a few seconds;
// whatever goes wrong, the card shows as it would have without it. The answer lives on the proposal
// only, never in the history: the model did not say it in the conversation, and its next round should
// read only what it did say (a made-up assistant turn would also break providers that check turn order).
import { sideRequestText } from '../model/side-request-text';
import { redactSecrets } from '../redact/redact';
import type { ChatModel, Message, ModelRequest, ToolProposal } from '../types';

/** The most tokens the explanation may take: one or two sentences, with room for a short reasoning. */
export const EXPLANATION_MAX_TOKENS = 300;

/** How long the card waits for the explanation by default, in milliseconds. */
export const EXPLANATION_TIMEOUT_MS = 8_000;

/** What the request asks. */
export const EXPLANATION_QUESTION =
  'In one or two sentences, say for the person what this query does and why.';

const maximumCharacters = 600;
const maximumArgumentCharacters = 4_000;

/** True when the card would show no words of the model's for `proposal`: nothing said, no explanation. */
export function proposalLacksWords(proposal: ToolProposal): boolean {
  if (proposal.modelText?.trim()) return false;
  return !proposal.calls.some((proposed) => {
    const explanation = proposed.call.arguments.explanation;
    return typeof explanation === 'string' && explanation.trim() !== '';
  });
}

/**
 * The short request: the person's question for the "why", then each proposed call with its arguments
 * as the card shows them (secrets masked), and no tools.
 */
export function explanationRequest(proposal: ToolProposal, question?: string): ModelRequest {
  const calls = proposal.calls
    .map((proposed) => {
      const shown = JSON.stringify(proposed.displayArguments, null, 1);
      const cut =
        shown.length > maximumArgumentCharacters
          ? `${shown.slice(0, maximumArgumentCharacters)}…`
          : shown;
      return `Tool ${proposed.call.name}, arguments: ${cut}`;
    })
    .join('\n');
  const messages: Message[] = [
    {
      role: 'system',
      content:
        'You explain a proposed database query to the person who must approve it. Answer in plain ' +
        'words, in one or two short sentences, with no SQL, no lists and no tool calls.',
    },
    {
      role: 'user',
      content: [
        question?.trim() ? `The person asked: ${question.trim()}` : undefined,
        EXPLANATION_QUESTION,
        calls,
      ]
        .filter((part) => part !== undefined)
        .join('\n\n'),
    },
  ];
  return { messages, maxTokens: EXPLANATION_MAX_TOKENS };
}

/**
 * Streams the short request and returns its text, masked and bounded, or undefined when the model
 * failed, wrote nothing, or `signal` aborted (a timeout, a stop). Never throws.
 */
export async function askForExplanation(
  model: ChatModel,
  request: ModelRequest,
  signal: AbortSignal,
): Promise<string | undefined> {
  let text: string;
  try {
    text = await sideRequestText(model, request, signal);
  } catch {
    return undefined;
  }
  const line = text.replace(/\s+/g, ' ').trim();
  if (line === '') return undefined;
  const bounded =
    line.length > maximumCharacters ? `${line.slice(0, maximumCharacters - 1)}…` : line;
  return redactSecrets(bounded);
}
