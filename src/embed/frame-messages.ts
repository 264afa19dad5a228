// The host-page API for an app shown in a frame: the parent page may ask a question and hear the app's
// events through postMessage, but only a page the publisher allowed to frame the app
// (security.frameAncestors); messages from any other origin are ignored, and events go only to the
// allowed origin that asked for them.
import type { MapwrightHostEvent } from './host-events';

/** What a parent page may send. */
export type ParentMessage =
  { type: 'mapwright:ask'; question: string } | { type: 'mapwright:listen' };

/** Whether `origin` is one `frameAncestors` allows (`'self'`, an origin, or `https://*.host`). */
export function frameAncestorAllows(
  frameAncestors: readonly string[],
  origin: string,
  selfOrigin: string,
): boolean {
  let asked: URL;
  try {
    asked = new URL(origin);
  } catch {
    return false;
  }
  return frameAncestors.some((source) => {
    if (source === "'self'") return origin === selfOrigin;
    let allowed: URL;
    try {
      allowed = new URL(source.replace('://*.', '://wildcard.'));
    } catch {
      return false;
    }
    if (allowed.protocol !== asked.protocol || allowed.port !== asked.port) return false;
    if (!source.includes('://*.')) return allowed.hostname === asked.hostname;
    const suffix = allowed.hostname.slice('wildcard'.length);
    return asked.hostname.endsWith(suffix);
  });
}

function parentMessage(data: unknown): ParentMessage | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const message = data as { type?: unknown; question?: unknown };
  if (message.type === 'mapwright:listen') return { type: 'mapwright:listen' };
  if (message.type === 'mapwright:ask' && typeof message.question === 'string')
    return { type: 'mapwright:ask', question: message.question.slice(0, 10_000) };
  return undefined;
}

/**
 * Listens to the parent page when the app is framed; `send` posts an event to the allowed parent that
 * last wrote (nothing before one has). Returns undefined when the app is not in a frame.
 */
export function listenToParentFrame(options: {
  frameAncestors: readonly string[];
  ask(question: string): void;
}): { send(event: MapwrightHostEvent): void; stop(): void } | undefined {
  if (window.parent === window) return undefined;
  let parentOrigin: string | undefined;
  const onMessage = (event: MessageEvent): void => {
    if (event.source !== window.parent) return;
    if (!frameAncestorAllows(options.frameAncestors, event.origin, window.location.origin)) return;
    const message = parentMessage(event.data);
    if (!message) return;
    parentOrigin = event.origin;
    if (message.type === 'mapwright:ask') options.ask(message.question);
  };
  window.addEventListener('message', onMessage);
  return {
    send: (event) => {
      if (parentOrigin !== undefined) window.parent.postMessage(event, parentOrigin);
    },
    stop: () => window.removeEventListener('message', onMessage),
  };
}
