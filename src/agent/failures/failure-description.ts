// The words for every kind of failure: a short title, what happened in one sentence, what to do, and
// the one action that helps most. The chat's error box, the status line and Test connection read
// these, so a failure is told the same way everywhere and never twice in one message.
import type { FailureKind } from '../failure-kind';
import type { AgentErrorInfo } from '../types';

/** The button a failure offers first: Settings for what the person must fix, Retry for what may pass. */
export type FailureAction = 'settings' | 'retry';

/** A failure as the person reads it. */
export interface FailureDescription {
  kind: FailureKind;
  /** A few words, shown in bold. */
  title: string;
  /** What happened, in one sentence. */
  sentence: string;
  /** What to do next, in one sentence. */
  advice: string;
  action: FailureAction;
}

/** What a sentence may name: the HTTP status and the endpoint, when the failure has them. */
interface FailureFacts {
  status: number | undefined;
  endpoint: string;
  message: string;
}

const where = (facts: FailureFacts): string => facts.endpoint || 'the endpoint in Settings';
const http = (facts: FailureFacts): string =>
  facts.status === undefined ? '' : ` (HTTP ${facts.status})`;

/** The table: one entry per kind. */
export const FAILURE_TEXT: Record<
  FailureKind,
  {
    title: string;
    sentence(facts: FailureFacts): string;
    advice: string;
    action: FailureAction;
  }
> = {
  auth: {
    title: 'The API key was refused',
    sentence: (facts) =>
      `The model provider turned the request down${http(facts)}: the key is missing, wrong or has no access to this model.`,
    advice: 'Check the API key in Settings, then retry.',
    action: 'settings',
  },
  'not-found': {
    title: 'Model not found',
    sentence: (facts) =>
      `The server at ${where(facts)} does not know this model or path${http(facts)}.`,
    advice: 'Check the model name and the endpoint in Settings.',
    action: 'settings',
  },
  'rate-limit': {
    title: 'Too many requests',
    sentence: (facts) =>
      `The model provider is limiting how often this key may ask${http(facts)}, and it still was after the retries.`,
    advice: 'Wait a minute, then retry.',
    action: 'retry',
  },
  overloaded: {
    title: 'The model server is busy',
    sentence: (facts) =>
      `The model server was unavailable or overloaded${http(facts)}, and it still was after the retries.`,
    advice: 'Retry in a moment, or choose another model in Settings.',
    action: 'retry',
  },
  network: {
    title: 'Cannot reach the model',
    sentence: (facts) =>
      `Nothing answered at ${where(facts)}: the server may be down, the address wrong, or it does not allow requests from this page (CORS).`,
    advice:
      'Check the endpoint URL in Settings, and that the server is running and allows this origin.',
    action: 'settings',
  },
  offline: {
    title: 'The network is down',
    sentence: (facts) =>
      `This device is offline, so the request to ${where(facts)} could not leave the browser.`,
    advice:
      'Reconnect to the network, then retry. A model on this machine (Ollama, llama.cpp) still answers.',
    action: 'retry',
  },
  'blocked-by-policy': {
    title: 'Blocked by this page’s security policy',
    sentence: (facts) =>
      `The page’s Content-Security-Policy does not allow connections to ${where(facts)}, so the browser refused the request before sending it.`,
    advice:
      'Choose an allowed endpoint in Settings, or ask the publisher to add this origin to security.connectSrc in app-config.json and run `npm run headers -- dist` (no rebuild needed; see docs/configuration.md, "Publish").',
    action: 'settings',
  },
  timeout: {
    title: 'The model took too long',
    sentence: (facts) => `The model server did not answer in time${http(facts)}.`,
    advice: 'Retry, or choose a faster model in Settings.',
    action: 'retry',
  },
  'bad-response': {
    title: 'The model server refused the request',
    sentence: (facts) =>
      facts.status === undefined
        ? 'The model server sent an answer this page cannot read.'
        : `The model server turned the request down as invalid${http(facts)}.`,
    advice: 'Retry; if it happens again, check the provider and model in Settings.',
    action: 'retry',
  },
  'context-too-long': {
    title: 'The conversation is too long for this model',
    sentence: (facts) =>
      `The model cannot read this much at once${http(facts)}: the conversation and its results exceed its context window.`,
    advice: 'Start a new chat, or choose a model with a larger context window in Settings.',
    action: 'settings',
  },
  interrupted: {
    title: 'The answer was cut off',
    sentence: () =>
      'The model stopped streaming before the answer was complete; the text so far is kept above.',
    advice: 'Retry to ask again.',
    action: 'retry',
  },
  unknown: {
    title: 'Something went wrong',
    sentence: (facts) => facts.message || 'The turn failed for a reason this page cannot name.',
    advice: 'Retry; if it keeps failing, check Settings.',
    action: 'retry',
  },
};

/** How the chat tells this failure; errors stored before kinds existed read as `unknown`. */
export function describeFailure(info: AgentErrorInfo): FailureDescription {
  const kind = info.kind ?? 'unknown';
  const entry = FAILURE_TEXT[kind];
  const facts: FailureFacts = {
    status: info.status,
    endpoint: info.endpoint ?? '',
    message: info.message,
  };
  return {
    kind,
    title: entry.title,
    sentence: entry.sentence(facts),
    advice: entry.advice,
    action: entry.action,
  };
}
