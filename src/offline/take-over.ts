// A newer version of the app, cached whole and waiting, takes over when a page opens with no other tab
// of the app: the page asks it to, and reloads into it before the app mounts. With another tab open
// the new version keeps waiting, since taking over would move that tab onto a build it did not load.
import { takeOverRequest } from './precache-manifest';

/** Where the app's tabs answer "is anyone there?". */
const channelName = 'mapwright-offline-tabs';
/**
 * How long a tab waits for another to answer. An idle tab answers within milliseconds, but one still
 * starting (its map, DuckDB and chat on a busy two-core machine) runs tasks of hundreds of
 * milliseconds first: 150 ms let a new version take over beside such a tab (offline-revisit failed so
 * once, the other tab booting). The wait is paid only when a new version waits and no tab answers,
 * once a deployment.
 */
const answerWaitMs = 1_000;
/** How long the page waits for the new version before it gives up and opens the one it has. */
const takeOverWaitMs = 5000;

/**
 * Answers other tabs' "is anyone there?" for as long as this page is open. Start it after
 * `takeOverWaitingVersion`: a channel hears the page's other channels, so it would answer its own page.
 */
export function answerOtherTabs(): void {
  if (typeof BroadcastChannel !== 'function') return;
  const channel = new BroadcastChannel(channelName);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (event.data === 'ping') channel.postMessage('here');
  };
}

/** True when another tab of the app answers in time. */
function otherTabOpen(): Promise<boolean> {
  if (typeof BroadcastChannel !== 'function') return Promise.resolve(true);
  return new Promise((resolve) => {
    const channel = new BroadcastChannel(channelName);
    const finish = (open: boolean): void => {
      clearTimeout(timer);
      channel.close();
      resolve(open);
    };
    const timer = setTimeout(() => finish(false), answerWaitMs);
    channel.onmessage = (event: MessageEvent<unknown>) => {
      if (event.data === 'here') finish(true);
    };
    channel.postMessage('ping');
  });
}

/**
 * Lets a waiting newer version take over and reloads into it; true when the page is reloading (the
 * caller mounts nothing). False, at once, when nothing waits or another tab is open.
 */
export async function takeOverWaitingVersion(): Promise<boolean> {
  if (!('serviceWorker' in navigator) || !window.isSecureContext) return false;
  const container = navigator.serviceWorker;
  if (!container.controller) return false;
  const waiting = (await container.getRegistration('./'))?.waiting;
  if (!waiting || (await otherTabOpen())) return false;
  const changed = new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), takeOverWaitMs);
    container.addEventListener(
      'controllerchange',
      () => {
        clearTimeout(timer);
        resolve(true);
      },
      { once: true },
    );
  });
  waiting.postMessage(takeOverRequest);
  if (!(await changed)) return false;
  location.reload();
  return true;
}
